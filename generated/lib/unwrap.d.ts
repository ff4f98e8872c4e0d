import { ApiError } from "./api-error.js";
/**
 * What unwrap needs of an openapi-fetch result. `error` is deliberately not declared: a declared
 * `error` member makes tsc compute openapi-fetch's error-union type at every call, which more than
 * doubled a consumer's type instantiations (bench/typecheck: 31,791 → 12,378 for all 16 operations).
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
