// One run of the checker: the transport, the preflight (discovery), every check of every group run a
// few at a time, the clean-up (even when checks fail), and the results. The command line (cli.ts) and
// the repository's tests both call runContract: one suite.
import { authorizationChecks } from "./checks/authorization.js";
import { badInputChecks } from "./checks/bad-input.js";
import { consistencyChecks } from "./checks/consistency.js";
import { errorChecks } from "./checks/errors.js";
import { exampleChecks } from "./checks/examples.js";
import { operationChecks } from "./checks/operations.js";
import { paginationChecks } from "./checks/pagination.js";
import { workflowChecks } from "./checks/workflows.js";
import { Skip, type Check, type Level } from "./check.js";
import { verifyCleanUp, readOrganization } from "./clean-up.js";
import { CREATED_PREFIX } from "./created.js";
import { discoverIds } from "./discover.js";
import { CheckFailure } from "./expect.js";
import { createRedact, type Redact } from "./redact.js";
import { Suite } from "./suite.js";
import type { Ids, Target } from "./target.js";
import {
  BodyTooLargeError,
  BusyError,
  currentCheck,
  DEFAULT_LIMITS,
  DeadlineError,
  Transport,
  WriteRefusedError,
  type Exchange,
  type Limits,
} from "./transport.js";

export { DEFAULT_LIMITS, type Limits };

export type Status = "passed" | "failed" | "not checked";

export interface CheckResult {
  id: string;
  title: string;
  group: string;
  /** "documented", or the assumption entries it rests on. */
  entries: string[];
  operation?: string;
  statuses?: number[];
  rule?: string;
  status: Status;
  /** Why not checked, or what failed. */
  reason?: string;
  /** The exchange the failure is about (the last one the check made), credentials left in: redact before showing. */
  exchange?: Exchange;
  ms: number;
}

export interface RunOptions {
  target: Target;
  level: Level;
  limits?: Partial<Limits>;
  /** Only checks whose id or title contains one of these. */
  only?: string[];
}

export interface RunResult {
  target: Target;
  level: Level;
  limits: Limits;
  ids: Ids;
  runTag: string;
  results: CheckResult[];
  /** What the clean-up did or could not do; `cleanUpFailed` when something is left behind. */
  cleanUp: string[];
  cleanUpFailed: boolean;
  exchanges: Exchange[];
  requests: number;
  retried: number;
  ms: number;
  redact: Redact;
}

export const CHECK_GROUPS = [
  operationChecks,
  paginationChecks,
  consistencyChecks,
  errorChecks,
  exampleChecks,
  badInputChecks,
  workflowChecks,
  authorizationChecks,
];

/** Why a check could not conclude, from what it threw (a wrapped error's cause included). */
function notChecked(error: unknown): string | undefined {
  for (let e = error as (Error & { cause?: unknown }) | undefined; e; e = e.cause as typeof e) {
    if (e instanceof Skip) return e.message;
    if (e instanceof BusyError) return "the server was busy (429/503 to every attempt)";
    if (e instanceof DeadlineError) return "the run reached its time limit (--max-time)";
    if (e instanceof WriteRefusedError) return "would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)";
    if (e.name === "TimeoutError" || e.name === "AbortError") return "the server did not answer in time (--timeout)";
    if (!(e instanceof Error)) break;
  }
  return undefined;
}

export async function runContract(options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { target, level } = options;
  const redact = createRedact([target.apiKey, target.otherApiKey]);
  const transport = new Transport({
    ...limits,
    deadline: started + limits.maxTimeMs,
    mayWrite: target.allowWrites || target.disposable,
    targetName: target.name,
    redact,
    ...(target.fetch && { fetch: target.fetch }),
  });
  const ids = await discoverIds(transport, target);
  const runTag = `${CREATED_PREFIX} ${Math.random().toString(36).slice(2, 8).padEnd(6, "0")}`;
  const suite = new Suite(target, ids, runTag, level, transport, redact);
  const checkedCleanUp = !target.disposable && target.allowWrites;
  const organizationBefore = checkedCleanUp ? await readOrganization(suite) : undefined;

  let checks: Check[] = CHECK_GROUPS.flatMap((group) => group(suite));
  if (options.only?.length) checks = checks.filter((c) => options.only!.some((o) => c.id.includes(o) || c.title.includes(o)));

  const results: CheckResult[] = new Array(checks.length);
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const index = next++;
      results[index] = await runOne(checks[index]!);
    }
  };
  const cleanUp: string[] = [];
  let cleanUpFailed = false;
  try {
    // Twice the transport's concurrency, so a check waiting on its own logic never idles the connection.
    await Promise.all(Array.from({ length: Math.min(limits.concurrency * 2, checks.length) }, worker));
  } finally {
    const failures = await suite.created.deleteAll().catch((error: Error) => [`the clean-up failed: ${error.message}`]);
    if (failures.length) {
      cleanUpFailed = true;
      cleanUp.push(...failures);
    }
    if (checkedCleanUp) {
      const verified = await verifyCleanUp(suite, organizationBefore).catch((error: Error) => ({
        lines: [`the clean-up check failed: ${error.message}`],
        failed: true,
      }));
      cleanUp.push(...verified.lines);
      cleanUpFailed ||= verified.failed;
    }
  }
  return {
    target,
    level,
    limits,
    ids,
    runTag,
    results,
    cleanUp: cleanUp.map(redact),
    cleanUpFailed,
    exchanges: transport.exchanges,
    requests: transport.sent,
    retried: transport.retried,
    ms: Date.now() - started,
    redact,
  };

  async function runOne(check: Check): Promise<CheckResult> {
    const begun = Date.now();
    const store = { exchanges: [] as Exchange[] };
    const base = {
      id: check.id,
      title: check.title,
      group: check.group,
      entries: check.entries,
      ...(check.operation && { operation: check.operation }),
      ...(check.statuses && { statuses: check.statuses }),
      ...(check.rule && { rule: check.rule }),
    };
    try {
      await currentCheck.run(store, () =>
        check.run({
          skip: (condition, reason) => {
            if (condition) throw new Skip(reason);
          },
        }),
      );
      return { ...base, status: "passed", ms: Date.now() - begun };
    } catch (error) {
      const why = notChecked(error);
      const exchange = store.exchanges.at(-1);
      if (why) return { ...base, status: "not checked", reason: why, ms: Date.now() - begun };
      const message =
        error instanceof CheckFailure || error instanceof BodyTooLargeError
          ? error.message
          : `the check could not run: ${(error as Error)?.stack ?? String(error)}`;
      return { ...base, status: "failed", reason: redact(message), ...(exchange && { exchange }), ms: Date.now() - begun };
    }
  }
}
