const origins = new WeakMap();
const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/**
 * Wraps the client's call methods so that a failed response remembers its operation ("GET
 * /projects/{project_id}.json": the path as the caller named it) and the redactor for its body.
 * A wrapper rather than openapi-fetch middleware, which adds bookkeeping to every request (an id, a
 * frozen options object, an await per hook: ~1.5% of a loopback request, bench/README.md); and only
 * failures are recorded, since only ApiError needs to know.
 */
export function recordOrigins(client, redact) {
    for (const method of METHODS) {
        const call = client[method];
        client[method] = async (path, init) => {
            const result = await call(path, init);
            if (!result.response.ok)
                origins.set(result.response, { operation: `${method} ${path}`, redact });
            return result;
        };
    }
    return client;
}
/** The origin of a response; for one from a client this package did not create, its URL path. */
export function originOf(response) {
    return origins.get(response) ?? { operation: urlPath(response.url), redact: (text) => text };
}
function urlPath(url) {
    try {
        return new URL(url).pathname;
    }
    catch {
        return "unknown operation";
    }
}
