// The reference sandbox over HTTP (the package's serveSandbox, src/sandbox/server.ts) behind Prism's
// validating proxy (itself behind the guard of scripts/servers/prism-guard.mjs), which checks every answer
// against the description on the way out (a violation becomes a 500 listing it). Used by `npm run
// sandbox` (scripts/servers/sandbox.mjs), the tests and the benchmarks; typed for them by sandbox-server.d.mts.
//
// Prism checks no request: the sandbox checks requests and credentials itself, from the same
// description, and answers bad input with the 400 problem that names the field and a bad credential
// with the description's 401 (Basic challenge included), which is what this server is for. Prism's
// own checks would answer first, with problems of their own: request validation is switched off with
// --validate-request=false, and its credential check (which the CLI always runs, and which answers a
// malformed Basic token with a 401 lacking the WWW-Authenticate challenge) by serving Prism a copy of
// the description without its `security` requirements. Responses are checked against the full
// description either way.
import { randomBytes } from "node:crypto";
import { createSandbox } from "../../generated/lib/sandbox/index.js";
import { corsAllows } from "../../generated/lib/sandbox/cors.js";
import { CONTROL_PATHS, serveSandbox } from "../../generated/lib/sandbox/server.js";
import { freePort, startPrismProcess } from "./prism-process.mjs";

export { freePort, serveSandbox };

const root = new URL("../..", import.meta.url).pathname;

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
  onAnswered,
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
      onAnswered,
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
