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
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createSandbox } from "../generated/lib/sandbox/index.js";

const root = new URL("..", import.meta.url).pathname;
const PRISM_ENTRY = `${root}node_modules/@stoplight/prism-cli/dist/index.js`;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

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

/** A port the kernel just gave out and released (Prism takes no port 0, so its start may race: retried). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
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
  // Prism reloads a document that changes, dropping connections: it serves a private snapshot.
  const dir = mkdtempSync(join(tmpdir(), "pcs-sandbox-"));
  const snapshot = join(dir, "openapi.json");
  writeFileSync(snapshot, JSON.stringify(withoutSecurityRequirements(JSON.parse(readFileSync(document, "utf8")))));
  const removeSnapshot = () => rmSync(dir, { recursive: true, force: true });
  let lastError;
  for (let attempt = 0; attempt < (port === undefined ? 3 : 1); attempt++) {
    try {
      const prism = await startProxy(snapshot, upstream.url, host, port ?? (await freePort(host)), verboseLevel, stdio);
      return {
        url: prism.url,
        upstreamUrl: upstream.url,
        sandbox,
        output: prism.output,
        exited: prism.exited,
        stop: async () => {
          await prism.stop();
          await upstream.close();
          removeSnapshot();
        },
      };
    } catch (error) {
      lastError = error; // most likely the port was taken between freePort() and Prism's listen
    }
  }
  await upstream.close();
  removeSnapshot();
  throw lastError;
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

async function startProxy(document, upstreamUrl, host, port, verboseLevel, stdio) {
  const args = [PRISM_ENTRY, "proxy", document, upstreamUrl, "--errors", "--validate-request=false", "-h", host, "-p", String(port), "-v", verboseLevel];
  // detached: Prism leads its own process group, so stop() can signal it and whatever it forks.
  const child = spawn(process.execPath, args, { cwd: root, detached: true, stdio: ["ignore", stdio, stdio], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  let output = "";
  const keep = (chunk) => { output = (output + chunk).slice(-20_000); };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const killGroup = (signal) => { try { process.kill(-child.pid, signal); } catch { /* already gone */ } };
  const killOnExit = () => killGroup("SIGKILL");
  process.once("exit", killOnExit); // whoever started it dying must not leave Prism behind
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup("SIGTERM");
    const timer = setTimeout(() => killGroup("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://${host}:${port}`;
  try {
    await waitUntilProxying(url, exited);
  } catch (error) {
    await stop();
    throw new Error(`Prism proxy did not start on ${url}: ${error.message}\n${output}`);
  }
  return { url, output: () => output, stop, exited };
}

/** Polls until the proxy passes a request through: a key no one is given, which the sandbox itself
 * refuses with its own 401 problem ("The API key is not valid."). A missing credential would not do:
 * Prism answers that one itself. Another server that took the port meanwhile cannot pass either. */
async function waitUntilProxying(url, exited) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => { gone = true; });
  const probe = { authorization: `Basic ${btoa("sandbox-readiness-probe:")}` };
  while (Date.now() < deadline) {
    if (gone) throw new Error("Prism exited");
    try {
      const response = await fetch(`${url}/groups.json`, { headers: probe, signal: AbortSignal.timeout(1_000) });
      const body = await response.text();
      if (response.status === 401 && body.includes("The API key is not valid.")) return;
      throw new Error(`unexpected answer ${response.status}`);
    } catch {
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
    }
  }
  throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
}
