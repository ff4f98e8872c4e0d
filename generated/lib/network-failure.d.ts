/**
 * The reason a fetch failed before any answer, e.g. "connection refused (ECONNREFUSED)"; undefined
 * when `error` is not such a failure (an abort, a timeout, an error of the service). The text is the
 * platform's, never the server's.
 */
export declare function networkFailureReason(error: unknown): string | undefined;
/** A client's time limits, as createClient was given them (timeoutMs, retry.maxElapsedMs). */
export interface Limits {
    /** Per attempt, ms. */
    timeoutMs: number;
    /** Per call of a retried method, every attempt and wait included, ms. */
    maxElapsedMs: number;
}
/** The request a failure is about. */
export interface Attempted {
    method: string;
    url: string;
    /** How many times it was sent, when the caller counted. */
    attempts?: number;
}
/**
 * A call of the client that threw, in one line (`pcs` and the MCP server): a timeout names the URL
 * and the client's real limits, a network failure the URL and its cause (networkFailureReason). The
 * caller redacts the line and makes it safe for a terminal; the text of an unknown error is its own.
 */
export declare function failureLine(error: unknown, attempted: Attempted | undefined, limits: Limits): string;
