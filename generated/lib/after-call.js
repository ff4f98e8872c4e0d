// What the client does once a call has finished — response received and body read: it stops the
// attempt's timer that guarded the body, and a failed response remembers its operation
// ("GET /projects/{project_id}.json", the path as the caller named it) for ApiError. When reading the
// body fails (a truncated or malformed body), the call throws before this runs and the timer is left
// to fire: it then aborts a request that is already over, which does nothing.
//
// A wrapper around the call methods rather than openapi-fetch middleware: middleware runs before the
// body is read, and adds bookkeeping to every request (an id, a frozen options object, an await per
// hook: ~1.5% of a loopback request, bench/README.md).
import { recordOrigin } from "./operation.js";
import { releaseBody } from "./timeout.js";
const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
export function afterEachCall(client, redact) {
    const done = (method, path, init, result) => {
        const { response } = result;
        // A streamed body is read by the caller after this returns, so its timer keeps guarding it;
        // a failure's body is read by openapi-fetch whatever parseAs says.
        if (init?.parseAs !== "stream" || !response.ok)
            releaseBody(response);
        if (!response.ok)
            recordOrigin(response, { operation: `${method.toUpperCase()} ${path}`, redact });
        return result;
    };
    for (const method of METHODS) {
        const call = client[method];
        client[method] = async (path, init) => done(method, path, init, await call(path, init));
    }
    // client.request("get", path, init): the same calls by another door.
    const request = client.request;
    client.request = async (method, path, init) => done(method, path, init, await request(method, path, init));
    return client;
}
