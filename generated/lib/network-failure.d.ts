/**
 * The reason a fetch failed before any answer, e.g. "connection refused (ECONNREFUSED)"; undefined
 * when `error` is not such a failure (an abort, a timeout, an error of the service). The text is the
 * platform's, never the server's.
 */
export declare function networkFailureReason(error: unknown): string | undefined;
