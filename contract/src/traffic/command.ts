// The checker's two ways of judging traffic it did not send, from the same command:
//   pcs-contract --from-har <file> [--base-url <url>]     judges a HAR file's exchanges, sends nothing;
//   pcs-contract --upstream <url> [--port <n>]            a proxy on loopback in front of the server,
//                                                         judging what passes through until it stops.
// Both feed judge-traffic.ts (the live run's model and judge), and end with the live run's reports:
// console, --junit, --json and --har (the HAR of what was judged). Every credential and cookie value the
// traffic carries is redacted from all of them, learned from the traffic itself (secrets.ts).
import { safeCiText } from "@project-collaboration/api";
import { consoleReport } from "../reports/console.js";
import { writeReports } from "../reports/files.js";
import { verdict } from "../reports/verdict.js";
import type { Level } from "../runner/check.js";
import type { RunResult } from "../runner/run.js";
import type { Target } from "../runner/target.js";
import { DEFAULT_LIMITS, type Exchange } from "../transport/transport.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../command/version.js";
import { httpUrlOption as httpUrl, levelOption, readOptions, TRAFFIC_TAKES, UsageError as Usage } from "../command/options.js";
import { HarError, readHar, DEFAULT_MAX_HAR_BYTES } from "./har.js";
import { TrafficJudge } from "./judge-traffic.js";
import { startProxy } from "./proxy.js";
import { growingRedact, secretsOfHeader, secretsOfUrl } from "./secrets.js";
import { inferBaseUrl } from "./base-url.js";

/** Where the command prints (command/main.ts's Io, which hands the arguments over). */
interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Whether the arguments ask for one of the traffic modes (main.ts hands them over). */
export const isTrafficCommand = (argv: readonly string[]) => argv.some((arg) => /^--(from-har|upstream)(=|$)/.test(arg));

/** How many judged exchanges the proxy keeps for the reports (the oldest go first past it). */
const KEPT_EXCHANGES = 5_000;
const KEPT_BODY = 4 * 1024;
/** Exchanges the proxy holds before it judges them, when the traffic never pauses. */
const MAX_PENDING = 2_000;

export async function trafficMain(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<{ code: number; run?: RunResult }> {
  const known = { ...(env.PCS_API_KEY && { key: env.PCS_API_KEY }), ...(env.PCS_OTHER_API_KEY && { other: env.PCS_OTHER_API_KEY }) };
  const redact = growingRedact([known.key, known.other]);
  const out = (text: string) => io.out(safeCiText(redact(text), { multiline: true }));
  const err = (text: string) => io.err(safeCiText(redact(text)));
  let values: Record<string, string | undefined>;
  let numbers: ReturnType<typeof readOptions>["numbers"];
  let level: Level;
  try {
    // The one reading of every mode's options (command/options.ts): a value means the same here.
    const read = readOptions(argv);
    ({ numbers } = read);
    values = read.values as Record<string, string | undefined>;
    const other = read.given.find((name) => !TRAFFIC_TAKES.includes(name));
    if (other) throw new Usage(`--${other} does not apply to judging traffic (--from-har, --upstream): it sends no request of its own`);
    if (values["from-har"] !== undefined && values.upstream !== undefined) throw new Usage("give --from-har or --upstream, not both");
    level = levelOption(values.level ?? env.PCS_CONFORMANCE);
  } catch (error) {
    err(`pcs-contract: ${(error as Error).message}`);
    return { code: 2 };
  }
  const reports = {
    ...(values.junit && { junit: values.junit }),
    ...(values.json && { json: values.json }),
    ...(values.har && { har: values.har }),
  };
  try {
    const setting: Setting = { values, numbers, level, known, redact, out, err, reports };
    return values["from-har"] !== undefined ? await fromHar(values["from-har"], setting, env) : await throughProxy(setting);
  } catch (error) {
    if (error instanceof Usage || error instanceof HarError) {
      err(`pcs-contract: ${error.message}`);
      return { code: 2 };
    }
    throw error;
  }
}

type Out = (text: string) => void;

/** What both modes are given: the options, the level, the keys known, and where they print and report. */
interface Setting {
  values: Record<string, string | undefined>;
  numbers: ReturnType<typeof readOptions>["numbers"];
  level: Level;
  known: { key?: string; other?: string };
  redact: ReturnType<typeof growingRedact>;
  out: Out;
  err: Out;
  reports: { junit?: string; json?: string; har?: string };
}

async function fromHar(file: string, setting: Setting, env: NodeJS.ProcessEnv): Promise<{ code: number; run?: RunResult }> {
  const { values, numbers, level, known, redact, out } = setting;
  const started = Date.now();
  const maxBytes = (numbers.maxHarMb ?? DEFAULT_MAX_HAR_BYTES / 1024 / 1024) * 1024 * 1024;
  const content = readHar(file, maxBytes);
  // Every secret the file holds is known before anything is printed.
  redact.add(content.secrets);
  const given = values["base-url"] ?? env.PCS_BASE_URL;
  const baseUrl = given ? httpUrl("base-url", given).href.replace(/\/$/, "") : inferBaseUrl(content.entries.map((e) => e.exchange.url));
  if (!baseUrl) throw new Usage("no exchange in the file is to this interface's paths: give --base-url <the service root>");
  out(
    `${PACKAGE_NAME} ${PACKAGE_VERSION}: judging a HAR file (${content.entries.length} entries) as traffic to ${baseUrl} — level ${level}; sends no request`,
  );
  const judge = new TrafficJudge({ baseUrl, level, redact, known });
  await judge.judgeAll(content.entries);
  if (content.malformed) judge.counts.notJudged.set("entries that are not a request with its answer", content.malformed);
  return finish(
    judge,
    baseUrl,
    setting,
    Date.now() - started,
    content.entries.map((e) => e.exchange),
  );
}

async function throughProxy(setting: Setting): Promise<{ code: number; run?: RunResult }> {
  const { values, numbers, level, known, redact, out } = setting;
  const started = Date.now();
  if (values.upstream === undefined) throw new Usage("--upstream <url> is required");
  const upstream = httpUrl("upstream", values.upstream);
  const port = numbers.port ?? 0;
  const host = values.listen ?? "127.0.0.1";
  // Without --max-time, until it is stopped.
  const maxTimeMs = (numbers.maxTime ?? 0) * 1000;
  const baseUrl = upstream.href.replace(/\/$/, "");
  const judge = new TrafficJudge({ baseUrl, level, redact, known });
  const judged: Exchange[] = [];
  let pending: Array<{ exchange: Exchange; responseBody: string }> = [];
  let judging = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    judging = judging.then(() => judge.judgeAll(batch));
    // The reports keep the start of each body: thousands of exchanges stay within a few MB.
    for (const { exchange } of batch) judged.push({ ...exchange, responseText: exchange.responseText.slice(0, KEPT_BODY) });
    if (judged.length > KEPT_EXCHANGES) judged.splice(0, judged.length - KEPT_EXCHANGES);
  };
  const refused = new Map<string, number>();
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({
      upstream,
      host,
      port,
      onHeaders: (headers, url) => {
        for (const [name, value] of headers) redact.add(secretsOfHeader(name, value));
        redact.add(secretsOfUrl(url));
      },
      onExchange: (proxied) => {
        pending.push(proxied);
        // Judged once nothing else is under way (their order is then known), or in batches.
        if (proxy.inFlight() === 0 || pending.length >= MAX_PENDING) flush();
      },
      onRefused: (why) => refused.set(why, (refused.get(why) ?? 0) + 1),
    });
  } catch (error) {
    throw new Usage(`cannot listen on ${host}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  out(
    `${PACKAGE_NAME} ${PACKAGE_VERSION}: proxying ${proxy.url} → ${baseUrl} and judging the traffic — level ${level}; passes every request and answer through unchanged, sends none of its own; stops on Ctrl-C or SIGTERM${maxTimeMs ? ` or after ${maxTimeMs / 1000} s (--max-time)` : ""}`,
  );
  const stopped = await new Promise<string>((resolve) => {
    const onSignal = (signal: string) => () => resolve(signal);
    const int = onSignal("SIGINT");
    const term = onSignal("SIGTERM");
    process.once("SIGINT", int);
    process.once("SIGTERM", term);
    const timer = maxTimeMs ? setTimeout(() => resolve("--max-time"), maxTimeMs) : undefined;
    stopSignal.resolve = (why) => resolve(why);
    stopSignal.cleanup = () => {
      process.off("SIGINT", int);
      process.off("SIGTERM", term);
      if (timer) clearTimeout(timer);
    };
  });
  stopSignal.cleanup();
  await proxy.close();
  flush();
  await judging;
  out(`Stopped (${stopped}).`);
  for (const [why, count] of refused) judge.counts.notJudged.set(why, count);
  return finish(judge, baseUrl, setting, Date.now() - started, judged);
}

/** Stops a running proxy from within the process (tests; the command stops on signals). */
export const stopSignal: { resolve: (why: string) => void; cleanup: () => void } = { resolve: () => {}, cleanup: () => {} };

function finish(
  judge: TrafficJudge,
  baseUrl: string,
  { level, redact, out, err, reports }: Setting,
  ms: number,
  exchanges: Exchange[],
): { code: number; run: RunResult } {
  const target: Target = {
    name: `traffic to ${baseUrl}`,
    baseUrl,
    apiKey: "",
    isMock: false,
    stateful: true,
    allowWrites: false,
    checksKeys: true,
    disposable: false,
  };
  const run: RunResult = {
    target,
    level,
    limits: { ...DEFAULT_LIMITS, maxTimeMs: ms },
    ids: { missing: {} } as RunResult["ids"],
    runTag: "traffic",
    createdIds: [],
    results: judge.results(),
    cleanUp: [],
    cleanUpFailed: false,
    // Each caller named by a label of its own in the HAR written (its credential redacted in any case).
    exchanges: exchanges.map((e) => {
      const authorization = Object.entries(e.requestHeaders).find(([name]) => name.toLowerCase() === "authorization");
      return authorization
        ? { ...e, requestHeaders: { ...e.requestHeaders, [authorization[0]]: judge.world.labelOf(authorization[1]) } }
        : e;
    }),
    // Judging sends nothing: the traffic judge holds no sender.
    requests: 0,
    retried: 0,
    timedOut: 0,
    ms,
    redact,
  };
  const { counts } = judge;
  const skipped = [...counts.notJudged].sort((a, b) => b[1] - a[1]).map(([why, n]) => `  ${n} ${why}`);
  out(
    [
      `Traffic: ${counts.seen} exchanges; ${counts.judged} judged; ${counts.elsewhere} to other hosts or paths (skipped)${skipped.length ? "; not judged:" : ""}`,
      ...skipped,
      "Requests sent by the checker: 0",
    ].join("\n"),
  );
  // The report last: its verdict line sums the run up.
  out(consoleReport(run));
  try {
    writeReports(run, reports);
  } catch (error) {
    err(`pcs-contract: a report could not be written: ${(error as Error).message}`);
    return { code: 2, run };
  }
  return { code: verdict(run).code, run };
}
