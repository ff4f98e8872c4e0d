import { ApiError } from "./api-error.js";
export interface FetchResult<T> {
    data?: T;
    error?: unknown;
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
