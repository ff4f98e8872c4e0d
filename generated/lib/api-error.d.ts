import type { Problem } from "./types.js";
import type { Redactor } from "./redaction.js";
export type { Redactor };
export interface ApiErrorInit {
    status: number;
    operation: string;
    problem?: Problem | undefined;
    text?: string | undefined;
    response: Response;
}
export declare class ApiError extends Error {
    readonly name = "ApiError";
    /** The HTTP status. */
    readonly status: number;
    /** Method and schema path, e.g. "GET /projects/{project_id}.json". */
    readonly operation: string;
    /** The parsed body when it was a JSON object (the service sends application/problem+json). */
    readonly problem?: Problem;
    /** The raw body when it was not JSON ("" when there was none). */
    readonly text?: string;
    /** The response itself (headers such as Retry-After or WWW-Authenticate); not enumerable, so
     * logging the error stays short. */
    readonly response: Response;
    constructor({ status, operation, problem, text, response }: ApiErrorInit);
}
/**
 * What unwrap needs of an openapi-fetch result. `error` is deliberately not declared: a declared
 * `error` member makes tsc compute openapi-fetch's error-union type at every call, which more than
 * doubles a consumer's type instantiations (bench/README.md, "Findings").
 */
export interface FetchResult<T> {
    data?: T;
    response: Response;
}
/**
 * The data of a successful call (undefined for 204 and other empty bodies), or throws ApiError.
 * Branches on the status, not on `error`: openapi-fetch leaves `error` undefined (or "") when a
 * failure has an empty body.
 */
export declare function unwrap<T>(result: FetchResult<T>): T;
/** openapi-fetch parses a failure's body as JSON when it can and keeps it as text otherwise. */
export declare function toApiError(body: unknown, response: Response): ApiError;
/** A copy of a parsed JSON value with every string (keys included) scrubbed. It walks the value rather
 * than its JSON text, where a secret holding `"` or `\` would appear escaped and be missed; and it
 * walks with a list, not recursion, because the depth is the server's to choose. */
export declare function redactJson(value: unknown, redact: Redactor): unknown;
/** A copy of `response` with another body (and, given, other status text, headers or URL); what the
 * Response constructor cannot set is kept as own properties: a fetched response's url, redirected
 * and type, and a status outside 200–599. */
export declare function copyResponse(response: Response, body: ReadableStream<Uint8Array> | null, { statusText, headers, url, }?: {
    statusText?: string;
    headers?: Headers | [string, string][];
    url?: string;
}): Response;
/** Keeps `release` (the attempt's timer) until the call that reads the body of `response` is done. */
export declare function guardUntilRead(response: Response, release: () => void): void;
declare const METHODS: readonly ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/**
 * Wraps the client's call methods. Once a call is done: the timer guarding a body it has read stops;
 * a failed response remembers its operation; what the call threw is scrubbed of the credential. A
 * wrapper rather than openapi-fetch middleware, which runs before the body is read (a parse error
 * would pass it by) and adds bookkeeping to every request.
 */
export declare function withErrorPath<C extends Record<(typeof METHODS)[number] | "request", unknown>>(client: C, redact: Redactor): C;
