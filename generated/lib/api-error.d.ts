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
