// Prism as a child process: the one launcher behind `npm run sandbox` (scripts/sandbox-server.mjs) and
// the tests' mock and proxies (test/support/prism.ts). It serves a private snapshot of the document
// (Prism reloads a file that changes, dropping open connections), picks a free port when given none
// (retrying, since Prism takes no port 0 and a freed port can be taken again), waits until Prism
// answers as the caller expects, and stops it with its whole process group — also when whoever
// started it exits without stopping it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PRISM_ENTRY = new URL("../node_modules/@stoplight/prism-cli/dist/index.js", import.meta.url).pathname;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_KEPT = 20_000;

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
 * Starts `prism <mode> <snapshot of document> <args…>` and resolves once `ready` accepts an answer to
 * `probe` (default: GET /groups.json, any answer).
 * @param {{ mode: "mock" | "proxy", document: string, transform?: (description: object) => object,
 *   args?: string[], host?: string, port?: number, verboseLevel?: string, stdio?: "pipe" | "inherit",
 *   probe?: { path?: string, headers?: Record<string, string> },
 *   ready?: (response: Response, body: string) => boolean }} options
 */
export async function startPrismProcess({ mode, document, transform, args = [], host = "127.0.0.1", port, verboseLevel = "error", stdio = "pipe", probe = {}, ready = () => true }) {
  const dir = mkdtempSync(join(tmpdir(), "pcs-prism-"));
  const snapshot = join(dir, "openapi.json");
  const text = readFileSync(document, "utf8");
  writeFileSync(snapshot, transform ? JSON.stringify(transform(JSON.parse(text))) : text);
  const removeSnapshot = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeSnapshot);
  let lastError;
  for (let attempt = 0; attempt < (port === undefined ? 3 : 1); attempt++) {
    try {
      const prism = await startOnce([PRISM_ENTRY, mode, snapshot, ...args, "-h", host, "-p", String(port ?? (await freePort(host))), "-v", verboseLevel], host, stdio, probe, ready);
      return {
        ...prism,
        stop: async () => {
          await prism.stop();
          process.removeListener("exit", removeSnapshot);
          removeSnapshot();
        },
      };
    } catch (error) {
      lastError = error; // most likely the port was taken between freePort() and Prism's listen
    }
  }
  process.removeListener("exit", removeSnapshot);
  removeSnapshot();
  throw lastError;
}

async function startOnce(args, host, stdio, probe, ready) {
  const port = args[args.indexOf("-p") + 1];
  // detached: Prism leads its own process group, so stop() can signal it and whatever it forks.
  // process.execPath: Prism runs on the caller's Node.js (CI's Node 22/24 runs rely on it).
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", stdio, stdio], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  let output = "";
  const keep = (chunk) => { output = (output + chunk).slice(-OUTPUT_KEPT); };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const killGroup = (signal) => { try { process.kill(-child.pid, signal); } catch { /* already gone */ } };
  const killOnExit = () => killGroup("SIGKILL");
  process.once("exit", killOnExit);
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
    await waitUntilReady(url, exited, probe, ready);
  } catch (error) {
    await stop();
    throw new Error(`Prism ${args[1]} did not start on ${url}: ${error.message}\n${output}`);
  }
  return { url, pid: child.pid, output: () => output, exited, stop };
}

/** Polls until Prism's answer to the probe is accepted; fails at once if Prism exits. */
async function waitUntilReady(url, exited, { path = "/groups.json", headers = {} }, ready) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => { gone = true; });
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
