/** RFC 9110's reason phrases: the `title` of every problem the project's servers write (the sandbox,
 * its HTTP server, the guard in front of Prism) and the status line the docs console shows. */
export const STATUS_TITLES = {
    200: "OK",
    201: "Created",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    413: "Content Too Large",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
};
/** A problem body (RFC 9457) as JSON text: what servers that are not the sandbox itself answer with. */
export function problemJson(status, detail, extra = {}) {
    return JSON.stringify({ type: "about:blank", title: STATUS_TITLES[status] ?? "Error", status, detail, ...extra });
}
/** The description caps a problem's `errors` at 100 entries. */
const MAX_FIELD_ERRORS = 100;
/** Declared on every response (Access-Control-Allow-Origin); the allowed origins are not documented. */
const COMMON_HEADERS = { "access-control-allow-origin": "*" };
/** Thrown by an operation to answer with a problem instead of its success response. `basis` says which
 * stated rule or which of the description's assumptions the refusal rests on (never sent: the contract
 * checker's model reads it, stated-rules.ts). */
export class ProblemError extends Error {
    status;
    detail;
    errors;
    basis;
    constructor(status, detail, errors, basis) {
        super(detail);
        this.status = status;
        this.detail = detail;
        this.errors = errors;
        this.basis = basis;
        this.name = "ProblemError";
    }
}
export function jsonResponse(status, body) {
    return new Response(JSON.stringify(body), { status, headers: { ...COMMON_HEADERS, "content-type": "application/json" } });
}
export function emptyResponse(status) {
    return new Response(null, { status, headers: COMMON_HEADERS });
}
export function problemResponse(error, instance, headers = {}) {
    const body = {
        type: "about:blank",
        title: STATUS_TITLES[error.status] ?? "Error",
        status: error.status,
        detail: error.detail,
        instance,
    };
    if (error.errors)
        body.errors = error.errors.slice(0, MAX_FIELD_ERRORS);
    return new Response(JSON.stringify(body), {
        status: error.status,
        headers: { ...COMMON_HEADERS, ...headers, "content-type": "application/problem+json" },
    });
}
