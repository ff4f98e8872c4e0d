export type Redactor = (text: string) => string;
export declare const REDACTED = "[REDACTED]";
/** Shorter strings would match ordinary words and corrupt bodies; real API keys are far longer. */
export declare const MIN_REDACTED_LENGTH = 8;
export declare function createRedactor(secrets: readonly string[]): Redactor;
/** Scrubs a parsed JSON value, keeping it untouched (same object) when no secret occurs in it. */
export declare function redactJson<T>(value: T, redact: Redactor): T;
