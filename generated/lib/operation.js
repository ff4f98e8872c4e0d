const origins = new WeakMap();
/** Client middleware: notes the method, schema path and redactor of every response. */
export function recordOrigin(redact) {
    return {
        onResponse({ request, schemaPath, response }) {
            origins.set(response, { operation: `${request.method} ${schemaPath}`, redact });
        },
    };
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
