// `pcs`: every operation of the description as a command. A function of its arguments, environment and
// streams (so tests call it without a process) that resolves to the exit code: 0 done, 1 the service
// answered with an error, 2 a usage mistake (one line each, never a stack trace).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { completion } from "./completion.js";
import { FORMATS, render, type Format } from "./format.js";
import { commandHelp, globalHelp } from "./help.js";
import { DEFAULT_SANDBOX_FILE, loadSandbox, saveSandbox, serveSandboxCommand } from "./sandbox.js";
import { commandTable, type Command, type Value } from "./table.js";

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal: tables, and questions before destroying anything. */
  isTTY: boolean;
  /** Asks on the terminal; resolves true only for yes. */
  confirm(question: string): Promise<boolean>;
  /** All of stdin (for --body -). */
  readStdin(): Promise<string>;
}

export class UsageError extends Error {
  override name = "UsageError";
}

const GLOBAL_OPTIONS = {
  "base-url": { type: "string" },
  format: { type: "string" },
  fields: { type: "string" },
  all: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  debug: { type: "boolean" },
  body: { type: "string" },
  sandbox: { type: "boolean" },
  "sandbox-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** A flag's or argument's value, checked against its type and bounds before anything is sent. */
function typed(what: string, raw: string, value: Value): string | number | boolean {
  if (value.type === "integer" || value.type === "number") {
    const number = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(number) || (value.type === "integer" && !Number.isInteger(number)))
      throw new UsageError(
        `${what} must be ${value.type === "integer" ? "an integer" : "a number"}, not ${JSON.stringify(raw.slice(0, 40))}`,
      );
    if (value.minimum !== undefined && number < value.minimum)
      throw new UsageError(`${what} must be at least ${value.minimum}, not ${number}`);
    if (value.maximum !== undefined && number > value.maximum)
      throw new UsageError(`${what} must be at most ${value.maximum}, not ${number}`);
    return number;
  }
  if (value.type === "boolean") {
    if (raw !== "true" && raw !== "false") throw new UsageError(`${what} must be true or false, not ${JSON.stringify(raw.slice(0, 40))}`);
    return raw === "true";
  }
  return raw;
}

function findCommand(words: string[], commands: Command[]): Command {
  const name = words.slice(0, 2).join(" ");
  const found = commands.find((c) => c.name === name);
  if (found) return found;
  const resource = commands.filter((c) => c.name.startsWith(`${words[0]} `));
  if (resource.length)
    throw new UsageError(
      `${words[0]} has no command ${JSON.stringify(words[1] ?? "")}: ${resource.map((c) => c.name).join(", ")} (pcs --help)`,
    );
  throw new UsageError(`unknown command ${JSON.stringify(words[0] ?? "")} (pcs --help lists them)`);
}

/** The body: --body (@file, - for stdin, or inline JSON) or the body's flags, never both. */
async function bodyOf(command: Command, flags: Record<string, string | undefined>, raw: string | undefined, io: Io): Promise<unknown> {
  if (!command.body) {
    if (raw !== undefined) throw new UsageError(`${command.name} takes no body`);
    return undefined;
  }
  const given = command.body.flags.filter((f) => flags[f.flag] !== undefined);
  if (raw !== undefined) {
    if (given.length)
      throw new UsageError(`give the body with --body or with its flags (${given.map((f) => `--${f.flag}`).join(", ")}), not both`);
    const text = raw === "-" ? await io.readStdin() : raw.startsWith("@") ? readBodyFile(raw.slice(1)) : raw;
    try {
      return JSON.parse(text);
    } catch {
      throw new UsageError(`--body is not JSON${raw.startsWith("@") ? ` (${raw.slice(1)})` : ""}`);
    }
  }
  const body: Record<string, unknown> = {};
  for (const field of given) {
    let at = body;
    for (const key of field.pointer.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[field.pointer.at(-1)!] = typed(`--${field.flag}`, flags[field.flag]!, field);
  }
  const missing = command.body.flags.filter((f) => f.required && !given.includes(f));
  if (missing.length) throw new UsageError(`${command.name} needs ${missing.map((f) => `--${f.flag}`).join(", ")}`);
  if (command.body.required && Object.keys(body).length === 0)
    throw new UsageError(`${command.name} needs a body: ${command.body.flags.map((f) => `--${f.flag}`).join(", ")}, or --body`);
  return body;
}

function readBodyFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--body @${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read"}`);
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  try {
    return await run(argv, env, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith?.("ERR_PARSE_ARGS")) {
      // parseArgs says more than one line (how to pass a value starting with "-"): its first sentence.
      io.err(
        `pcs: ${(error as Error).message.split("\n")[0]!.replace(/(Unknown option '[^']+')\..*$/, "$1 (pcs <command> --help lists its flags)")}`,
      );
      return 2;
    }
    io.err(`pcs: ${(error as Error)?.message?.split("\n")[0] ?? String(error)}`);
    return 1;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const { commands, version } = commandTable();
  // The command's words, wherever flags stand: every flag any command takes is known here, so a flag's
  // value is never mistaken for a word.
  const everyFlag = Object.fromEntries(
    commands
      .flatMap((c) => [...c.query.map((q) => q.flag), ...(c.body?.flags ?? []).map((f) => f.flag)])
      .map((flag) => [flag, { type: "string" as const }]),
  );
  const words = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, ...everyFlag, port: { type: "string" } },
    allowPositionals: true,
    strict: false,
  }).positionals;
  if (argv.length === 0 || ((argv[0] === "--help" || argv[0] === "-h") && words.length === 0)) {
    io.out(globalHelp(commands));
    return 0;
  }
  if (argv[0] === "--version") {
    io.out(`pcs ${version}`);
    return 0;
  }
  if (words[0] === "completion") {
    const script = completion(words[1] ?? "", commands);
    if (!script) throw new UsageError(`completion takes bash, zsh or fish, not ${JSON.stringify(words[1] ?? "")}`);
    io.out(script);
    return 0;
  }
  if (words[0] === "sandbox") return serveSandboxCommand(argv.slice(1), io);

  const command = findCommand(words, commands);
  const commandOptions = Object.fromEntries(
    [...command.query.map((q) => q.flag), ...(command.body?.flags ?? []).map((f) => f.flag)].map((flag) => [
      flag,
      { type: "string" as const },
    ]),
  );
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, ...commandOptions },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  const args = positionals.slice(2);
  if (args.length !== command.positionals.length)
    throw new UsageError(
      `${command.name} takes ${command.positionals.length ? command.positionals.map((p) => `<${p.name}>`).join(" ") : "no argument"}, given ${args.length ? args.join(" ") : "none"}`,
    );
  const path = Object.fromEntries(command.positionals.map((p, i) => [p.name, typed(`<${p.name}>`, args[i]!, p)]));
  const strings = values as Record<string, string | undefined>;
  const query = Object.fromEntries(
    command.query.filter((q) => strings[q.flag] !== undefined).map((q) => [q.name, typed(`--${q.flag}`, strings[q.flag]!, q)]),
  );
  const format = (values.format ?? (io.isTTY ? "table" : values.all ? "jsonl" : "json")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be ${FORMATS.join(", ")}, not ${JSON.stringify(values.format)}`);
  const fields = values.fields
    ?.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (values.all && !command.paginated) throw new UsageError(`--all walks the pages of a list: ${command.name} has none`);
  const body = await bodyOf(command, strings, values.body, io);

  if (command.destructive && !values.yes) {
    if (!io.isTTY)
      throw new UsageError(
        `${command.name} changes data that cannot be restored: add --yes to confirm (not a terminal, so pcs cannot ask)`,
      );
    const what = `${command.summary}${args.length ? ` ${args.join(" ")}` : ""}`;
    if (!(await io.confirm(`${what}: this cannot be undone. Go on? [y/N] `))) {
      io.err("pcs: nothing was changed.");
      return 1;
    }
  }

  // The client and the sandbox only now: --help, completion and usage mistakes never load them.
  const { createClient, paginate, credentialForms, createRedactor } = await import("@project-collaboration/api");
  const sandboxFile = values["sandbox-file"] ?? (values.sandbox ? DEFAULT_SANDBOX_FILE : undefined);
  const sandbox = sandboxFile ? await loadSandbox(sandboxFile) : undefined;
  const apiKey = sandbox ? "sandbox-admin-key" : env.PCS_API_KEY;
  const baseUrl = sandbox ? "https://sandbox.invalid/public/api" : (values["base-url"] ?? env.PCS_BASE_URL)?.trim();
  if (!apiKey) throw new UsageError("PCS_API_KEY is not set: the key comes from the environment only (or use --sandbox)");
  if (!baseUrl) throw new UsageError("no server: set PCS_BASE_URL or give --base-url (or use --sandbox)");
  const redact = createRedactor(credentialForms(apiKey));
  const sendThrough = sandbox ? sandbox.fetch : (request: Request) => fetch(request);
  const debugFetch = async (request: Request) => {
    if (values.debug)
      io.err(redact(`> ${request.method} ${request.url}\n${[...request.headers].map(([k, v]) => `> ${k}: ${v}`).join("\n")}`));
    const response = await sendThrough(request);
    if (values.debug)
      io.err(redact(`< ${response.status} ${response.statusText}\n${[...response.headers].map(([k, v]) => `< ${k}: ${v}`).join("\n")}`));
    return response;
  };
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({ baseUrl, apiKey, fetch: debugFetch, userAgent: `pcs/${version}` });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^createClient: baseUrl/, "the base URL"));
  }
  const params = { path, query };
  try {
    if (values.all) {
      const items: unknown[] = [];
      for await (const item of paginate(client as never, command.path as never, { params } as never)) {
        if (format === "jsonl") io.out(render(item, "jsonl", fields));
        else items.push(item);
      }
      if (format !== "jsonl") io.out(render(items, format, fields));
      return 0;
    }
    const send = client.request as unknown as (
      method: string,
      path: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const result = await send(command.method.toLowerCase(), command.path, { params, ...(body !== undefined && { body }) });
    if (!result.response.ok) {
      const problem = result.error as { title?: string; detail?: string } | undefined;
      const said = problem && typeof problem === "object" ? [problem.title, problem.detail].filter(Boolean).join(": ") : "";
      io.err(redact(`pcs: ${command.name}: ${result.response.status}${said ? ` ${said}` : ""}`));
      return 1;
    }
    if (result.data === undefined) {
      if (io.isTTY) io.err(`${command.summary}: done (${result.response.status}).`);
      return 0;
    }
    io.out(render(result.data, format, fields));
    return 0;
  } finally {
    if (sandbox && sandboxFile) saveSandbox(sandboxFile, sandbox);
  }
}
