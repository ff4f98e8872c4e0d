// `npx @project-collaboration/contract`: main() with the process's arguments, environment and streams.
// An error nobody expected is one line too (no stack for a user to read), and exit code 2.
// Once main() has returned, the run is over and its reports are written: the process exits as soon as
// what it printed has been flushed, whatever a server still holds open (the transport ends every
// request it gives up on — transport.ts — and this is the last guard, not the cure).
import { main } from "./main.js";
import { progressLine } from "../reports/progress.js";

/** Resolves once everything written to `stream` so far has been handed to the system. */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));

// On a terminal the progress line is cleared before anything else is written (reports/progress.ts).
const progress = progressLine(process.stderr, process.env);
let code: number;
try {
  ({ code } = await main(process.argv.slice(2), process.env, {
    out: (text) => {
      progress.clear();
      process.stdout.write(`${text}\n`);
    },
    err: (text) => {
      progress.clear();
      process.stderr.write(`${text}\n`);
    },
    progress,
  }));
} catch (error) {
  progress.stop();
  process.stderr.write(`pcs-contract: stopped by an unexpected error: ${(error as Error)?.message ?? String(error)}\n`);
  code = 2;
}
process.exitCode = code;
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
