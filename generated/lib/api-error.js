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
/** The message names the call and the service's own explanation, never the request's headers. */
function describe(status, operation, problem, text) {
    const head = `${operation} failed with status ${status}`;
    if (problem)
        return `${head}: ${problem.title}${problem.detail ? ` — ${problem.detail}` : ""}`;
    if (text)
        return `${head} and a non-JSON body (${text.length} characters)`;
    return `${head} and an empty body`;
}
