// The credential must never reach an error, even when a misbehaving server or proxy echoes the
// request's headers back in its body: bodies are scrubbed before they become part of an ApiError.
export const REDACTED = "[REDACTED]";
/** Shorter strings would match ordinary words and corrupt bodies; real API keys are far longer. */
export const MIN_REDACTED_LENGTH = 8;
export function createRedactor(secrets) {
    const present = secrets.filter((s) => s.length >= MIN_REDACTED_LENGTH);
    return (text) => present.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, REDACTED), text);
}
/** Scrubs every string (keys included) of a parsed JSON value. Walks the value rather than its JSON
 * text, where a secret holding `"` or `\` would appear escaped and be missed. */
export function redactJson(value, redact) {
    if (typeof value === "string")
        return redact(value);
    if (Array.isArray(value))
        return value.map((item) => redactJson(item, redact));
    if (value !== null && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), redactJson(item, redact)]));
    }
    return value;
}
