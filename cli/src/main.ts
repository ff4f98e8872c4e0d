// `pcs`: every operation of the description as a command, and `pcs api` for any request. A function of
// its arguments, environment and streams (so tests call it without a process) that resolves to the exit
// code: 0 done (or declined), 1 the service answered with an error or could not be reached, 2 a usage
// mistake (one line each, never a stack trace). Every line that carries a server's text or the
// request's is redacted of the key and made safe for a terminal before it is printed.
import { parseArgs } from "node:util";
import { completion } from "./completion.js";
import { confirmed, requireYesOffTerminal } from "./confirm.js";
import type { Send } from "./connection.js";
import type { Context } from "./context.js";
import type { RenderOptions } from "./format.js";
import { commandHelp, globalHelp } from "./help.js";
import type { Io } from "./io.js";
import { fieldsOf, formatOf, GLOBAL_OPTIONS, readBody } from "./options.js";
import { didYouMean, sentAs } from "./suggest.js";
import { commandTable, type Command, OWN_WORDS, type Value } from "./table.js";
import { UsageError } from "./usage-error.js";

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
  if (resource.length) {
    const verbs = resource.map((c) => c.name.split(" ")[1]!);
    const guess = didYouMean(words[1] ?? "", verbs, (verb) => `"${words[0]} ${verb}"`);
    throw new UsageError(
      `${words[0]} has no command ${JSON.stringify(words[1] ?? "")}${guess || ` (${resource.map((c) => c.name).join(", ")})`} (pcs --help lists them)`,
    );
  }
  const resources = [...new Set(commands.map((c) => c.name.split(" ")[0]!)), ...OWN_WORDS];
  throw new UsageError(`unknown command ${JSON.stringify(words[0] ?? "")}${didYouMean(words[0] ?? "", resources)} (pcs --help lists them)`);
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
    return readBody(raw, io);
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

/** The longest usage line printed: it names the mistake and quotes what was typed, cut. */
const MAX_USAGE_LINE = 400;

/** parseArgs's "Unknown option '--limt'. To specify a positional…": its first sentence, with a guess. */
function usageLine(error: Error, context: Context): string {
  const first = error.message.split("\n")[0]!;
  const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(first);
  if (!unknown) return first;
  const guess =
    sentAs(unknown[2]!, context.bodyFlags ?? []) ||
    didYouMean(unknown[2]!, context.flags ?? Object.keys(GLOBAL_OPTIONS), (flag) => `--${flag}`);
  return `Unknown option '${unknown[1]}${unknown[2]}'${guess} (pcs ${context.command ?? "<command>"} --help lists its flags)`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const context: Context = {};
  try {
    return await run(argv, env, io, context);
  } catch (error) {
    const { ApiError, createRedactor, credentialForms, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, safeCiText } = await import(
      "@project-collaboration/api"
    );
    const redact = context.connection?.redact ?? createRedactor(credentialForms(env.PCS_API_KEY ?? ""));
    const say = (line: string) => io.err(safeCiText(redact(`pcs: ${line}`)));
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith?.("ERR_PARSE_ARGS")) {
      // A usage line quotes what was typed, which can be megabytes: a few hundred characters of it.
      const line = usageLine(error as Error, context);
      say(line.length > MAX_USAGE_LINE ? `${line.slice(0, MAX_USAGE_LINE)}…` : line);
      return 2;
    }
    // Only a failure to talk to the service needs the words for it.
    const { failureLine, problemLine } = await import("./failure.js");
    const where = context.command ? `${context.command}: ` : "";
    if (error instanceof ApiError) say(`${where}${problemLine(error.status, error.problem)}`);
    else {
      const limits = context.connection?.limits ?? { timeoutMs: DEFAULT_TIMEOUT_MS, maxElapsedMs: DEFAULT_RETRY.maxElapsedMs };
      say(`${where}${failureLine(error, context.connection?.attempted(), limits)}`);
    }
    return 1;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, io: Io, context: Context): Promise<number> {
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
  if (words[0] === "sandbox") return (await import("./sandbox.js")).serveSandboxCommand(argv.slice(1), io);
  if (words[0] === "api") return (await import("./api-command.js")).apiCommand(argv, env, io, context, version);

  const command = findCommand(words, commands);
  const ownFlags = [...command.query.map((q) => q.flag), ...(command.body?.flags ?? []).map((f) => f.flag)];
  context.command = command.name;
  context.flags = [...ownFlags, ...Object.keys(GLOBAL_OPTIONS)];
  context.bodyFlags = command.body?.flags ?? [];
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, ...Object.fromEntries(ownFlags.map((flag) => [flag, { type: "string" as const }])) },
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
  const format = formatOf(values.format, io);
  const fields = fieldsOf(values.fields);
  if (values.all && !command.paginated) throw new UsageError(`--all walks the pages of a list: ${command.name} has none`);
  const body = await bodyOf(command, strings, values.body, io);
  if (command.destructive && !values["dry-run"])
    requireYesOffTerminal(io, values.yes, `${command.name} changes data that cannot be restored`);

  const { connect } = await import("./connection.js");
  const connection = await connect(values, env, io, version);
  context.connection = connection;
  const { READ_ONLY_METHODS, paginate, safeCiText } = await import("@project-collaboration/api");
  const { arrayItemText, render } = await import("./format.js");
  const { baseUrlHint, problemLine } = await import("./failure.js");
  const say = (line: string) => io.err(safeCiText(connection.redact(line)));
  const options: RenderOptions = { redact: connection.redact, columns: io.isTTY ? io.columns : undefined };
  const { send } = connection;
  const params = { path, query };
  const failed = async (status: number, problem: unknown) => {
    let hint = "";
    if (connection.sandbox && status === 401) {
      const keys = Object.keys((await import("@project-collaboration/api/sandbox")).DEFAULT_API_KEYS);
      hint = ` (the sandbox's keys are ${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}; without PCS_API_KEY, pcs --sandbox acts as the administrator)`;
    }
    if (!connection.sandbox && status === 404) hint = baseUrlHint(connection.baseUrl, problem);
    say(`pcs: ${command.name}: ${problemLine(status, problem)}${hint}`);
    return 1;
  };

  if (connection.dryRun) {
    await send(command.method.toLowerCase(), command.path, { params, ...(body !== undefined && { body }) });
    connection.printDryRun();
    return 0;
  }

  if (command.destructive && !values.yes) {
    const named = await nameTargets(command, commands, path, send);
    if ("status" in named) return failed(named.status, named.problem);
    const question = `${command.summary}: ${named.names}. This cannot be undone. Go on? [y/N] `;
    if (!(await confirmed(io, connection.redact(question), `pcs: ${command.name}: not confirmed; nothing was changed.`))) return 0;
  }

  const changesData = !READ_ONLY_METHODS.has(command.method);
  if (values.all) {
    const items = paginate(connection.client as never, command.path as never, { params } as never) as AsyncIterable<unknown>;
    if (format === "table") {
      const all: unknown[] = [];
      let said = 0;
      for await (const item of items) {
        all.push(item);
        // A tenth of a second apart at most: a line a person can read, not one per item.
        if (io.progress && Date.now() - said >= 100) {
          said = Date.now();
          io.progress(`pcs: ${command.name}: ${all.length} read, reading the next page…`);
        }
      }
      if (said) io.progress?.("");
      io.out(render(all, "table", fields, options));
    } else if (format === "jsonl") {
      for await (const item of items) io.out(render(item, "jsonl", fields, options));
    } else {
      // The same JSON array as without --all, written item by item (each one a step behind, for its comma).
      let previous: string | undefined;
      for await (const item of items) {
        io.out(previous === undefined ? "[" : `${previous},`);
        previous = arrayItemText(item, fields, options);
      }
      io.out(previous === undefined ? "[]" : `${previous}\n]`);
    }
    return 0;
  }

  const result = await connection.run(changesData, () =>
    send(command.method.toLowerCase(), command.path, { params, ...(body !== undefined && { body }) }),
  );
  if (!result.response.ok) return failed(result.response.status, result.error);
  if (changesData) say((await import("./done.js")).doneLine(command, path, result.data));
  if (result.data === undefined) return 0;
  io.out(render(result.data, format, fields, options));
  if (io.isTTY && command.paginated && Array.isArray(result.data)) {
    // A hint, not the answer: bounded by a signal of its own, so it never holds the command up after
    // the table (and never fails it); the attempt's timer cannot fire first and start a retry.
    const signal = AbortSignal.timeout(Math.min(MORE_PROBE_MS, connection.limits.timeoutMs / 2));
    const more = await moreAfter(command, query, result.data.length, (q) =>
      send("get", command.path, { params: { path, query: q }, signal }),
    );
    if (more) say(more);
  }
  return 0;
}

/**
 * What a destructive command is about to destroy, in words: each path argument, named by what the
 * command that reads it answers (a project by its title), e.g. `project 48213 "Spring launch"`. A
 * lookup the service refuses (404: nothing to delete) is the answer instead.
 */
async function nameTargets(
  command: Command,
  commands: Command[],
  path: Record<string, unknown>,
  send: Send,
): Promise<{ names: string } | { status: number; problem: unknown }> {
  const names: string[] = [];
  for (const parameter of command.positionals) {
    const noun = parameter.name.replace(/_id$/, "").replaceAll("_", " ");
    const placeholder = `{${parameter.name}}`;
    const readPath = `${command.path.slice(0, command.path.indexOf(placeholder) + placeholder.length)}.json`;
    const reader = commands.find((c) => c.method === "GET" && c.path === readPath);
    let label = "";
    if (reader) {
      const { data, error, response } = await send("get", reader.path, { params: { path } });
      if (!response.ok) return { status: response.status, problem: error };
      const resource = (data ?? {}) as Record<string, unknown>;
      const title = [resource.title, resource.name, resource.email].find((text) => typeof text === "string" && text !== "");
      if (title) label = ` "${title}"`;
    }
    names.push(`${noun} ${path[parameter.name]}${label}`);
  }
  return { names: names.join(", ") };
}

/** How long the question "are there more?" may take: 5 s, or half the attempt's timeout if shorter. */
const MORE_PROBE_MS = 5_000;

/** On a terminal, after a full page: whether more exist (one more item asked for), and how to see them. */
async function moreAfter(
  command: Command,
  query: Record<string, unknown>,
  shown: number,
  read: (query: Record<string, unknown>) => ReturnType<Send>,
): Promise<string | undefined> {
  const limit = Number(query.limit ?? command.query.find((q) => q.name === "limit")?.default ?? Number.NaN);
  if (!(shown > 0 && shown >= limit)) return undefined;
  const offset = Number(query.offset ?? 0);
  const next = offset + shown;
  const what = `${command.name.split(" ")[0]} ${offset + 1}–${next}`;
  const how = `--offset ${next} for the next page, --all for every page`;
  try {
    const { data, response } = await read({ ...query, offset: next, limit: 1 });
    if (response.ok && Array.isArray(data) && data.length === 0) return undefined;
    return response.ok ? `Showing ${what}; more exist: ${how}.` : `Showing ${what}; there may be more: ${how}.`;
  } catch {
    return `Showing ${what}; there may be more: ${how}.`;
  }
}
