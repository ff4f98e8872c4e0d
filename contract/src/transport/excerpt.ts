// The start of a text a server sent, as a string of its own. V8 makes `text.slice(…)` a view into the
// whole text, so a 200-character excerpt of a 15 MB body kept in a failure message keeps the 15 MB
// alive for the run; an excerpt here is copied, so the body can go as soon as its check is done.

/** A copy of `text`, sharing no memory with it (lone surrogates kept as they are). */
export function copyOf(text: string): string {
  return Buffer.from(text, "utf16le").toString("utf16le");
}

/** At most `max` characters of `text`, copied, with "…" when something was cut. */
export function excerpt(text: string, max: number): string {
  return text.length > max ? `${copyOf(text.slice(0, max))}…` : copyOf(text);
}

/** The start of `bytes` decoded as UTF-8 (a new string), at most `maxBytes` of them. */
export function decodeStart(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.byteLength <= maxBytes) return new TextDecoder().decode(bytes);
  // `stream: true` leaves a character cut at the end undecoded rather than turning it into U+FFFD.
  return `${new TextDecoder().decode(bytes.subarray(0, maxBytes), { stream: true })}…`;
}
