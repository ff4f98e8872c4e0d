import type { Problem } from "./types.js";
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
