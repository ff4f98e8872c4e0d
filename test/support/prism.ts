// Starts Prism (mock or validating proxy) on a free port of 127.0.0.1, waits until it answers, and
// stops it with its whole process group. Used by the global setup (one mock for the whole run) and by
// the proxy test; nothing else should need to start one (see test/support/README.md).
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundlePath, repoRoot } from "./openapi.js";

const PRISM_ENTRY = `${repoRoot}node_modules/@stoplight/prism-cli/dist/index.js`;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_KEPT = 20_000;

export interface PrismOptions {
  /** The document to serve (default: the bundle); a snapshot of it is served, not the file itself. */
  document?: string;
  /** Arguments after the document: e.g. ["--errors"] for mock, or [upstreamUrl, "--errors"] for proxy. */
  args?: string[];
  /** Prism's own log level; "error" keeps the pipe quiet while still showing why a start failed. */
  verboseLevel?: string;
}

export interface RunningPrism {
  url: string;
  pid: number;
  /** The last lines Prism printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A port the kernel just gave out and released; Prism takes no port 0, so a start may race (retried). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Prism reloads its document whenever the file changes, dropping open connections; a build run by
 * someone else during the tests would then reset requests. It therefore serves a private snapshot.
 */
function snapshotOf(document: string): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "pcs-prism-"));
  const file = join(dir, "openapi.json");
  copyFileSync(document, file);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startPrism(mode: "mock" | "proxy", options: PrismOptions = {}): Promise<RunningPrism> {
  const snapshot = snapshotOf(options.document ?? bundlePath);
  process.once("exit", snapshot.remove);
  const removeSnapshot = () => {
    process.removeListener("exit", snapshot.remove);
    snapshot.remove();
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const prism = await startOnce(mode, snapshot.file, await freePort(), options);
      const stop = prism.stop;
      return { ...prism, stop: async () => { await stop(); removeSnapshot(); } };
    } catch (error) {
      lastError = error; // most likely the port was taken between freePort() and Prism's listen
    }
  }
  removeSnapshot();
  throw lastError;
}

async function startOnce(mode: string, document: string, port: number, options: PrismOptions): Promise<RunningPrism> {
  const args = [PRISM_ENTRY, mode, document, ...(options.args ?? []), "-h", "127.0.0.1", "-p", String(port), "-v", options.verboseLevel ?? "error"];
  // detached: Prism leads its own process group, so stop() can signal it and anything it forks.
  // process.execPath: Prism runs on the same Node.js as the tests (the Node 22/24 runs rely on it).
  const child = spawn(process.execPath, args, { cwd: repoRoot, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  let output = "";
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-OUTPUT_KEPT); };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => killGroup(child, "SIGKILL");
  process.once("exit", killOnExit); // the runner dying must not leave Prism behind either

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilAnswering(url, child, exited, mode === "mock");
  } catch (error) {
    await stop();
    throw new Error(`Prism ${mode} did not start on ${url}: ${(error as Error).message}\n${output}`);
  }
  return { url, pid: child.pid!, output: () => output, stop };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Polls until Prism answers; fails at once if it exits. The answer must be the description's 401
 * (with its Basic challenge) to a credential-less call, so that another server that took the port
 * between choosing it and Prism's listen cannot pass for the mock. A proxy's answers depend on its
 * upstream, so for a proxy any answer will do. */
async function waitUntilAnswering(url: string, child: ChildProcess, exited: Promise<void>, isMock: boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => { gone = true; });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`Prism exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const response = await fetch(isMock ? `${url}/groups.json` : url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (!isMock || (response.status === 401 && /^Basic\b/i.test(response.headers.get("www-authenticate") ?? ""))) return;
      throw new Error(`unexpected answer ${response.status} from ${url}`);
    } catch {
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
    }
  }
  throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
}
