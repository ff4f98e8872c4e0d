// `{ data, error, response }` → data, or a thrown ApiError.
import { ApiError } from "./api-error.js";
import { originOf } from "./operation.js";
import { redactJson } from "./redact.js";
import type { Problem } from "./types.js";

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
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok) return result.data as T;
  throw toApiError((result as { error?: unknown }).error, result.response);
}

/** openapi-fetch parses a failure's body as JSON when it can and keeps it as text otherwise. */
export function toApiError(body: unknown, response: Response): ApiError {
  const { operation, redact } = originOf(response);
  const common = { status: response.status, operation, response };
  if (body === undefined) return new ApiError({ ...common, text: "" });
  if (typeof body === "string") return new ApiError({ ...common, text: redact(body) });
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    return new ApiError({ ...common, problem: redactJson(body as Problem, redact) });
  }
  return new ApiError({ ...common, text: redact(JSON.stringify(body)) });
}
