// The reference sandbox over HTTP: node:http around the in-process sandbox's fetch function, behind
// Prism's validating proxy (itself behind the guard of scripts/prism-guard.mjs), which checks every answer against the description on the way out (a
// violation becomes a 500 listing it). Used by `npm run sandbox` (scripts/sandbox.mjs), the tests and
// the benchmarks; typed for them by sandbox-server.d.mts.
//
// Prism checks no request: the sandbox checks requests and credentials itself, from the same
// description, and answers bad input with the 400 problem that names the field and a bad credential
// with the description's 401 (Basic challenge included), which is what this server is for. Prism's
// own checks would answer first, with problems of their own: request validation is switched off with
// --validate-request=false, and its credential check (which the CLI always runs, and which answers a
// malformed Basic token with a 401 lacking the WWW-Authenticate challenge) by serving Prism a copy of
// the description without its `security` requirements. Responses are checked against the full
// description either way.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { createSandbox } from "../generated/lib/sandbox/index.js";
import { listen } from "./listen.mjs";
import { corsAllows, PREFLIGHT_HEADERS, refusedOriginDetail } from "../generated/lib/sandbox/cors.js";
import { MAX_BODY_BYTES } from "../generated/lib/sandbox/limits.js";
import { freePort, startPrismProcess } from "./prism-process.mjs";

export { freePort };

const root = new URL("..", import.meta.url).pathname;

/** Test control, for tests in other processes than the one holding the sandbox (vitest workers, say):
 * reset it and read the emails it sent, over HTTP. Only with the control token (`Authorization: Bearer
 * <token>`, printed by `npm run sandbox`), and never from a page of another origin: a browser's simple
 * request (a text/plain POST needs no preflight) must not reset a developer's sandbox. */
const CONTROL = {
  "POST /_sandbox/reset": (sandbox) => {
    sandbox.reset();
    return { status: 204 };
  },
  "GET /_sandbox/sent-emails": (sandbox) => ({ status: 200, body: sandbox.sentEmails() }),
};

const CONTROL_PATHS = new Set(Object.keys(CONTROL).map((key) => key.split(" ")[1]));

/** Methods the fetch API refuses to put in a Request. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** The sandbox's own answer, in its shape, for what the server refuses before the sandbox sees it. */
function sendProblem(outgoing, status, title, detail, headers = {}) {
  const body = JSON.stringify({ type: "about:blank", title, status, detail, instance: "" });
  outgoing
    .writeHead(status, {
      ...headers,
      "content-type": "application/problem+json",
      "content-length": Buffer.byteLength(body),
    })
    .end(body);
}

function control(incoming, outgoing, sandbox, token) {
  const handler = CONTROL[`${incoming.method} ${incoming.url}`];
  if (!handler || token === undefined) return false;
  if (incoming.headers.origin !== undefined) {
    sendProblem(outgoing, 403, "Forbidden", "The test-control endpoints refuse requests from web pages (an Origin header was sent).");
  } else if (!timingSafeEqualText(incoming.headers.authorization ?? "", `Bearer ${token}`)) {
    sendProblem(
      outgoing,
      401,
      "Unauthorized",
      "The test-control endpoints need the control token printed at start: Authorization: Bearer <token>.",
      { "www-authenticate": "Bearer" },
    );
  } else {
    const { status, body } = handler(sandbox);
    if (body === undefined) outgoing.writeHead(status).end();
    else outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
  return true;
}

function timingSafeEqualText(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Serves a sandbox (anything with a fetch(input, init) → Response) on node:http. Port 0: a free one.
 * With a controlToken, also the test-control endpoints above. Bodies over the limit get 413; a
 * client that goes away aborts the sandbox's work (its fetch gets the abort signal). Web pages: only
 * those `cors` allows (src/sandbox/cors.ts: loopback origins and the reference opened from disk, plus
 * `cors.origins`); any other is refused with 403, and an allowed one is named on every answer.
 */
export function serveSandbox(sandbox, { host = "127.0.0.1", port = 0, controlToken, cors = {} } = {}) {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const origin = incoming.headers.origin;
      if (origin !== undefined && !CONTROL[`${incoming.method} ${incoming.url}`]) {
        if (!corsAllows(origin, cors)) return sendProblem(outgoing, 403, "Forbidden", refusedOriginDetail(origin));
        outgoing.setHeader("access-control-allow-origin", origin);
        outgoing.setHeader("vary", "Origin");
        if (incoming.method === "OPTIONS" && incoming.headers["access-control-request-method"] !== undefined)
          return void outgoing.writeHead(204, PREFLIGHT_HEADERS).end();
      }
      if (control(incoming, outgoing, sandbox, controlToken)) return;
      if (Number(incoming.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
        outgoing.setHeader("connection", "close");
        return sendProblem(outgoing, 413, "Content Too Large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
      }
      const abort = new AbortController();
      outgoing.once("close", () => {
        if (!outgoing.writableFinished) abort.abort(new Error("the client went away"));
      });
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const url = `http://${host}${incoming.url}`;
      const headers = Object.entries(incoming.headers).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]],
      );
      const response = FORBIDDEN_METHODS.has(incoming.method)
        ? await sandbox.fetch(url, { method: incoming.method, headers }) // no Request can hold TRACE: the sandbox answers 405 itself
        : await sandbox.fetch(
            new Request(url, {
              method: incoming.method,
              headers,
              body: hasBody ? Readable.toWeb(incoming) : undefined,
              duplex: "half",
              signal: abort.signal,
            }),
          );
      // A refused body may still be arriving: answer, then close rather than read the rest.
      if (!incoming.complete) outgoing.setHeader("connection", "close");
      const answer = Object.fromEntries(response.headers);
      // The sandbox says "*" (it cannot know who asks); over HTTP the page's origin is named, or none.
      delete answer["access-control-allow-origin"];
      outgoing.writeHead(response.status, answer);
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      if (outgoing.destroyed) return; // the client went away
      if (outgoing.headersSent) return void outgoing.destroy();
      sendProblem(outgoing, 500, "Internal Server Error", `The sandbox's server failed: ${error?.name ?? "Error"}.`);
    }
  });
  return listen(server, port, host);
}

/**
 * Starts a sandbox, its HTTP server on a free port, and (unless proxy is false) Prism's validating
 * proxy in front of it, on `port` or a free one. Resolves when the proxy answers.
 */
export async function startSandbox({
  host = "127.0.0.1",
  port,
  proxy = true,
  sandbox: options = {},
  verboseLevel = "error",
  stdio = "pipe",
  document = `${root}generated/openapi.json`,
  controlToken = randomBytes(16).toString("hex"),
  onRestart,
  cors = {},
} = {}) {
  const sandbox = createSandbox(options);
  // Behind the proxy, the sandbox's own server stays on loopback whatever host the proxy is given.
  const upstream = await serveSandbox(sandbox, { host: proxy ? "127.0.0.1" : host, port: proxy ? 0 : (port ?? 0), controlToken, cors });
  if (!proxy)
    return {
      url: upstream.url,
      upstreamUrl: upstream.url,
      controlToken,
      sandbox,
      output: () => "",
      stop: upstream.close,
      exited: new Promise(() => {}),
    };
  try {
    const prism = await startPrismProcess({
      mode: "proxy",
      document,
      transform: withoutSecurityRequirements,
      args: [upstream.url, "--errors", "--validate-request=false"],
      host,
      port,
      verboseLevel,
      stdio,
      // Ready when the proxy passes a request through: a key no one is given, which the sandbox itself
      // refuses with its own 401 ("The API key is not valid."). A missing credential would not do (Prism
      // could answer it), nor would another server that took the port meanwhile.
      probe: { headers: { authorization: `Basic ${btoa("sandbox-readiness-probe:")}` } },
      ready: (response, body) => response.status === 401 && body.includes("The API key is not valid."),
      // The test control is the sandbox's own, past Prism (whose description has no such path): its
      // paths exactly, so nothing else reaches the sandbox without Prism's checks.
      bypass: (path) => (CONTROL_PATHS.has(path) ? upstream.url : undefined),
      onRestart,
      // Web pages: the guard answers with the sandbox's policy (Prism's own CORS echoes any origin).
      cors: (origin) => corsAllows(origin, cors),
    });
    return {
      url: prism.url,
      upstreamUrl: upstream.url,
      controlToken,
      sandbox,
      output: prism.output,
      exited: prism.exited,
      stop: async () => {
        await prism.stop();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
}

/** The description without `security` requirements (top level and per operation): see the top of the file. */
export function withoutSecurityRequirements(description) {
  const { security: _security, ...rest } = description;
  const paths = Object.fromEntries(
    Object.entries(rest.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => {
          if (value && typeof value === "object" && "security" in value) {
            const { security: _operationSecurity, ...operation } = value;
            return [key, operation];
          }
          return [key, value];
        }),
      ),
    ]),
  );
  return { ...rest, paths };
}
