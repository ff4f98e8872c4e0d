import { originOf } from "./call-tracking.js";
import { redactJson, redactResponse } from "./redaction.js";
import { safeCiText } from "./terminal-text.js";
export class ApiError extends Error {
    name = "ApiError";
    /** The HTTP status. */
    status;
    /** Method and schema path, e.g. "GET /projects/{project_id}.json". */
    operation;
    /** The parsed body when it was a JSON object (the service sends application/problem+json). */
    problem;
    /** The raw body when it was not JSON ("" when there was none). */
    text;
    constructor({ status, operation, problem, text, response }) {
        super(describe(status, operation, problem, text));
        this.status = status;
        this.operation = operation;
        if (problem !== undefined)
            this.problem = problem;
        if (text !== undefined)
            this.text = text;
        Object.defineProperty(this, "response", { value: response, enumerable: false });
    }
}
/** The message names the call and the service's own explanation, never the request's headers. Only
 * strings are quoted: a body may hold anything under `title`. The service's words are made safe for a
 * terminal and a CI log (an escape sequence or a workflow command shown, not acted on), since a message
 * is made to be printed; `problem` keeps them as they came. */
function describe(status, operation, problem, text) {
    const head = `${operation} failed with status ${status}`;
    if (problem) {
        const title = typeof problem.title === "string" ? safeCiText(problem.title) : "(no title)";
        const detail = typeof problem.detail === "string" && problem.detail ? ` — ${safeCiText(problem.detail)}` : "";
        return `${head}: ${title}${detail}`;
    }
    if (text)
        return `${head} and a non-JSON body (${text.length} characters)`;
    return `${head} and an empty body`;
}
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
    const common = { status: response.status, operation, response: redactResponse(response, redact) };
    if (body === undefined)
        return new ApiError({ ...common, text: "" });
    if (typeof body === "string")
        return new ApiError({ ...common, text: redact(body) });
    const kept = redactJson(body, redact);
    if (typeof kept === "object" && kept !== null && !Array.isArray(kept))
        return new ApiError({ ...common, problem: kept });
    return new ApiError({ ...common, text: JSON.stringify(kept) });
}
