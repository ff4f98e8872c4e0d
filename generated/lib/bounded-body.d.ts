/** Large enough for any answer of this API (a full page of 100 items is a few hundred kB), small
 * enough that even several calls to a hostile server at once stay far from exhausting memory. */
export declare const DEFAULT_MAX_RESPONSE_BYTES = 16777216;
/** Thrown by a call (or by reading a streamed body) whose response body is larger than `maxResponseBytes`. */
export declare class ResponseTooLargeError extends Error {
    /** The HTTP status of the response. */
    readonly status: number;
    /** The limit it went over: the client's `maxResponseBytes`. */
    readonly maxResponseBytes: number;
    readonly name = "ResponseTooLargeError";
    constructor(
    /** The HTTP status of the response. */
    status: number, 
    /** The limit it went over: the client's `maxResponseBytes`. */
    maxResponseBytes: number);
}
/** `response` with a body that errors once more than maxBytes arrive; `done` runs once the body has
 * been read, has failed or is cancelled — or at once when there is nothing to read. */
export declare function boundBody(response: Response, maxBytes: number, done: () => void): Response;
