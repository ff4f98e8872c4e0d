// Running other programs from a test, one helper per need: run() a program to its end and collect what
// it printed, without blocking the worker and killed at a time limit; runBin() for this package's own
// command-line tools (node_modules/.bin, colours off); startServer() for a program that keeps running
// until stopped, once it has printed that it is ready.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { repoRoot } from "./openapi.js";

export interface Finished {
  /** The exit code; null when a signal ended it (SIGKILL at the time limit). */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, in the order they arrived. */
  output: string;
}

export interface RunOptions {
  cwd?: string;
  /** The whole environment of the program (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long; the result then has signal "SIGKILL". Default 120 s. */
  timeoutMs?: number;
}

/** Runs a program to its end and collects its output. The worker's event loop stays free, so several
 * run side by side and vitest's own timeout can still fire. */
export function run(
  command: string,
  args: readonly string[],
  { cwd = repoRoot, env = process.env, timeoutMs = 120_000 }: RunOptions = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => ((stdout += chunk), (output += chunk)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => ((stderr += chunk), (output += chunk)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => (clearTimeout(timer), reject(error)));
    child.once("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, output });
    });
  });
}

/** This process's environment without npm's own variables (npm_config_prefix…), which would steer a
 * nested npm, and without any other variable `also` matches. */
export function envWithoutNpm(also?: RegExp): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && !also?.test(key)));
}

/** A command-line tool of this package (node_modules/.bin; `from` another folder's, relative to the
 * repository, such as the interop tools'), with colours and telemetry off; run from the repository
 * unless `cwd` says otherwise. */
export function runBin(
  bin: string,
  args: readonly string[],
  { from = "", ...options }: Omit<RunOptions, "env"> & { from?: string } = {},
): Promise<Finished> {
  return run(`${repoRoot}${from}node_modules/.bin/${bin}`, args, {
    ...options,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1", FORCE_COLOR: "0" },
  });
}

export interface Server {
  child: ChildProcess;
  /** The first match of `ready` in what it printed (e.g. its URL). */
  ready: string;
  /** Everything it printed so far, stdout and stderr. */
  printed(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (if it is still running) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a program that serves until stopped and waits until its output matches `ready`; rejects,
 * with what it printed, if it exits first. */
export async function startServer(
  command: string,
  args: readonly string[],
  { cwd = repoRoot, env = process.env, ready }: Omit<RunOptions, "timeoutMs"> & { ready: RegExp },
): Promise<Server> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const found = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: string) => {
      printed += chunk;
      const match = ready.exec(printed);
      if (match) resolve(match[0]);
    };
    child.stdout.setEncoding("utf8").on("data", collect);
    child.stderr.setEncoding("utf8").on("data", collect);
    child.once("error", reject);
    void exited.then((code) => reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${printed}`)));
  });
  return {
    child,
    ready: found,
    printed: () => printed,
    exited,
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A process and every process under it, as the kernel lists them now (Linux: /proc). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* gone already */
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The processes of `pids` that still run (an exited one nobody has reaped yet does not count). */
export function stillRunning(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  });
}

/** What each of `pids` runs (its command line), for failure messages. */
export function commandLines(pids: readonly number[]): string[] {
  return pids.map((pid) => {
    try {
      return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`;
    } catch {
      return `${pid} (gone)`;
    }
  });
}

/** Waits until none of `pids` runs, or `ms` have passed; returns the ones still running. */
export async function untilEnded(pids: readonly number[], ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (stillRunning(pids).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return stillRunning(pids);
}

/** Whether nothing listens on 127.0.0.1:`port` any more. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}
