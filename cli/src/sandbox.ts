// The sandbox from a terminal. `pcs sandbox` serves the reference sandbox over HTTP on 127.0.0.1 (the
// package's own server: the same keys, CORS policy and limits as `npm run sandbox`); `pcs --sandbox …`
// runs one command against an in-process sandbox whose state is kept in a file between commands, so
// a sequence can be tried with no account and no server; `pcs sandbox reset` forgets that state.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Sandbox } from "@project-collaboration/api/sandbox";
import type { Io } from "./main.js";

export const DEFAULT_SANDBOX_FILE = join(homedir(), ".pcs-sandbox.json");

export async function loadSandbox(file: string): Promise<Sandbox> {
  const { createSandbox } = await import("@project-collaboration/api/sandbox");
  if (!existsSync(file)) return createSandbox();
  try {
    return createSandbox({ seed: JSON.parse(readFileSync(file, "utf8")) });
  } catch {
    throw new Error(`the sandbox file ${file} cannot be read as a sandbox: remove it, or run pcs sandbox reset`);
  }
}

/** Written whole, then renamed: an interrupted command never leaves half a file. */
export function saveSandbox(file: string, sandbox: Sandbox): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(sandbox.snapshot()));
  renameSync(`${file}.tmp`, file);
}

export async function serveSandboxCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string" },
      "cors-origin": { type: "string", multiple: true },
      "sandbox-file": { type: "string" },
      help: { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.out(
      "Usage: pcs sandbox [--port 4011] [--host 127.0.0.1] [--cors-origin <origin>]…   serve the sandbox over HTTP\n       pcs sandbox reset [--sandbox-file <path>]                        forget the state of pcs --sandbox",
    );
    return 0;
  }
  if (positionals[0] === "reset") {
    const file = values["sandbox-file"] ?? DEFAULT_SANDBOX_FILE;
    rmSync(file, { force: true });
    io.err(`pcs: the sandbox in ${file} is back to its seed.`);
    return 0;
  }
  if (positionals.length)
    throw Object.assign(new Error(`sandbox takes no argument but reset, not ${positionals.join(" ")}`), { code: "ERR_PARSE_ARGS_USAGE" });
  const port = Number(values.port ?? 4011);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw Object.assign(new Error(`--port must be a port number, not ${JSON.stringify(values.port)}`), { code: "ERR_PARSE_ARGS_USAGE" });
  const { createSandbox, DEFAULT_API_KEYS } = await import("@project-collaboration/api/sandbox");
  const { serveSandbox, whenOwnerGone } = await import("@project-collaboration/api/sandbox/server");
  // Taken before the server starts: Ctrl-C, SIGTERM, or — under npx, whose `sh -c` passes no signal
  // on — the end of the process that started it.
  const ownerGone = whenOwnerGone();
  const served = await serveSandbox(createSandbox(), {
    port,
    host: values.host ?? "127.0.0.1",
    cors: { origins: values["cors-origin"] ?? [] },
  });
  io.out(
    [
      `Project Collaboration Service sandbox on ${served.url} — state lives until you stop it (Ctrl-C).`,
      `API keys (HTTP Basic user name, empty password): ${Object.keys(DEFAULT_API_KEYS).join(", ")}`,
      `Try: PCS_BASE_URL=${served.url} PCS_API_KEY=sandbox-admin-key pcs projects list`,
    ].join("\n"),
  );
  await ownerGone;
  await served.close();
  return 0;
}
