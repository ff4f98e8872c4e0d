export type Redactor = (text: string) => string;
export declare const REDACTED = "[REDACTED]";
/** The forms an API key travels in: itself, the Basic token made from it (base64 of "key:"), and
 * itself escaped inside a JSON string (a key with a quote or a backslash, echoed in a JSON body). */
export declare function credentialForms(apiKey: string): string[];
export declare function createRedactor(secrets: readonly string[]): Redactor;
/** True when `url` parses and holds a user name or password. */
export declare function hasUserInfo(url: string): boolean;
