// `pcs api <METHOD> <path> [--body …]`: any request to the service, for what no command covers (as
// `gh api` and `stripe get` offer), with everything a command has: the key from PCS_API_KEY, the
// client's retries, timeouts and body limit, redaction, --debug, --dry-run and --sandbox. A method that
// only reads is sent at once; any other asks first on a terminal and needs --yes otherwise.
import { parseArgs } from "node:util";
import { confirmed, requireYesOffTerminal } from "./confirm.js";
import { connect } from "./connection.js";
import type { Context } from "./context.js";
import type { Io } from "./io.js";
import { fieldsOf, formatOf, GLOBAL_OPTIONS, readBody } from "./options.js";
import { UsageError } from "./usage-error.js";

/** The methods fetch can send (TRACE and CONNECT it refuses). */
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

const { all: _all, ...OPTIONS } = GLOBAL_OPTIONS;

/** Spellings of a dot or a slash that a server decodes as one: overlong UTF-8 (a decoder that accepts it). */
const OVERLONG: ReadonlyArray<[RegExp, string]> = [
  [/%c0%ae|%e0%80%ae/gi, "."],
  [/%c0%af|%e0%80%af/gi, "/"],
];

/** The text with its percent-escapes decoded once: as UTF-8 where it is UTF-8, each byte alone otherwise. */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * The path (before its query) holds a segment that is "." or ".." once decoded as a URL parser or a
 * server may decode it: percent-escapes in any case, decoded as often as they decode (a proxy may decode
 * once more), overlong UTF-8, fullwidth dots (Unicode compatibility), and a backslash read as a slash
 * (the URL standard reads it so in http URLs).
 */
export function hasDotSegment(rawPath: string): boolean {
  let text = rawPath.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < 5; round++) {
    let next = text;
    for (const [pattern, character] of OVERLONG) next = next.replace(pattern, character);
    next = decodedOnce(next).normalize("NFKC");
    if (next === text) break;
    text = next;
  }
  return text.split(/[/\\]/).some((segment) => segment === "." || segment === "..");
}

export const API_HELP = `pcs api <METHOD> <path> — send any request to the service
${METHODS.join(", ")}; the path is under the base URL, a query string included (/projects.json?limit=5)

Examples:
  pcs api GET /projects.json
  pcs api GET '/projects.json?offset=30&limit=10' --fields id,title
  pcs api PATCH /projects/48213.json --body '{"name":"Spring launch"}' --yes
  pcs api POST /projects.json --body @project.json --dry-run      # print it as curl, send nothing

The key, retries, timeouts, redaction and output formats are those of every command. GET, HEAD and
OPTIONS only read; any other method asks first on a terminal and needs --yes otherwise.
Flags: --body @file|-|'<json>', --yes, --format table|json|jsonl, --fields a,b, --debug, --dry-run,
--base-url <url>, --sandbox, --sandbox-file <path>`;

export async function apiCommand(argv: string[], env: NodeJS.ProcessEnv, io: Io, context: Context, version: string): Promise<number> {
  context.command = "api";
  context.flags = Object.keys(OPTIONS);
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help) {
    io.out(API_HELP);
    return 0;
  }
  const [, given, rawPath, ...extra] = positionals;
  if (!given || !rawPath || extra.length)
    throw new UsageError(
      `api takes <METHOD> <path>, e.g. pcs api GET /projects.json${extra.length ? `, and nothing more (${extra.join(" ")})` : ""}`,
    );
  const method = given.toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`api: the method must be one of ${METHODS.join(", ")}, not ${JSON.stringify(given)}`);
  // Only a path: the key goes to the base URL and nowhere else.
  if (/^[a-z][a-z0-9+.-]*:/i.test(rawPath) || rawPath.startsWith("//"))
    throw new UsageError(`api: give a path under the base URL (e.g. /projects.json), not a URL: the key is sent to PCS_BASE_URL only`);
  // A dot segment would climb out of the base path (/../../admin): refused in every spelling.
  if (hasDotSegment(rawPath))
    throw new UsageError(
      "api: the path has a . or .. segment (in some spelling: %2e, a backslash…): give a path under the base URL as it is",
    );
  // Braces are not path parameters here: sent as they are typed, encoded.
  const path = (rawPath.startsWith("/") ? rawPath : `/${rawPath}`).replaceAll("{", "%7B").replaceAll("}", "%7D");
  const body = values.body === undefined ? undefined : await readBody(values.body, io);
  if (body !== undefined && (method === "GET" || method === "HEAD")) throw new UsageError(`api: a ${method} request has no body`);
  const format = formatOf(values.format, io);
  const fields = fieldsOf(values.fields);

  const connection = await connect(values, env, io, version);
  context.connection = connection;
  const { READ_ONLY_METHODS, safeCiText } = await import("@project-collaboration/api");
  const { render } = await import("./format.js");
  const { baseUrlHint, problemLine } = await import("./failure.js");
  const changesData = !READ_ONLY_METHODS.has(method);
  const request = () => connection.send(method.toLowerCase(), path, { parseAs: "text", ...(body !== undefined && { body }) });

  if (connection.dryRun) {
    await request();
    connection.printDryRun();
    return 0;
  }
  if (changesData && !values.yes) {
    requireYesOffTerminal(io, values.yes, `api: ${method} may change data`);
    if (!(await confirmed(io, `Send ${method} ${path}? It may change data. [y/N] `, "pcs: api: not confirmed; nothing was sent.")))
      return 0;
  }
  const result = await connection.run(changesData, request);
  if (!result.response.ok) {
    const hint = !connection.sandbox && result.response.status === 404 ? baseUrlHint(connection.baseUrl, result.error) : "";
    io.err(safeCiText(connection.redact(`pcs: api: ${method} ${path}: ${problemLine(result.response.status, result.error)}${hint}`)));
    return 1;
  }
  const text = typeof result.data === "string" ? result.data : "";
  // A write says it was done (on standard error, so what it answered stays valid JSON on standard output).
  if (changesData || (text === "" && io.isTTY))
    io.err(safeCiText(connection.redact(`${method} ${path}: done (${result.response.status}).`)));
  if (text === "") return 0;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the text as it came, shown rather than acted on.
    io.out(safeCiText(connection.redact(text), { multiline: true }));
    return 0;
  }
  io.out(render(json, format, fields, { redact: connection.redact, columns: io.isTTY ? io.columns : undefined }));
  return 0;
}
