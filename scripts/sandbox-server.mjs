// The reference sandbox over HTTP: node:http around the in-process sandbox's fetch function, behind
// Prism's validating proxy, which checks every answer against the description on the way out (a
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
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { createSandbox } from "../generated/lib/sandbox/index.js";
import { freePort, startPrismProcess } from "./prism-process.mjs";

export { freePort };

const root = new URL("..", import.meta.url).pathname;

/** Test control, on the sandbox's own server only (Prism's proxy refuses paths the description does
 * not have): tests in other processes than the one holding the sandbox (vitest workers, say) reset
 * it and read the emails it sent, over HTTP. */
const CONTROL = {
  "POST /_sandbox/reset": (sandbox) => {
    sandbox.reset();
    return new Response(null, { status: 204 });
  },
  "GET /_sandbox/sent-emails": (sandbox) => Response.json(sandbox.sentEmails()),
};

/** Serves a sandbox (anything with a fetch(Request) → Response) on node:http. Port 0: a free one. */
export function serveSandbox(sandbox, { host = "127.0.0.1", port = 0 } = {}) {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const control = CONTROL[`${incoming.method} ${incoming.url}`];
      if (control) {
        const response = control(sandbox);
        outgoing.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
        return;
      }
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const request = new Request(`http://${host}${incoming.url}`, {
        method: incoming.method,
        headers: Object.entries(incoming.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]])),
        body: hasBody ? Readable.toWeb(incoming) : undefined,
        duplex: "half",
      });
      const response = await sandbox.fetch(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { "content-type": "text/plain" }).end(`sandbox server: ${error}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({
        url: `http://${host}:${actual}`,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}

/**
 * Starts a sandbox, its HTTP server on a free port, and (unless proxy is false) Prism's validating
 * proxy in front of it, on `port` or a free one. Resolves when the proxy answers.
 */
export async function startSandbox({ host = "127.0.0.1", port, proxy = true, sandbox: options = {}, verboseLevel = "error", stdio = "pipe", document = `${root}generated/openapi.json` } = {}) {
  const sandbox = createSandbox(options);
  const upstream = await serveSandbox(sandbox, { host, port: proxy ? 0 : (port ?? 0) });
  if (!proxy) return { url: upstream.url, upstreamUrl: upstream.url, sandbox, output: () => "", stop: upstream.close, exited: new Promise(() => {}) };
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
    });
    return {
      url: prism.url,
      upstreamUrl: upstream.url,
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
      Object.fromEntries(Object.entries(item).map(([key, value]) => {
        if (value && typeof value === "object" && "security" in value) {
          const { security: _operationSecurity, ...operation } = value;
          return [key, operation];
        }
        return [key, value];
      })),
    ]),
  );
  return { ...rest, paths };
}
