export type Redactor = (text: string) => string;
export declare const REDACTED = "[REDACTED]";
/** A secret shorter than this is replaced only where it stands alone (no letter or digit on either
 * side): a one-letter key replaced inside every word would make each message unreadable, and show
 * which letter the key is. A real key is far longer and is replaced wherever it appears. */
export declare const MIN_EMBEDDED_SECRET_LENGTH = 8;
/**
 * Every form an API key travels or comes back in: itself in each case (as sent, upper, lower, swapped:
 * a server or proxy may change it); the Basic token made from it as user name ("key:") and as password
 * (":key"); each of those percent-encoded (as a URL or a form carries it); and the key escaped inside a
 * JSON string (a key with a quote or a backslash, echoed in a JSON body). A tool that sends keys of its
 * own making (the contract checker's wrong keys) passes each of them too.
 */
export declare function credentialForms(apiKey: string): string[];
export interface RedactorOptions {
    /** Whether a URL's user info is replaced too (the default); off where the question is only whether a
     * text holds one of `secrets` (a checker asking if a server echoed a key it sent). */
    urlUserInfo?: boolean;
}
export declare function createRedactor(secrets: readonly string[], options?: RedactorOptions): Redactor;
/** True when `url` parses and holds a user name or password. */
export declare function hasUserInfo(url: string): boolean;
/** A copy of a parsed JSON value with every string (keys included) scrubbed. It walks the value rather
 * than its JSON text, where a secret holding `"` or `\` would appear escaped and be missed; and it
 * walks with a list, not recursion, because the depth is the server's to choose. */
export declare function redactJson(value: unknown, redact: Redactor): unknown;
/** The response with the secrets scrubbed from its status text, URL and header values, and without the
 * headers whose name holds one (a name cannot carry the marker: "[" is not allowed in it, and a short
 * key can be part of an ordinary name such as keep-alive); the response itself when none holds one
 * (the usual case). Its body has been read already. */
export declare function redactResponse(response: Response, redact: Redactor): Response;
