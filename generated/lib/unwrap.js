// `{ data, error, response }` → data, or a thrown ApiError.
import { ApiError } from "./api-error.js";
import { originOf } from "./operation.js";
import { redactJson } from "./redact.js";
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
    const { operation, redact } = originOf(response);
    const common = { status: response.status, operation, response };
    if (body === undefined)
        return new ApiError({ ...common, text: "" });
    if (typeof body === "string")
        return new ApiError({ ...common, text: redact(body) });
    if (typeof body === "object" && body !== null && !Array.isArray(body)) {
        return new ApiError({ ...common, problem: redactJson(body, redact) });
    }
    return new ApiError({ ...common, text: redact(JSON.stringify(body)) });
}
