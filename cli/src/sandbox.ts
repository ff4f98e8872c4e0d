// The sandbox from a terminal. `pcs sandbox` serves the reference sandbox over HTTP on 127.0.0.1 (the
// package's own server: the same keys, CORS policy, limits and Host check as `npm run sandbox`);
// `pcs --sandbox …` runs one command against an in-process sandbox whose state is kept in a file
// between commands (state-file.ts: one writer at a time, never through a symbolic link, never over a
// newer state), so a sequence can be tried with no account and no server; `pcs sandbox reset` forgets
// that state.
import { homedir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Sandbox } from "@project-collaboration/api/sandbox";
import { SERVICE_BASE_PATH } from "./base-path.js";
import type { Io } from "./io.js";
import { readState, removeState, StateFileError, withStateLock, writeState } from "./state-file.js";

export const DEFAULT_SANDBOX_FILE = join(homedir(), ".pcs-sandbox.json");

/**
 * The sandbox of a state file, for one command. Reads use the state as it was when first needed; a
 * command that writes runs inside `write`, which holds the file's lock, reads the latest state, and
 * writes it back before the lock goes (so what the command prints has been kept).
 */
export class SandboxFile {
  #current: Sandbox | undefined;
  #create: typeof import("@project-collaboration/api/sandbox").createSandbox | undefined;
  /** The file's text when the state was read: written over only while it is still that. */
  #base: string | undefined;

  constructor(readonly file: string) {}

  /** The in-process sandbox's fetch, for the client. */
  readonly fetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    this.#current ??= await this.#load();
    return this.#current.fetch(input, init);
  };

  async #load(): Promise<Sandbox> {
    this.#create ??= (await import("@project-collaboration/api/sandbox")).createSandbox;
    const text = readState(this.file);
    this.#base = text;
    if (text === undefined) return this.#create();
    try {
      return this.#create({ seed: JSON.parse(text) });
    } catch {
      throw new StateFileError(`the sandbox file ${this.file} cannot be read as a sandbox: remove it, or run pcs sandbox reset`);
    }
  }

  /** Runs `work` (which sends the command's requests) on the latest state, under the file's lock, and keeps what it changed. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    this.#create ??= (await import("@project-collaboration/api/sandbox")).createSandbox; // before the lock: it takes a moment
    return withStateLock(this.file, async (lock) => {
      this.#current = await this.#load();
      const result = await work();
      writeState(this.file, JSON.stringify(this.#current.snapshot()), () => {
        lock.assertHeld();
        if (readState(this.file) !== this.#base)
          throw new StateFileError(
            `the sandbox file ${this.file} was changed by another command meanwhile: nothing was written; run the command again`,
          );
      });
      return result;
    });
  }
}

export async function serveSandboxCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string" },
      "cors-origin": { type: "string", multiple: true },
      "allow-null-origin": { type: "boolean" },
      "sandbox-file": { type: "string" },
      help: { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.out(
      [
        "Usage: pcs sandbox [options]          serve the sandbox over HTTP until Ctrl-C",
        "       pcs sandbox reset [--sandbox-file <path>]   forget the state of pcs --sandbox",
        "",
        "The reference sandbox on 127.0.0.1, under /public/api as the service (and at its root too), seeded with the",
        "description's examples; its state lives until it stops.",
        "",
        "Options:",
        "  -p, --port <port>        the port (default 4011)",
        "  --host <host>            the address to listen on (default 127.0.0.1; another is reachable by others: a warning)",
        "  --cors-origin <origin>…  web pages of this origin may call it too (repeatable; pages of this machine always may)",
        "  --allow-null-origin      pages that send Origin: null too: the reference opened from disk, but also any site's",
        "                           sandboxed iframe (so: every site)",
        `  --sandbox-file <path>    with reset: the state file to forget (default ${DEFAULT_SANDBOX_FILE})`,
        "  --help                   this help",
        "",
        "Examples:",
        "  pcs sandbox --port 4020",
        "  pcs sandbox reset",
      ].join("\n"),
    );
    return 0;
  }
  if (positionals[0] === "reset") {
    const file = values["sandbox-file"] ?? DEFAULT_SANDBOX_FILE;
    await withStateLock(file, () => removeState(file));
    io.err(`pcs: the sandbox in ${file} is back to its seed.`);
    return 0;
  }
  if (positionals.length)
    throw Object.assign(new Error(`sandbox takes no argument but reset, not ${positionals.join(" ").slice(0, 100)}`), {
      code: "ERR_PARSE_ARGS_USAGE",
    });
  const port = Number(values.port ?? 4011);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw Object.assign(new Error(`--port must be a port number, not ${JSON.stringify(values.port?.slice(0, 40))}`), {
      code: "ERR_PARSE_ARGS_USAGE",
    });
  const { createSandbox, corsOriginProblem, DEFAULT_API_KEYS, exposureWarning } = await import("@project-collaboration/api/sandbox");
  const origins = values["cors-origin"] ?? [];
  for (const origin of origins) {
    const problem = corsOriginProblem(origin);
    if (problem) throw Object.assign(new Error(problem), { code: "ERR_PARSE_ARGS_USAGE" });
  }
  const { serveSandbox, whenOwnerGone } = await import("@project-collaboration/api/sandbox/server");
  // Taken before the server starts: Ctrl-C, SIGTERM, or — under npx, whose `sh -c` passes no signal
  // on — the end of the process that started it.
  const ownerGone = whenOwnerGone();
  const host = values.host ?? "127.0.0.1";
  const cors = { origins, nullOrigin: values["allow-null-origin"] === true };
  const served = await serveSandbox(createSandbox(), { port, host, cors });
  const exposure = exposureWarning(host, "the sandbox with its published keys", { hostCheck: true });
  if (exposure) io.err(`pcs: ${exposure}`);
  io.out(
    [
      `Project Collaboration Service sandbox on ${served.url}${SERVICE_BASE_PATH} (as the service; at ${served.url}/ too) — state lives until you stop it (Ctrl-C).`,
      `API keys (HTTP Basic user name, empty password): ${Object.keys(DEFAULT_API_KEYS).join(", ")}`,
      `Try: PCS_BASE_URL=${served.url}${SERVICE_BASE_PATH} PCS_API_KEY=sandbox-admin-key pcs projects list`,
    ].join("\n"),
  );
  await ownerGone;
  await served.close();
  return 0;
}
