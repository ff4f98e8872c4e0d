// `npx @project-collaboration/contract`: main() with the process's arguments, environment and streams.
// An error nobody expected is one line too (no stack for a user to read), and exit code 2.
import { main } from "./main.js";

try {
  const { code } = await main(process.argv.slice(2), process.env, {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
  process.exitCode = code;
} catch (error) {
  process.stderr.write(`pcs-contract: stopped by an unexpected error: ${(error as Error)?.message ?? String(error)}\n`);
  process.exitCode = 2;
}
