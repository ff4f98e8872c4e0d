// The sandbox over HTTP: node:http around a sandbox's fetch (`@project-collaboration/api/sandbox/server`,
// Node.js only). `npm run sandbox` (behind Prism, scripts/servers/sandbox-server.mjs), `pcs sandbox` and the
// tests serve it with this one function. It refuses, with the sandbox's own problems, what the sandbox
// must not see: a body over the limit (413), pages of other sites (src/sandbox/cors.ts), and, when it
// listens on loopback, requests addressed to any other host name (403: a page whose domain was rebound
// to 127.0.0.1; src/sandbox/loopback.ts); and it answers the test-control endpoints when given a token.
// A client that goes away aborts the sandbox's work.
import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { corsAllows, PREFLIGHT_HEADERS, refusedOriginDetail } from "./cors.js";
import { MAX_BODY_BYTES } from "./limits.js";
import { FOREIGN_HOST_DETAIL, isLoopbackHostHeader, isLoopbackName } from "./loopback.js";
import { problemJson, STATUS_TITLES } from "./problem.js";
import { FORBIDDEN_METHODS } from "./sandbox.js";
export { whenOwnerGone } from "./owner.js";
/** Test control, for tests in other processes: reset the sandbox and read the emails it sent. Never
 * from a web page (a browser's simple request needs no preflight). */
const CONTROL = {
    "POST /_sandbox/reset": (sandbox) => {
        sandbox.reset();
        return { status: 204 };
    },
    "GET /_sandbox/sent-emails": (sandbox) => ({ status: 200, body: sandbox.sentEmails() }),
};
/** The control endpoints' paths: only these bypass Prism in `npm run sandbox`. */
export const CONTROL_PATHS = new Set(Object.keys(CONTROL).map((key) => key.split(" ")[1]));
/** A problem in the sandbox's shape, for what the server answers before the sandbox sees the request. */
function sendProblem(outgoing, status, detail, headers = {}) {
    const body = problemJson(status, detail, { instance: "" });
    outgoing
        .writeHead(status, { ...headers, "content-type": "application/problem+json", "content-length": Buffer.byteLength(body) })
        .end(body);
}
const sameText = (a, b) => {
    const [left, right] = [Buffer.from(a), Buffer.from(b)];
    return left.length === right.length && timingSafeEqual(left, right);
};
function control(incoming, outgoing, sandbox, token) {
    const handler = CONTROL[`${incoming.method} ${incoming.url}`];
    if (!handler || token === undefined || !sandbox.reset || !sandbox.sentEmails)
        return false;
    if (incoming.headers.origin !== undefined)
        sendProblem(outgoing, 403, "The test-control endpoints refuse requests from web pages (an Origin header was sent).");
    else if (!sameText(incoming.headers.authorization ?? "", `Bearer ${token}`))
        sendProblem(outgoing, 401, "The test-control endpoints need the control token printed at start: Authorization: Bearer <token>.", {
            "www-authenticate": "Bearer",
        });
    else {
        const { status, body } = handler(sandbox);
        if (body === undefined)
            outgoing.writeHead(status).end();
        else
            outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
    return true;
}
/** Answers what node:http refuses before any handler runs (an unknown method, headers over 16 KB, a
 * request too slow) with a problem too, instead of its bare status line; and CONNECT, a request for a
 * tunnel that node:http would otherwise answer by dropping the connection. */
export function answerClientErrors(server) {
    server.on("clientError", (error, socket) => {
        if (!socket.writable || error.code === "ECONNRESET")
            return void socket.destroy();
        const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
        endWithProblem(socket, status, "The request is not HTTP this server can read.");
    });
    server.on("connect", (_request, socket) => endWithProblem(socket, 400, "CONNECT asks for a tunnel; this server is no proxy and answers requests for its own paths."));
}
function endWithProblem(socket, status, detail) {
    const body = problemJson(status, detail);
    socket.on("error", () => socket.destroy()); // a client that went away: nothing more to say
    socket.end(`HTTP/1.1 ${status} ${STATUS_TITLES[status]}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}
/** Listens, then resolves to { url, port, close }; rejects with the listen error (EADDRINUSE…). */
export function listen(server, port, host) {
    answerClientErrors(server);
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
            server.removeListener("error", reject);
            const { port: actual } = server.address();
            resolve({
                url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}`,
                port: actual,
                close: () => new Promise((done) => {
                    server.closeAllConnections();
                    server.close(() => done());
                }),
            });
        });
    });
}
/** Serves a sandbox (anything with a fetch(input, init) → Response) over HTTP. */
export function serveSandbox(sandbox, options = {}) {
    const { host = "127.0.0.1", port = 0, controlToken, cors = {} } = options;
    const loopback = isLoopbackName(host);
    const server = createServer(async (incoming, outgoing) => {
        try {
            if (loopback && !isLoopbackHostHeader(incoming.headers.host))
                return sendProblem(outgoing, 403, FOREIGN_HOST_DETAIL);
            const origin = incoming.headers.origin;
            if (origin !== undefined && !CONTROL[`${incoming.method} ${incoming.url}`]) {
                if (!corsAllows(origin, cors))
                    return sendProblem(outgoing, 403, refusedOriginDetail(origin));
                outgoing.setHeader("access-control-allow-origin", origin);
                outgoing.setHeader("vary", "Origin");
                if (incoming.method === "OPTIONS" && incoming.headers["access-control-request-method"] !== undefined)
                    return void outgoing.writeHead(204, PREFLIGHT_HEADERS).end();
            }
            if (control(incoming, outgoing, sandbox, controlToken))
                return;
            if (Number(incoming.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
                outgoing.setHeader("connection", "close");
                return sendProblem(outgoing, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
            }
            const abort = new AbortController();
            outgoing.once("close", () => {
                if (!outgoing.writableFinished)
                    abort.abort(new Error("the client went away"));
            });
            const method = incoming.method ?? "GET";
            const hasBody = method !== "GET" && method !== "HEAD";
            const url = `http://${host.includes(":") ? `[${host}]` : host}${incoming.url}`;
            const headers = Object.entries(incoming.headers).flatMap(([name, value]) => Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]]);
            const response = FORBIDDEN_METHODS.has(method)
                ? await sandbox.fetch(url, { method, headers }) // no Request can hold TRACE: the sandbox answers 405 itself
                : await sandbox.fetch(new Request(url, {
                    method,
                    headers,
                    body: hasBody ? Readable.toWeb(incoming) : null,
                    // @ts-expect-error -- Node's fetch needs `duplex` for a streamed body; the DOM types lack it
                    duplex: "half",
                    signal: abort.signal,
                }));
            // A refused body may still be arriving: answer, then close rather than read the rest.
            if (!incoming.complete)
                outgoing.setHeader("connection", "close");
            const answer = Object.fromEntries(response.headers);
            // The sandbox says "*" (it cannot know who asks); over HTTP the page's origin is named, or none.
            delete answer["access-control-allow-origin"];
            outgoing.writeHead(response.status, answer);
            outgoing.end(Buffer.from(await response.arrayBuffer()));
        }
        catch (error) {
            if (outgoing.destroyed)
                return; // the client went away
            if (outgoing.headersSent)
                return void outgoing.destroy();
            sendProblem(outgoing, 500, `The sandbox's server failed: ${error?.name ?? "Error"}.`);
        }
    });
    return listen(server, port, host);
}
