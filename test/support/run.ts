// Runs a command-line tool of this package (from node_modules/.bin) and captures its output.
import { spawnSync } from "node:child_process";
import { repoRoot } from "./openapi.js";

export interface RunResult {
  status: number | null;
  output: string;
}

export function runBin(bin: string, args: string[]): RunResult {
  const result = spawnSync(`${repoRoot}node_modules/.bin/${bin}`, args, {
    cwd: repoRoot,
    encoding: "utf8",
    // spawnSync blocks the worker, so vitest's own timeout could never fire: a hung tool is killed here.
    timeout: 120_000,
    killSignal: "SIGKILL",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
