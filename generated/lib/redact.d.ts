export type Redactor = (text: string) => string;
export declare const REDACTED = "[REDACTED]";
/** Shorter strings would match ordinary words and corrupt bodies; real API keys are far longer. */
export declare const MIN_REDACTED_LENGTH = 8;
export declare function createRedactor(secrets: readonly string[]): Redactor;
/** Scrubs every string (keys included) of a parsed JSON value. Walks the value rather than its JSON
 * text, where a secret holding `"` or `\` would appear escaped and be missed. */
export declare function redactJson<T>(value: T, redact: Redactor): T;
