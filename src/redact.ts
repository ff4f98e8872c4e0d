// The credential must never reach an error, even when a misbehaving server or proxy echoes the
// request's headers back in its body: bodies are scrubbed before they become part of an ApiError.

export type Redactor = (text: string) => string;

export const REDACTED = "[REDACTED]";

/** Shorter strings would match ordinary words and corrupt bodies; real API keys are far longer. */
export const MIN_REDACTED_LENGTH = 8;

export function createRedactor(secrets: readonly string[]): Redactor {
  const present = secrets.filter((s) => s.length >= MIN_REDACTED_LENGTH);
  return (text) => present.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, REDACTED), text);
}

/** Scrubs a parsed JSON value, keeping it untouched (same object) when no secret occurs in it. */
export function redactJson<T>(value: T, redact: Redactor): T {
  const serialized = JSON.stringify(value);
  const scrubbed = redact(serialized);
  return scrubbed === serialized ? value : (JSON.parse(scrubbed) as T);
}
