// Prism as a child process: the one launcher behind `npm run mock`, `npm run contract:proxy`
// (scripts/servers/prism.mjs), `npm run sandbox` (scripts/servers/sandbox-server.mjs) and the tests' mock and proxies
// (test/support/prism.ts). Users connect to the guard of scripts/servers/prism-guard.mjs, which refuses the
// requests that would kill Prism; Prism itself listens on a private loopback port (retrying, since
// Prism takes no port 0 and a freed port can be taken again). It serves a private snapshot of the
// document (Prism reloads a file that changes, dropping open connections), waits until Prism answers
// as the caller expects, restarts a Prism that died (not one stopped from outside: SIGTERM, SIGINT or
// SIGHUP, which ends the server), and stops it with its whole process group — also when whoever started
// it exits without stopping it, however it exits (prism-lifeline.cjs, preloaded into Prism).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowedMethods, basePathOf, startGuard } from "./prism-guard.mjs";
import { startUpstreamRelay } from "./upstream-relay.mjs";

const PRISM_ENTRY = new URL("../../node_modules/@stoplight/prism-cli/dist/index.js", import.meta.url).pathname;
const LIFELINE = new URL("./prism-lifeline.cjs", import.meta.url).pathname;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_KEPT = 20_000;
/** Prism's log line for a request the description has no operation for: the guard answers it in its own
 * words, and such a request (a checker's probe, a mistyped path) is refused by design, not a failure. */
const ROUTING_REFUSAL_LINE = /#NO_(PATH|METHOD)_MATCHED_ERROR\b/;
/** Restarts of a Prism that keeps dying, within a minute, before it is left stopped. */
const MAX_RESTARTS = 3;

/** How a Prism that someone asked to stop ends: it is not started again, and the server stops. A Prism
 * that crashed (an exit code, SIGABRT when out of memory) or was killed (SIGKILL) is started again. */
export const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * The end of a command serving Prism (`npm run mock`, `contract:proxy`, `sandbox`): waits until its
 * owner is gone (`ownerGone` resolves) or Prism ended for good (`server.exited`: stopped from outside,
 * or dying too often to be restarted), says which in one line after `name`, stops `server` and exits
 * (0 when the owner went, 1 otherwise). `farewell()`: a last line to say first (what it answered), or "".
 */
export async function stopWhenEnded(name, server, ownerGone, farewell = () => "") {
  const ended = await Promise.race([ownerGone.then(() => undefined), server.exited]);
  const last = farewell();
  if (last) console.error(`${name}: ${last}`);
  if (ended !== undefined)
    console.error(
      STOP_SIGNALS.includes(ended)
        ? `${name}: Prism was stopped from outside (${ended}); stopping too.`
        : `${name}: Prism kept exiting (last: ${ended}); stopping. Its last output is above.`,
    );
  await server.stop();
  process.exit(ended === undefined ? 0 : 1);
}

/** Prism's log levels (pino's, and "silent"): what its -v takes. */
export const PRISM_LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** A port the kernel just gave out and released. */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `prism <mode> <snapshot of document> <args…>` on a private loopback port behind the guard of
 * scripts/servers/prism-guard.mjs on host:port (default: a free port), and resolves once `ready` accepts
 * Prism's answer to `probe` (default: GET /groups.json, any answer). A port that cannot be listened on
 * rejects at once, before Prism starts, with the listen error (its `code`, e.g. EADDRINUSE). If Prism
 * exits on its own it is started again (`onRestart` is told why); after MAX_RESTARTS within a minute,
 * or when it was stopped from outside (one of STOP_SIGNALS), it is left stopped and `exited` resolves
 * with how it last ended.
 * @param {{ mode: "mock" | "proxy", document: string, transform?: (description: object) => object,
 *   args?: string[], host?: string, port?: number, verboseLevel?: string, stdio?: "pipe" | "inherit",
 *   probe?: { path?: string, headers?: Record<string, string> },
 *   ready?: (response: Response, body: string) => boolean, bypass?: (path: string) => string | undefined,
 *   timeoutMs?: number, onRestart?: (how: number | string) => void, cors?: (origin: string) => boolean }} options
 * `cors`: the guard answers CORS with this policy, and Prism's own CORS is switched off.
 */
export async function startPrismProcess({
  mode,
  document,
  transform,
  args = [],
  host = "127.0.0.1",
  port = 0,
  verboseLevel = "error",
  stdio = "pipe",
  probe = {},
  ready = () => true,
  bypass,
  timeoutMs,
  onRestart = () => {},
  cors,
  onAnswered,
}) {
  const text = readFileSync(document, "utf8");
  const served = transform ? transform(JSON.parse(text)) : parseOrNothing(text); // a YAML document: no Allow headers
  let current; // the running Prism: a promise, so that requests during a restart wait for it
  const guard = await startGuard({
    host,
    port,
    bypass,
    timeoutMs,
    gateway: mode === "proxy",
    allowed: allowedMethods(served),
    basePath: basePathOf(served),
    examplePath: Object.keys(served.paths ?? {}).find((path) => !path.includes("{")),
    target: async () => (await current).url,
    cors,
    onAnswered,
  });
  // A proxy reaches its upstream through the relay, which bounds the answers Prism would hold in memory
  // (not through an --upstream-proxy, which Prism would then use to reach the relay).
  const upstreamAt = mode === "proxy" && !args.includes("--upstream-proxy") ? args.findIndex((arg) => /^https?:\/\//.test(arg)) : -1;
  const relay =
    upstreamAt >= 0
      ? await startUpstreamRelay(args[upstreamAt]).catch(async (error) => {
          await guard.close();
          throw error;
        })
      : undefined;
  const prismArgs = [...(relay ? args.with(upstreamAt, relay.url) : args), ...(cors ? ["--cors=false"] : [])];
  const dir = mkdtempSync(join(tmpdir(), "pcs-prism-"));
  const snapshot = join(dir, "openapi.json");
  writeFileSync(snapshot, transform ? JSON.stringify(served) : text);
  const removeSnapshot = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeSnapshot);
  let output = "";
  let partial = ""; // a line Prism has not finished writing
  const keep = (chunk, prismUrl) => {
    const lines = (partial + String(chunk)).split(/(?<=\n)/);
    partial = lines.at(-1)?.endsWith("\n") ? "" : (lines.pop() ?? "");
    // Prism names its private address: users are told the guard's, the one they connect to.
    let shown = lines
      .filter((line) => !ROUTING_REFUSAL_LINE.test(line))
      .join("")
      .replaceAll(prismUrl, guard.url);
    if (shown === "") return;
    if (relay) shown = shown.replaceAll(relay.url, args[upstreamAt].replace(/\/$/, ""));
    output = (output + shown).slice(-OUTPUT_KEPT);
    if (stdio === "inherit") process.stdout.write(shown);
  };
  const launch = async () => {
    let lastError;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await startOnce(
          [PRISM_ENTRY, mode, snapshot, ...prismArgs, "-h", "127.0.0.1", "-p", String(await freePort()), "-v", verboseLevel],
          keep,
          probe,
          ready,
        );
      } catch (error) {
        if (error.stopped) throw error; // stopped from outside while starting: not to be tried again
        lastError = error; // most likely the port was taken between freePort() and Prism's listen
      }
    }
    throw lastError;
  };
  let stopping = false;
  let finish;
  const exited = new Promise((resolve) => {
    finish = resolve;
  });
  const restarts = [];
  let pid;
  const supervise = (prism) => {
    pid = prism.pid;
    void prism.exited.then(async (how) => {
      if (stopping) return;
      if (STOP_SIGNALS.includes(how)) return finish(how);
      restarts.push(Date.now());
      while (restarts[0] < Date.now() - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS) return finish(how);
      onRestart(how);
      current = launch();
      try {
        supervise(await current);
      } catch {
        finish(how);
      }
    });
  };
  const cleanUp = async () => {
    process.removeListener("exit", removeSnapshot);
    removeSnapshot();
    await Promise.all([guard.close(), relay?.close()]);
  };
  try {
    current = launch();
    supervise(await current);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    url: guard.url,
    basePath: basePathOf(served),
    get pid() {
      return pid;
    },
    output: () => output,
    exited,
    stop: async () => {
      stopping = true;
      await (await current.catch(() => undefined))?.stop();
      await cleanUp();
    },
  };
}

function parseOrNothing(text) {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

async function startOnce(args, keep, probe, ready) {
  const port = args[args.indexOf("-p") + 1];
  // detached: Prism leads its own process group, so stop() can signal it and whatever it forks.
  // process.execPath: Prism runs on the caller's Node.js (CI's Node 22/24 runs rely on it).
  // stdin: the lifeline's pipe (prism-lifeline.cjs), never written to; its end is this process's.
  const child = spawn(process.execPath, ["--require", LIFELINE, ...args], {
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  child.stdin.on("error", () => {}); // Prism gone: the pipe's end is of no more use
  let output = "";
  const collect = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT);
    keep(chunk, `http://127.0.0.1:${port}`);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const killOnExit = () => killGroup("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup("SIGTERM");
    const timer = setTimeout(() => killGroup("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, exited, probe, ready);
  } catch (error) {
    const how = child.exitCode ?? child.signalCode; // before stop(), which signals it itself
    await stop();
    throw Object.assign(new Error(`Prism ${args[1]} did not start: ${error.message}\n${output}`), {
      stopped: STOP_SIGNALS.includes(how),
    });
  }
  return { url, pid: child.pid, exited, stop };
}

/** Polls until Prism's answer to the probe is accepted; fails at once if Prism exits. */
async function waitUntilReady(url, exited, { path = "/groups.json", headers = {} }, ready) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error("Prism exited");
    try {
      const response = await fetch(`${url}${path}`, { headers, signal: AbortSignal.timeout(1_000) });
      if (ready(response, await response.text())) return;
      throw new Error(`unexpected answer ${response.status}`);
    } catch {
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
    }
  }
  throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
}
