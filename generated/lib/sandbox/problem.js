const TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    413: "Content Too Large",
    500: "Internal Server Error",
};
/** The description caps a problem's `errors` at 100 entries. */
const MAX_FIELD_ERRORS = 100;
/** Declared on every response (Access-Control-Allow-Origin); the allowed origins are not documented. */
const COMMON_HEADERS = { "access-control-allow-origin": "*" };
/** Thrown by an operation to answer with a problem instead of its success response. */
export class ProblemError extends Error {
    status;
    detail;
    errors;
    constructor(status, detail, errors) {
        super(detail);
        this.status = status;
        this.detail = detail;
        this.errors = errors;
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
        title: TITLES[error.status] ?? "Error",
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
