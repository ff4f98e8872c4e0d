// Runs a program without blocking the worker (so several run side by side), with colours off and a
// time limit; output is stdout and stderr together.
import { spawn } from "node:child_process";

export interface Finished {
  status: number | null;
  output: string;
}

export function run(command: string, args: string[], cwd: string, timeoutMs = 150_000, env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", REDOCLY_TELEMETRY: "off", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
