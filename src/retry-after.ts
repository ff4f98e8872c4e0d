// Retry-After (RFC 9110 §10.2.3) is either a number of seconds or an HTTP date.

/** Milliseconds to wait as asked by a Retry-After value, or undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always names a weekday; requiring a letter keeps "1.5" or "-3" from parsing as dates.
  if (!/^[A-Za-z]/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
