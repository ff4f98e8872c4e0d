// What a failed call becomes. A non-2xx answer becomes an ApiError (through unwrap) naming the
// operation ("GET /projects/{project_id}.json", the path as the caller named it), whatever its body;
// anything a call throws keeps its class. Either way the credential never reaches the error, even
// when a misbehaving server or proxy echoes the request's headers back in its body, its headers or
// its status line, or sends a 2xx body that is not JSON (the parser would quote it).
import type { Problem } from "./types.js";

import { originOf } from "./call-tracking.js";
import { redactJson, redactResponse } from "./redaction.js";
import { safeCiText } from "./terminal-text.js";

export interface ApiErrorInit {
  status: number;
  operation: string;
  problem?: Problem | undefined;
  text?: string | undefined;
  response: Response;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
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
  declare readonly response: Response;

  constructor({ status, operation, problem, text, response }: ApiErrorInit) {
    super(describe(status, operation, problem, text));
    this.status = status;
    this.operation = operation;
    if (problem !== undefined) this.problem = problem;
    if (text !== undefined) this.text = text;
    Object.defineProperty(this, "response", { value: response, enumerable: false });
  }
}

/** The message names the call and the service's own explanation, never the request's headers. Only
 * strings are quoted: a body may hold anything under `title`. The service's words are made safe for a
 * terminal and a CI log (an escape sequence or a workflow command shown, not acted on), since a message
 * is made to be printed; `problem` keeps them as they came. */
function describe(status: number, operation: string, problem: Problem | undefined, text: string | undefined): string {
  const head = `${operation} failed with status ${status}`;
  if (problem) {
    const title = typeof problem.title === "string" ? safeCiText(problem.title) : "(no title)";
    const detail = typeof problem.detail === "string" && problem.detail ? ` — ${safeCiText(problem.detail)}` : "";
    return `${head}: ${title}${detail}`;
  }
  if (text) return `${head} and a non-JSON body (${text.length} characters)`;
  return `${head} and an empty body`;
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
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok) return result.data as T;
  throw toApiError((result as { error?: unknown }).error, result.response);
}

/** openapi-fetch parses a failure's body as JSON when it can and keeps it as text otherwise. */
export function toApiError(body: unknown, response: Response): ApiError {
  const { operation, redact } = originOf(response);
  const common = { status: response.status, operation, response: redactResponse(response, redact) };
  if (body === undefined) return new ApiError({ ...common, text: "" });
  if (typeof body === "string") return new ApiError({ ...common, text: redact(body) });
  const kept = redactJson(body, redact);
  if (typeof kept === "object" && kept !== null && !Array.isArray(kept)) return new ApiError({ ...common, problem: kept as Problem });
  return new ApiError({ ...common, text: JSON.stringify(kept) });
}
