import { HTTP_METHODS } from "./methods.js";
import { callNoting } from "./caller-signal.js";
const records = new WeakMap();
/** Keeps `release` (the attempt's timer) until the call that reads the body of `response` is done. */
export function guardUntilRead(response, release) {
    records.set(response, { releaseBody: release });
}
/** The origin of a response; for one from a client this package did not create, its URL path. */
export function originOf(response) {
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
    for (const method of HTTP_METHODS) {
        const call = client[method];
        client[method] = (path, init) => finish(method, path, init, callNoting(Boolean(init?.signal), () => call(path, init)));
    }
    // client.request("get", path, init): the same calls by another door.
    const request = client.request;
    client.request = (method, path, init) => finish(method, path, init, callNoting(Boolean(init?.signal), () => request(method, path, init)));
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
