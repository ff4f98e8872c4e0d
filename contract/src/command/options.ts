// The command line: flags and the environment (a flag wins), read into one configuration, or a
// UsageError (one line, exit code 2) that names what is wrong and never quotes a credential. The key
// is read from the environment only, so it never lands in a shell's history. Every mode — a live run,
// a HAR file, the proxy (traffic/command.ts) — reads its arguments through readOptions: one table of
// options, each value checked by one rule, whatever mode it is given to.
import { parseArgs } from "node:util";
import { unknownOptionLine } from "@project-collaboration/api";
import { LEVELS, type Level } from "../runner/check.js";
import { DEFAULT_LIMITS, type Limits } from "../runner/run.js";
import { excerpt } from "../transport/excerpt.js";
import { userInfoOf } from "../transport/redact.js";

export class UsageError extends Error {
  override name = "UsageError";
}

/** A value a usage error quotes: cut (an argument can be megabytes), on one line (JSON escapes breaks). */
const echo = (value: string) => JSON.stringify(excerpt(value, 200));

/** The longest email address there is (RFC 5321's path limit, less its angle brackets). */
const MAX_EMAIL_LENGTH = 254;

/** Something@something.something, without spaces: checked without a pattern, in one pass (a pattern
 * such as /^[^@\s]+@[^@\s]+\.[^@\s]+$/ backtracks for seconds on a long address without a match). */
function isEmailAddress(text: string): boolean {
  const at = text.indexOf("@");
  const domain = text.slice(at + 1);
  return at > 0 && !domain.includes("@") && !/\s/.test(text) && domain.slice(1, -1).includes(".");
}

export interface Config {
  /** A user's server, the HTTP mock or sandbox at a URL, or the in-process sandbox. */
  target: { kind: "server" | "mock" | "sandbox"; baseUrl?: string };
  apiKey?: string;
  otherApiKey?: string;
  inviteEmail?: string;
  allowWrites: boolean;
  /** --disposable: the user's server is a fresh instance the run may change as the sandbox (never implied). */
  disposable?: boolean;
  level: Level;
  limits: Limits;
  only: string[];
  /** The seed of the model's generated sequences (a run prints the one it used). */
  seed?: number;
  /** --forms: rows of each access matrix's covering array at least (more triples of its dimensions). */
  formsAtLeast?: number;
  reports: { junit?: string; json?: string; har?: string };
  /** Known findings: fail only on the others. */
  baseline?: string;
  /** Write this run's findings as a baseline. */
  writeBaseline?: string;
  help: boolean;
  version: boolean;
}

export const HELP = `Usage: npx @project-collaboration/contract [options]

Checks a server against the Project Collaboration Service contract. Read-only unless you allow writes.

Server (required: one of them; nothing is checked without it):
  --base-url <url>         The service root, e.g. https://pcs.example.com/public/api   [PCS_BASE_URL]
  --target sandbox         The reference sandbox, in this process (no server needed); with --base-url,
                           a sandbox you started (npx pcs sandbox / npm run sandbox)       [PCS_TARGET]
  --target mock --base-url <url>  A Prism mock of this description at <url> (npm run mock)

Credentials (environment only, never a flag):
  PCS_API_KEY              The API key (sent as HTTP Basic user name, empty password)
  PCS_OTHER_API_KEY        Optional: a second user, not a company administrator, for the checks of who
                           may see and do what

What fails the run:
  --level documented|full  documented (default): only what the service documents fails; where the
                           server chose otherwise than the description's assumptions, it is reported.
                           full: an assumption's failure fails too                     [PCS_CONFORMANCE]
  --baseline <file>        Known findings (see --write-baseline): fail only on the others (a known
                           one that now fails another way is new), and name those that no longer
                           occur; a regular file of at most 4 MB
  --write-baseline <file>  Write this run's failures as a baseline (a JSON file: give each a reason,
                           and an "expires" date if it should fail again one day)

What to check:
  --allow-writes           Create, change and delete (only what the checker creates)   [PCS_ALLOW_WRITES=1]
  --invite-email <address> With writes: the only address a user may be added by       [PCS_INVITE_EMAIL]
  --disposable             Your server is a fresh instance on an empty database (CI): writes, and what
                           only the sandbox gets — groups and the organization tried, each organization
                           field alone, an administrator account invited at a sub-address of
                           --invite-email (local+tag@domain)
  --only <text>            Only checks whose code, id or title contains <text> (repeatable)
  --seed <n>               The generated sequences of an earlier run again (it prints its seed)
  --forms <n>              With writes: the access matrix's read forms (caller and relation × view ×
                           method), at least n rows of each (default: as many as cover every pair,
                           and each caller in each relation whole; at most every triple)

Limits (printed before the run):
  --rate <n>               Requests a second, at most (default ${DEFAULT_LIMITS.rate})
  --concurrency <n>        Requests at once, at most (default ${DEFAULT_LIMITS.concurrency})
  --timeout <s>            Seconds per request, from connect to the last byte (default ${DEFAULT_LIMITS.timeoutMs / 1000})
  --max-time <s>           Seconds for the whole run (default ${DEFAULT_LIMITS.maxTimeMs / 1000}); the reports are written
                           when it stops the run

Reports:
  --junit <file>           JUnit XML: a test case per check, skipped ones with their reason
  --json <file>            Every check, coverage, and the requests sent
  --har <file>             The traffic as HAR, credentials redacted
  In GitHub Actions (GITHUB_ACTIONS set), a summary in Markdown is added to $GITHUB_STEP_SUMMARY.
  Each file (and --write-baseline's) is written beside its path and renamed over it: a symbolic link
  at the path is replaced, never written through.

  -h, --help, --version    This help; the version

Traffic it did not send, judged by the same model (sends nothing; the reports above, --level):
  --from-har <file>        Judge a HAR file's exchanges (--base-url: the service root, else inferred;
                           --max-har-mb, default 64)
  --upstream <url>         A proxy on 127.0.0.1 (--port, --listen) in front of the server, passing
                           every byte through and judging the traffic until Ctrl-C or --max-time
  --port <n>               The proxy's port on 127.0.0.1 (with --upstream)
  --listen <host>          The proxy's address, a loopback one (with --upstream; default 127.0.0.1)

Exit codes: 0 pass; 1 a documented fact fails (at --level full, any check) and is not in the
baseline, or the clean-up left something, or --max-time stopped the run; 2 usage or set-up.

Examples:
  npx @project-collaboration/contract --target sandbox
  PCS_API_KEY=… npx @project-collaboration/contract --base-url https://your-host.example/public/api --junit report.xml
`;

const KNOWN_ENV = [
  "PCS_BASE_URL",
  "PCS_API_KEY",
  "PCS_OTHER_API_KEY",
  "PCS_ALLOW_WRITES",
  "PCS_INVITE_EMAIL",
  "PCS_CONFORMANCE",
  "PCS_TARGET",
];

const OPTIONS = {
  "base-url": { type: "string" },
  target: { type: "string" },
  level: { type: "string" },
  "allow-writes": { type: "boolean" },
  disposable: { type: "boolean" },
  "invite-email": { type: "string" },
  only: { type: "string", multiple: true },
  seed: { type: "string" },
  forms: { type: "string" },
  rate: { type: "string" },
  concurrency: { type: "string" },
  timeout: { type: "string" },
  "max-time": { type: "string" },
  junit: { type: "string" },
  json: { type: "string" },
  har: { type: "string" },
  baseline: { type: "string" },
  "write-baseline": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
  // Judging traffic (traffic/command.ts).
  "from-har": { type: "string" },
  upstream: { type: "string" },
  port: { type: "string" },
  listen: { type: "string" },
  "max-har-mb": { type: "string" },
} as const;

export type OptionName = keyof typeof OPTIONS;
/** The options only judging traffic takes, and those it takes of the others (it sends no request). */
export const TRAFFIC_ONLY: readonly OptionName[] = ["from-har", "upstream", "port", "listen", "max-har-mb"];
export const TRAFFIC_TAKES: readonly OptionName[] = [...TRAFFIC_ONLY, "base-url", "max-time", "level", "junit", "json", "har"];

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(number > 0)) throw new UsageError(`--${name} must be a positive number, not ${echo(value)}`);
  return number;
}

/** An http(s) URL given as `--name`: never one with a user name or password (not quoted back). */
export function httpUrlOption(name: string, value: string): URL {
  if (userInfoOf(value)) throw new UsageError(`--${name} must not hold a user name or password: give the key in PCS_API_KEY`);
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    throw new UsageError(`--${name} must be an http:// or https:// URL, not ${echo(value.slice(0, 80))}`);
  return url;
}

/** The level a mode is asked for (--level, else PCS_CONFORMANCE): documented unless given. */
export function levelOption(given: string | undefined): Level {
  const level = given?.trim() || "documented";
  if (!LEVELS.includes(level as Level))
    throw new UsageError(`--level (PCS_CONFORMANCE) must be "documented" or "full", not ${echo(level)}`);
  return level as Level;
}

/** The arguments of any mode, each number checked by its one rule: a UsageError, else the values. */
export function readOptions(argv: string[]) {
  let values: Partial<Record<OptionName, string | boolean | string[]>>;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS }));
  } catch (error) {
    throw new UsageError(
      `${unknownOptionLine(excerpt((error as Error).message.split("\n")[0]!, 300), Object.keys(OPTIONS))} (--help lists the options)`,
    );
  }
  const text = (name: OptionName) => values[name] as string | undefined;
  const port = text("port") === undefined ? undefined : Number(text("port"));
  if (port !== undefined && (!/^\d{1,5}$/.test(text("port")!) || port > 65_535))
    throw new UsageError(`--port must be a port number, not ${echo(text("port")!)}`);
  const numbers = {
    rate: positiveNumber("rate", text("rate")),
    concurrency: positiveNumber("concurrency", text("concurrency")),
    timeout: positiveNumber("timeout", text("timeout")),
    maxTime: positiveNumber("max-time", text("max-time")),
    maxHarMb: positiveNumber("max-har-mb", text("max-har-mb")),
    port,
  };
  return { values, text, numbers, given: Object.keys(values) as OptionName[] };
}

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  const { values, text: flag, numbers, given } = readOptions(argv);
  const traffic = given.find((name) => TRAFFIC_ONLY.includes(name));
  if (traffic) throw new UsageError(`--${traffic} is an option of judging traffic: give --from-har <file> or --upstream <url> with it`);
  const help = values.help === true;
  const version = values.version === true;

  const baseUrl = (flag("base-url") ?? env.PCS_BASE_URL)?.trim() || undefined;
  const kind = (flag("target") ?? env.PCS_TARGET)?.trim() || undefined;
  const level = (flag("level") ?? env.PCS_CONFORMANCE)?.trim() || "documented";
  const allowEnv = env.PCS_ALLOW_WRITES?.trim() ?? "";
  const base: Omit<Config, "target"> = {
    level: level as Level,
    allowWrites: values["allow-writes"] === true || allowEnv === "1",
    ...(values.disposable === true && { disposable: true }),
    limits: {
      ...DEFAULT_LIMITS,
      rate: numbers.rate ?? DEFAULT_LIMITS.rate,
      concurrency: Math.ceil(numbers.concurrency ?? DEFAULT_LIMITS.concurrency),
      timeoutMs: (numbers.timeout ?? DEFAULT_LIMITS.timeoutMs / 1000) * 1000,
      maxTimeMs: (numbers.maxTime ?? DEFAULT_LIMITS.maxTimeMs / 1000) * 1000,
    },
    only: (values.only as string[] | undefined) ?? [],
    ...(flag("seed") !== undefined && { seed: seedOf(flag("seed")!) }),
    ...(flag("forms") !== undefined && { formsAtLeast: formsOf(flag("forms")!) }),
    reports: {
      ...(flag("junit") && { junit: flag("junit") }),
      ...(flag("json") && { json: flag("json") }),
      ...(flag("har") && { har: flag("har") }),
    },
    ...(flag("baseline") && { baseline: flag("baseline") }),
    ...(flag("write-baseline") && { writeBaseline: flag("write-baseline") }),
    help,
    version,
    ...(env.PCS_API_KEY && { apiKey: env.PCS_API_KEY }),
    ...(env.PCS_OTHER_API_KEY && { otherApiKey: env.PCS_OTHER_API_KEY }),
    ...((flag("invite-email") ?? env.PCS_INVITE_EMAIL)?.trim() && { inviteEmail: (flag("invite-email") ?? env.PCS_INVITE_EMAIL)!.trim() }),
  };
  if (help || version) return { ...base, target: { kind: "server" } };
  levelOption(level);

  if (allowEnv !== "" && allowEnv !== "1" && allowEnv !== "0")
    throw new UsageError(`PCS_ALLOW_WRITES must be "1" (allow writes) or unset, not ${echo(allowEnv)}`);
  // The length first: nothing else looks at an address longer than any address can be.
  if (base.inviteEmail && base.inviteEmail.length > MAX_EMAIL_LENGTH)
    throw new UsageError(
      `--invite-email (PCS_INVITE_EMAIL) must be an email address, at most ${MAX_EMAIL_LENGTH} characters, not ${base.inviteEmail.length}`,
    );
  if (base.inviteEmail && !isEmailAddress(base.inviteEmail))
    throw new UsageError(`--invite-email (PCS_INVITE_EMAIL) must be an email address, not ${echo(base.inviteEmail)}`);
  if (base.disposable && kind !== undefined)
    throw new UsageError(`--disposable declares a server of your own (--base-url) disposable; --target ${echo(kind)} is one already`);
  if (kind !== undefined && kind !== "sandbox" && kind !== "mock")
    throw new UsageError(`--target (PCS_TARGET) must be "sandbox" or "mock", not ${echo(kind)}`);
  if (baseUrl !== undefined) httpUrlOption("base-url (PCS_BASE_URL)", baseUrl);
  if (kind === "mock" && baseUrl === undefined)
    throw new UsageError("--target mock needs --base-url: the URL of the mock (npm run mock serves one on http://127.0.0.1:4010)");
  if (kind === undefined && baseUrl === undefined) {
    const near = Object.keys(env)
      .filter((name) => name.startsWith("PCS_") && !KNOWN_ENV.includes(name))
      .slice(0, 5)
      .map((name) => excerpt(name, 60));
    throw new UsageError(
      `no server to check: give --base-url <url> (or PCS_BASE_URL), or --target sandbox for the built-in sandbox${near.length ? ` (${near.join(", ")} ${near.length > 1 ? "are" : "is"} not read: a misspelt PCS_BASE_URL?)` : ""}`,
    );
  }
  if (kind === undefined && !base.apiKey)
    throw new UsageError("PCS_API_KEY is not set: the checker needs the API key of the server (environment only, never a flag)");
  if (base.otherApiKey && base.otherApiKey === base.apiKey)
    throw new UsageError("PCS_OTHER_API_KEY must be another user's key than PCS_API_KEY");
  return {
    ...base,
    target: { kind: (kind ?? "server") as Config["target"]["kind"], ...(baseUrl && { baseUrl: baseUrl.replace(/\/+$/, "") }) },
  };
}

/** The rows of each access matrix at least: a whole number from 1 to 10,000 (past every triple, the
 * matrix holds each once). */
function formsOf(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 10_000)
    throw new UsageError(`--forms takes a whole number from 1 to 10000, not ${echo(text)}`);
  return Number(text);
}

/** A seed of the generated sequences: a whole number from 0 to 2^31 − 1. */
function seedOf(text: string): number {
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2 ** 31 - 1) throw new UsageError("--seed takes a whole number from 0 to 2147483647");
  return Number(text);
}
