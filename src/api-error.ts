// The one error a call answered with a non-2xx status turns into.
import type { Problem } from "./types.js";

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

/** The message names the call and the service's own explanation, never the request's headers. */
function describe(status: number, operation: string, problem: Problem | undefined, text: string | undefined): string {
  const head = `${operation} failed with status ${status}`;
  if (problem) return `${head}: ${problem.title}${problem.detail ? ` — ${problem.detail}` : ""}`;
  if (text) return `${head} and a non-JSON body (${text.length} characters)`;
  return `${head} and an empty body`;
}
