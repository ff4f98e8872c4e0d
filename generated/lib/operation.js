const origins = new WeakMap();
/** Remembers which operation produced a (failed) response, for the ApiError made from it. */
export function recordOrigin(response, origin) {
    origins.set(response, origin);
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
