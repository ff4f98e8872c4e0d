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
 * strings are quoted: a body may hold anything under `title`. */
function describe(status, operation, problem, text) {
    const head = `${operation} failed with status ${status}`;
    if (problem) {
        const title = typeof problem.title === "string" ? problem.title : "(no title)";
        return `${head}: ${title}${typeof problem.detail === "string" && problem.detail ? ` — ${problem.detail}` : ""}`;
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
/** Deeper than any problem the service sends; what lies deeper is replaced, so that the error can
 * still be logged and serialized (JSON.stringify recurses). */
const MAX_KEPT_DEPTH = 32;
const TOO_DEEP = "[nested too deeply]";
/** A copy of a parsed JSON value with every string (keys included) scrubbed. It walks the value rather
 * than its JSON text, where a secret holding `"` or `\` would appear escaped and be missed; and it
 * walks with a list, not recursion, because the depth is the server's to choose. */
export function redactJson(value, redact) {
    const pending = [];
    const copyOf = (item, depth) => {
        if (typeof item === "string")
            return redact(item);
        if (typeof item !== "object" || item === null)
            return item;
        if (depth > MAX_KEPT_DEPTH)
            return TOO_DEEP;
        const copy = Array.isArray(item) ? [] : {};
        pending.push([item, copy, depth]);
        return copy;
    };
    const root = copyOf(value, 0);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const [source, copy, depth] = next;
        if (Array.isArray(copy))
            for (const item of source)
                copy.push(copyOf(item, depth + 1));
        else {
            for (const [name, item] of Object.entries(source)) {
                // A data property even for "__proto__", which an assignment would take as the prototype.
                Object.defineProperty(copy, redact(name), { value: copyOf(item, depth + 1), enumerable: true, writable: true, configurable: true });
            }
        }
    }
    return root;
}
/** The response with the secrets scrubbed from its status text, URL and headers; the response itself
 * when none holds one (the usual case). Its body has been read already. */
function redactResponse(response, redact) {
    const headers = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    if (![response.statusText, response.url, ...headers.flat()].some((text) => redact(text) !== text))
        return response;
    return copyResponse(response, null, {
        statusText: redact(response.statusText),
        headers: headers.map(([name, value]) => [redact(name), redact(value)]),
        url: redact(response.url),
    });
}
/** A copy of `response` with another body (and, given, other status text, headers or URL); what the
 * Response constructor cannot set is kept as own properties: a fetched response's url, redirected
 * and type, and a status outside 200–599. */
export function copyResponse(response, body, { statusText = response.statusText, headers = response.headers, url = response.url, } = {}) {
    const { status } = response;
    const inRange = status >= 200 && status <= 599;
    const copy = new Response(body, { status: inRange ? status : 500, statusText, headers });
    Object.defineProperties(copy, { url: { value: url }, redirected: { value: response.redirected }, type: { value: response.type } });
    if (!inRange)
        Object.defineProperties(copy, { status: { value: status }, ok: { value: false } });
    return copy;
}
const records = new WeakMap();
/** Keeps `release` (the attempt's timer) until the call that reads the body of `response` is done. */
export function guardUntilRead(response, release) {
    records.set(response, { releaseBody: release });
}
/** The origin of a response; for one from a client this package did not create, its URL path. */
function originOf(response) {
    const { operation = urlPath(response.url), redact = (text) => text } = records.get(response) ?? {};
    return { operation, redact };
}
function urlPath(url) {
    try {
        return new URL(url).pathname;
    }
    catch {
        return "unknown operation";
    }
}
const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/**
 * Wraps the client's call methods. Once a call is done: the timer guarding a body it has read stops;
 * a failed response remembers its operation; what the call threw is scrubbed of the credential. A
 * wrapper rather than openapi-fetch middleware, which runs before the body is read (a parse error
 * would pass it by) and adds bookkeeping to every request.
 */
export function withErrorPath(client, redact) {
    const finish = async (method, path, init, pending) => {
        let result;
        try {
            result = await pending;
        }
        catch (error) {
            throw scrubbed(error, `${method.toUpperCase()} ${path}`, redact);
        }
        const { response } = result;
        // A streamed body is read by the caller after the call returns, so its timer keeps guarding it;
        // a failure's body is read by openapi-fetch whatever parseAs says.
        if (init?.parseAs !== "stream" || !response.ok)
            records.get(response)?.releaseBody?.();
        if (!response.ok)
            records.set(response, { operation: `${method.toUpperCase()} ${path}`, redact });
        return result;
    };
    for (const method of METHODS) {
        const call = client[method];
        client[method] = (path, init) => finish(method, path, init, call(path, init));
    }
    // client.request("get", path, init): the same calls by another door.
    const request = client.request;
    client.request = (method, path, init) => finish(method, path, init, request(method, path, init));
    return client;
}
/** What a call threw, without the credential. A JSON parse error quotes the body, so a key at the start
 * of a 2xx body would leak in part: it is replaced by one that quotes nothing. */
function scrubbed(error, operation, redact) {
    if (error instanceof SyntaxError)
        return new SyntaxError(`${operation}: the response body is not valid JSON`);
    // The error and its causes (a network error's cause, say), each once.
    const seen = new Set();
    for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
        seen.add(current);
        for (const key of ["message", "stack"]) {
            const text = current[key];
            if (typeof text === "string" && redact(text) !== text) {
                Object.defineProperty(current, key, { value: redact(text), writable: true, configurable: true, enumerable: false });
            }
        }
    }
    return error;
}
