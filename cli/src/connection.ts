// Where a command's requests go and how: the package's client (its credential, retries, timeouts, body
// limit and redaction), over a transport that prints each attempt with --debug, captures the request
// instead of sending it with --dry-run, and remembers what it last sent so that a failure names the
// URL. The transport hands the client's `init` on untouched: the per-attempt signal travels there, and
// without it no timeout holds. With --sandbox, the in-process sandbox of the state file answers.
import type { ApiClient, Redactor } from "@project-collaboration/api";
import type { Attempted, Limits } from "./failure.js";
import type { Io } from "./io.js";
import { DEFAULT_SANDBOX_FILE, SandboxFile } from "./sandbox.js";
import { UsageError } from "./usage-error.js";

export interface ConnectionValues {
  "base-url"?: string | undefined;
  debug?: boolean | undefined;
  "dry-run"?: boolean | undefined;
  sandbox?: boolean | undefined;
  "sandbox-file"?: string | undefined;
}

/** openapi-fetch's request(method, path, init), loosely typed: the commands' methods and paths come from
 * the command table (made from the description the client's types are made from), `pcs api`'s from the user. */
export type Send = (method: string, path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export interface Connection {
  client: ApiClient;
  /** The service root requests go to (the sandbox's made-up one with --sandbox). */
  baseUrl: string;
  /** The client's request(), for a method and path known only at run time. */
  send: Send;
  redact: Redactor;
  limits: Limits;
  /** The in-process sandbox, with --sandbox. */
  sandbox: SandboxFile | undefined;
  /** The request last sent (for a failure's message). */
  attempted(): Attempted | undefined;
  /** With --dry-run: each request the command would have sent, as curl. */
  dryRun: string[] | undefined;
  /** With --dry-run: prints those requests (redacted, safe for the terminal). */
  printDryRun(): void;
  /** Runs the command's requests; one that may change data against the sandbox holds its file's lock. */
  run<T>(changesData: boolean, work: () => Promise<T>): Promise<T>;
}

/** The client's documented limits (docs/guides/client.md): 30 s per attempt, 60 s per call with retries. */
function limitsOf(env: NodeJS.ProcessEnv, defaults: Limits): Limits {
  const given = env.PCS_TIMEOUT_MS;
  if (given === undefined || given === "") return defaults;
  // For tests (documented as such in cli/README.md): a per-attempt timeout in ms, the call's budget twice it.
  const timeoutMs = Number(given);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`PCS_TIMEOUT_MS must be a whole number of milliseconds, not ${JSON.stringify(given)}`);
  return { timeoutMs, maxElapsedMs: 2 * timeoutMs };
}

export async function connect(values: ConnectionValues, env: NodeJS.ProcessEnv, io: Io, version: string): Promise<Connection> {
  // The client only now: --help and completion never load it (a usage mistake loads it for its one line
  // alone: the terminal-safety function and the redaction live there).
  const api = await import("@project-collaboration/api");
  const limits = limitsOf(env, { timeoutMs: api.DEFAULT_TIMEOUT_MS, maxElapsedMs: api.DEFAULT_RETRY.maxElapsedMs });
  const sandboxFile = values["sandbox-file"] ?? (values.sandbox ? DEFAULT_SANDBOX_FILE : undefined);
  const sandbox = sandboxFile ? new SandboxFile(sandboxFile) : undefined;
  const dryRun = values["dry-run"] ? ([] as string[]) : undefined;
  const published = sandbox && (await import("@project-collaboration/api/sandbox"));
  // Without a key, the sandbox's administrator; with one, that key (a viewer's key gets a viewer's rights).
  const apiKey = env.PCS_API_KEY || (published ? published.SANDBOX_ADMIN_KEY : undefined);
  const baseUrl = published ? published.SANDBOX_BASE_URL : (values["base-url"] ?? env.PCS_BASE_URL)?.trim();
  if (!apiKey && !dryRun) throw new UsageError("PCS_API_KEY is not set: the key comes from the environment only (or use --sandbox)");
  if (!baseUrl) throw new UsageError("no server: set PCS_BASE_URL or give --base-url (or use --sandbox)");
  // --dry-run prints "$PCS_API_KEY" in place of the key, so it needs none.
  const key = apiKey || "dry-run-without-a-key";
  const redact = api.createRedactor(api.credentialForms(key));
  const show = (lines: string[]) => io.err(lines.map((line) => api.safeCiText(redact(line))).join("\n"));

  let last: Attempted | undefined;
  const deliver = sandbox ? sandbox.fetch : (request: Request, init?: RequestInit) => fetch(request, init);
  const transport = async (request: Request, init?: RequestInit): Promise<Response> => {
    last =
      last && last.method === request.method && last.url === request.url
        ? { ...last, attempts: (last.attempts ?? 1) + 1 }
        : { method: request.method, url: request.url, attempts: 1 };
    if (dryRun) {
      const { curlOf } = await import("./curl.js");
      dryRun.push(await curlOf(request));
      return new Response(null, { status: 204 });
    }
    if (values.debug) show([`> ${request.method} ${request.url}`, ...[...request.headers].map(([name, value]) => `> ${name}: ${value}`)]);
    const started = performance.now();
    const response = await deliver(request, init);
    if (values.debug)
      show([
        `< ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`,
        ...[...response.headers].map(([name, value]) => `< ${name}: ${value}`),
      ]);
    return response;
  };

  let client: ApiClient;
  try {
    client = api.createClient({
      baseUrl,
      apiKey: key,
      fetch: transport,
      userAgent: `pcs/${version}`,
      timeoutMs: limits.timeoutMs,
      retry: { maxElapsedMs: limits.maxElapsedMs },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^createClient: baseUrl/, "the base URL"));
  }
  return {
    client,
    baseUrl,
    send: client.request as unknown as Send,
    redact,
    limits,
    sandbox,
    attempted: () => last,
    dryRun,
    printDryRun: () => io.out(api.safeCiText(redact((dryRun ?? []).join("\n\n")), { multiline: true })),
    // main() and `pcs api` return before running anything with --dry-run.
    run: (changesData, work) => (sandbox && changesData ? sandbox.write(work) : work()),
  };
}
