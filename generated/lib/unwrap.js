// `{ data, error, response }` → data, or a thrown ApiError.
import { ApiError } from "./api-error.js";
import { operationOf } from "./operation.js";
/**
 * The data of a successful call (undefined for 204 and other empty bodies), or throws ApiError.
 * Branches on the status, not on `error`: openapi-fetch leaves `error` undefined (or "") when a
 * failure has an empty body.
 */
export function unwrap(result) {
    if (result.response.ok)
        return result.data;
    throw toApiError(result.error, result.response);
}
/** openapi-fetch parses a failure's body as JSON when it can and keeps it as text otherwise. */
export function toApiError(body, response) {
    const common = { status: response.status, operation: operationOf(response), response };
    if (body === undefined)
        return new ApiError({ ...common, text: "" });
    if (typeof body === "string")
        return new ApiError({ ...common, text: body });
    if (typeof body === "object" && !Array.isArray(body))
        return new ApiError({ ...common, problem: body });
    return new ApiError({ ...common, text: JSON.stringify(body) });
}
