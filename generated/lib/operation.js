const operations = new WeakMap();
/** Client middleware: notes the method and schema path of every response. */
export const recordOperation = {
    onResponse({ request, schemaPath, response }) {
        operations.set(response, `${request.method} ${schemaPath}`);
    },
};
/** The operation of a response, or its URL path when it came from another client. */
export function operationOf(response) {
    const known = operations.get(response);
    if (known)
        return known;
    try {
        return new URL(response.url).pathname;
    }
    catch {
        return "unknown operation";
    }
}
