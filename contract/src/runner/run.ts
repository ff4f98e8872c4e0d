// One run of the checker: the transport, the preflight (discovery), every check of every group run a
// few at a time, each failure re-tried once (one that passes then is unstable, not failed), the
// clean-up (even when checks fail or the run's time is up), and the results. The command line
// (command/main.ts) and the repository's tests both call runContract: one suite.
//
// The run's time limit (--max-time) holds whatever the server does: every request ends by it (the
// transport), and checks still under way when it passes are reported as not checked; only the
// clean-up of what the run created may go on after it, for CLEAN_UP_GRACE_MS at most.
import { authorizationChecks } from "../checks/authorization.js";
import { badInputChecks } from "../checks/bad-input.js";
import { errorChecks } from "../checks/errors.js";
import { exampleChecks } from "../checks/examples.js";
import { operationChecks } from "../checks/operations.js";
import { paginationChecks } from "../checks/pagination.js";
import { workflowChecks } from "../checks/workflows.js";
import { concurrencyChecks } from "../checks/concurrency.js";
import { exploreIdChecks } from "../checks/explore-ids.js";
import { exploreMethodChecks } from "../checks/explore-methods.js";
import { exploreWriteChecks } from "../checks/explore-writes.js";
import { equivalenceChecks } from "../checks/equivalence.js";
import { counts, Skip, type Check, type Level } from "./check.js";
import type { RunResult } from "../reports/run-result.js";
import { keyOf, type CheckResult } from "./result.js";
import { applyBaseline, type Baseline } from "../reports/baseline.js";
import type { LiveStatus } from "../reports/progress.js";
import { cleanUp as cleanUpRun, readOrganization } from "./clean-up.js";
import { CREATED_PREFIX } from "./created.js";
import { sentKeys } from "../callers/credentials.js";
import { discoverIds, SetupError } from "./discover.js";
import { CheckFailure } from "./expect.js";
import { createRedact, type Redact } from "../transport/redact.js";
import { DEFAULT_MODEL_OPTIONS, runModel } from "../sequences/engine.js";
import { Wire } from "../checks/wire.js";
import { Suite } from "./suite.js";
import type { Ids, Target } from "./target.js";
import {
  BodyTooLargeError,
  BusyError,
  currentCheck,
  DEFAULT_LIMITS,
  DeadlineError,
  REACHED_MAX_TIME,
  RequestTimeoutError,
  Transport,
  WriteRefusedError,
  type Exchange,
  type Limits,
} from "../transport/transport.js";

export { DEFAULT_LIMITS, type Limits };

/** What the clean-up may take past the run's time limit (deleting what the run created). */
export const CLEAN_UP_GRACE_MS = 30_000;

export type { CheckResult, Status } from "./result.js";
export type { RunResult };

export interface RunOptions {
  target: Target;
  /** documented: only a documented fact's failure fails the run; full: an assumption's too. */
  level: Level;
  limits?: Partial<Limits>;
  /** Only checks whose key (its code first), id or title contains one of these. */
  only?: string[];
  /** The run's redaction (made from the target's keys when not given); it learns each credential sent. */
  redact?: Redact;
  /** Known findings: a failure listed there does not fail the run. */
  baseline?: Baseline;
  /** The seed of the model's generated sequences (default: a random one, reported in the result). */
  seed?: number;
  /** Rows of each access matrix's covering array at least (default: as many as cover every pair). */
  formsAtLeast?: number;
  /** Called once, before anything is sent, with the run's status as it goes (the progress line reads it). */
  watch?: (status: LiveStatus) => void;
}

export const CHECK_GROUPS = [
  operationChecks,
  paginationChecks,
  errorChecks,
  exampleChecks,
  badInputChecks,
  workflowChecks,
  authorizationChecks,
  // What the field's catalogues of failures map (RFC 9110, OWASP API Top 10, integer edges, races).
  exploreMethodChecks,
  exploreIdChecks,
  exploreWriteChecks,
  concurrencyChecks,
  equivalenceChecks,
];

/** Why a check could not conclude, from what it threw (a wrapped error's cause included). */
function notChecked(error: unknown): string | undefined {
  for (let e = error as (Error & { cause?: unknown }) | undefined; e; e = e.cause as typeof e) {
    if (e instanceof Skip) return e.message;
    if (e instanceof BusyError) return "the server was busy (429/503 to every attempt)";
    if (e instanceof DeadlineError) return REACHED_MAX_TIME;
    if (e instanceof WriteRefusedError) return "would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)";
    if (e instanceof RequestTimeoutError || e.name === "AbortError") return "the server did not answer in time (--timeout)";
    if (!(e instanceof Error)) break;
  }
  return undefined;
}

/** What stopped a check that found nothing (it threw), in words — a network failure with its cause — and
 * the stack when the error is the checker's own (a TypeError, a RangeError: not an Error a check threw on
 * purpose to say what it could not do, nor the network's "fetch failed"). */
export function stoppedBy(error: unknown): { why: string; checkerError?: string } {
  if (!(error instanceof Error)) return { why: String(error) };
  const cause = (error as Error & { cause?: unknown }).cause;
  const network = error instanceof TypeError && error.message === "fetch failed";
  if (network) return { why: `the network failed${cause instanceof Error ? ` (${cause.message})` : ""}` };
  return { why: error.message, ...(error.constructor !== Error && error.stack && { checkerError: error.stack }) };
}

/** A SetupError with the partial run behind it (its requests, for the reports). */
export class SetupFailed extends SetupError {
  constructor(
    message: string,
    readonly run: RunResult,
  ) {
    super(message);
  }
}

export async function runContract(options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  // As the command line reads them (command/options.ts): a rate of 0 would never send, a bound of 0 never wait.
  for (const name of ["rate", "concurrency", "timeoutMs", "maxTimeMs", "maxBodyBytes"] as const)
    if (!(limits[name] > 0))
      throw new RangeError(`limits.${name} must be a positive number (rate: Infinity for unpaced), not ${limits[name]}`);
  const { target, level } = options;
  const redact = options.redact ?? createRedact(sentKeys(target).map((key) => key.value));
  const deadline = started + limits.maxTimeMs;
  const wire = new Wire(target.baseUrl, redact);
  const transport = new Transport({
    ...limits,
    deadline,
    inspect: (exchange, body) => wire.inspect(exchange, body),
    mayWrite: target.allowWrites || target.disposable,
    targetName: target.name,
    redact,
    ...(target.fetch && { fetch: target.fetch }),
  });
  const result = (fields: Partial<RunResult> & Pick<RunResult, "ids" | "runTag" | "results">): RunResult => ({
    target,
    level,
    limits,
    createdIds: [],
    cleanUp: [],
    cleanUpFailed: false,
    exchanges: transport.exchanges,
    requests: transport.sent,
    retried: transport.retried,
    timedOut: transport.timedOut,
    ms: Date.now() - started,
    redact,
    ...fields,
  });
  // What the progress line shows (reports/progress.ts): read by it, never by the run.
  let checking = "the ids the key sees";
  let checksEnded = 0;
  let failuresSoFar = 0;
  let checksTotal = 0;
  options.watch?.({
    get checking() {
      return checking;
    },
    get checksEnded() {
      return checksEnded;
    },
    get checks() {
      return checksTotal;
    },
    get requests() {
      return transport.sent;
    },
    get failures() {
      return failuresSoFar;
    },
    deadline,
  });
  let ids: Ids;
  try {
    ids = await discoverIds(transport, target, limits, redact);
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    const message = redact(error.message);
    throw new SetupFailed(
      message,
      result({ ids: {} as Ids, runTag: "", results: [], setupError: message, ...(transport.pastDeadline && { endedBy: "max-time" }) }),
    );
  }
  const runTag = `${CREATED_PREFIX} ${Math.random().toString(36).slice(2, 8).padEnd(6, "0")}`;
  const suite = new Suite(target, ids, runTag, level, transport, redact);
  const checkedCleanUp = !target.disposable && target.allowWrites;
  const organizationBefore = checkedCleanUp ? await readOrganization(suite) : undefined;

  let checks: Check[] = CHECK_GROUPS.flatMap((group) => group(suite));
  // --only: a term in a check's key (its code first), id or title.
  const named = (r: Check | CheckResult) =>
    !options.only?.length || options.only.some((o) => [keyOf(r), r.id, r.title].some((t) => t.includes(o)));
  checks = checks.filter(named);
  checksTotal = checks.length;
  checking = "the model's first projects";

  const results: CheckResult[] = new Array(checks.length);
  const cleanUp: string[] = [];
  let cleanUpFailed = false;
  let endedBy: RunResult["endedBy"];
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  let generated = false;
  // The model's scenarios run beside the checks, through the same transport (one pace, one deadline).
  // With --only, the model runs when a term names it ("model", "model/getgroup" …); its results and the
  // wire's are kept as the terms say, like the checks.
  let modelReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (modelReady = resolve));
  const modelled =
    options.only?.length && !options.only.some((o) => o.startsWith("model") || "PCS-MODEL".startsWith(o) || o.startsWith("PCS-MODEL"))
      ? Promise.resolve([])
      : runModel(
          suite,
          {
            ...DEFAULT_MODEL_OPTIONS,
            seed,
            ...(options.formsAtLeast && { formsAtLeast: options.formsAtLeast }),
            generating: () => (generated = true),
          },
          () => modelReady(),
        );
  modelled.catch(() => {});
  // The checks begin once the model's first projects exist (see runModel), or once it has ended.
  await Promise.race([
    ready,
    modelled.then(
      () => {},
      () => {},
    ),
  ]);
  let modelResults: CheckResult[] = [];
  try {
    // Twice the transport's concurrency, so a check waiting on its own logic never idles the connection.
    const workers = Math.min(limits.concurrency * 2, checks.length);
    if (
      !(await runAll(
        checks.map((_, index) => index),
        workers,
      ))
    )
      endedBy = "max-time";
    // Each failure that counts is tried once more, with fresh answers: one that passes is unstable.
    const failed = checks.map((_, index) => index).filter((i) => results[i]!.status === "failed" && counts(results[i]!, level));
    if (failed.length && !transport.pastDeadline) {
      const first = new Map(failed.map((i) => [i, results[i]!]));
      suite.forgetAnswers();
      if (!(await runAll(failed, workers))) endedBy = "max-time";
      for (const [i, before] of first) {
        const again = results[i]!;
        if (again.status === "passed")
          results[i] = { ...before, status: "unstable", reason: `failed, then passed when tried again — the first time: ${before.reason}` };
        else if (again.status !== "failed") results[i] = before; // not checked the second time: the failure stands
      }
    }
    const modelRun = (fields: Pick<CheckResult, "status" | "reason">): CheckResult[] => [
      {
        code: "PCS-MODEL-RUN",
        id: "model/run",
        kind: "model/run",
        title: "[documented] model: the scenarios and sequences",
        group: "model",
        entries: [],
        exchanges: [],
        ms: 0,
        ...fields,
      },
    ];
    // A request the server broke off (a connection reset mid-answer) fails the model, not the run.
    const modelEnded = modelled.catch((error: unknown) => {
      const { why, checkerError } = stoppedBy(error);
      return modelRun({
        status: "failed",
        reason: redact(`the check could not run: ${why}`),
        ...(checkerError && { checkerError: redact(checkerError) }),
      });
    });
    checking = "the model's scenarios and sequences";
    modelResults = await untilDeadline(modelEnded, () => {
      endedBy = "max-time";
      return modelRun({ status: "not checked", reason: REACHED_MAX_TIME });
    });
    if (transport.pastDeadline) endedBy = "max-time";
  } finally {
    checking = "the clean-up";
    transport.closeChecks(CLEAN_UP_GRACE_MS);
    await transport.settled();
    // On a server that is not disposable the run's projects are also looked for by its tag, and the
    // organization compared; on any server when a create's answer did not name what it made.
    const cleaned = await cleanUpRun(suite, { organizationBefore, search: checkedCleanUp }).catch((error: Error) => ({
      lines: [`the clean-up failed: ${error.message}`],
      failed: true,
    }));
    cleanUp.push(...cleaned.lines);
    cleanUpFailed ||= cleaned.failed;
  }
  // The run's create answers, judged as a whole once the run has ended (created.ts).
  results.push(...modelResults.filter(named), ...wire.results().filter(named), ...suite.created.results().filter(named));
  const outcome =
    options.baseline &&
    applyBaseline(
      options.baseline,
      results.filter((r) => r.status === "failed" && counts(r, level)),
      results.filter((r) => r.status === "passed"),
      { runTag, createdIds: suite.created.ids(), baseUrl: target.baseUrl },
    );
  return result({
    ids,
    runTag,
    createdIds: suite.created.ids(),
    ...(generated ? { seed } : {}),
    ...(suite.notes.length && { notes: [...suite.notes] }),
    results,
    cleanUp: cleanUp.map(redact),
    cleanUpFailed,
    ...(endedBy && { endedBy }),
    ...(outcome && { baseline: outcome }),
  });

  /** What `work` resolves to, or (a moment past the deadline, for the requests it aborted to end) `late()`. */
  async function untilDeadline<T>(work: Promise<T>, late: () => T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const over = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late()), Math.max(0, deadline - Date.now()) + 2_000)));
    try {
      return await Promise.race([work, over]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs the checks at `indexes`, `workers` at a time, until they end or the deadline passes (then
   * those not ended are not checked); false when the deadline ended it. */
  async function runAll(indexes: number[], workers: number): Promise<boolean> {
    let next = 0;
    let over = false;
    const worker = async () => {
      while (next < indexes.length && !over) {
        const index = indexes[next++]!;
        const ended = await runOne(checks[index]!);
        if (!results[index]) {
          checksEnded++; // the first time only: a re-try is not another check
          if (ended.status === "failed" && counts(ended, level)) failuresSoFar++;
        }
        if (!over)
          results[index] = ended; // a check that ends after the time was up is not taken
        else results[index] ??= stopped(checks[index]!);
      }
    };
    let timer: NodeJS.Timeout | undefined;
    // A moment past the deadline, for the requests it aborted to end their checks.
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()) + 2_000)));
    try {
      const ended = await Promise.race([Promise.all(Array.from({ length: workers }, worker)).then(() => true), late]);
      if (!ended) {
        over = true;
        // Those not ended are not checked (a re-try not ended leaves its first failure standing).
        for (const index of indexes) results[index] ??= stopped(checks[index]!);
      }
      return ended;
    } finally {
      clearTimeout(timer);
    }
  }

  function stopped(check: Check): CheckResult {
    return { ...base(check), status: "not checked", reason: REACHED_MAX_TIME, exchanges: [], ms: 0 };
  }

  function base({ run, ...identity }: Check) {
    return identity;
  }

  async function runOne(check: Check): Promise<CheckResult> {
    const begun = Date.now();
    checking = check.title;
    const store = { exchanges: [] as Exchange[] };
    const ended = (fields: Pick<CheckResult, "status"> & Partial<CheckResult>): CheckResult => ({
      ...base(check),
      exchanges: store.exchanges,
      ms: Date.now() - begun,
      ...fields,
    });
    try {
      await currentCheck.run(store, () =>
        check.run({
          skip: (condition, reason) => {
            if (condition) throw new Skip(reason);
          },
        }),
      );
      return ended({ status: "passed" });
    } catch (error) {
      const why = notChecked(error);
      const exchange = store.exchanges.at(-1);
      if (why) return ended({ status: "not checked", reason: redact(why) });
      // A failure the check found is its message; anything else stopped the check: the reason says why in
      // words (stoppedBy), and an error of the checker's own has its stack in --json alone.
      if (error instanceof CheckFailure || error instanceof BodyTooLargeError)
        return ended({ status: "failed", reason: redact(error.message), ...(exchange && { exchange }) });
      const { why: whyStopped, checkerError } = stoppedBy(error);
      return ended({
        status: "failed",
        reason: redact(`the check could not run: ${whyStopped}`),
        ...(exchange && { exchange }),
        ...(checkerError && { checkerError: redact(checkerError) }),
      });
    }
  }
}
