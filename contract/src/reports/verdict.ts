// The outcome of a run: the exit code and the one line that says it. 0: every documented fact holds
// (at --level full, every assumption too), or each failure is accepted by the baseline; 1: a failure
// that is not, the clean-up left something behind, or --max-time stopped the run before its end
// (INCOMPLETE: part of the contract was not checked); 2: the run stopped before any check (set-up).
// An unstable check (failed, then passed when
// tried again) and, at the documented level, an assumption the server chose differently are reported,
// never failed.
import { counts } from "../runner/check.js";
import type { CheckResult } from "../runner/result.js";
import type { RunResult } from "./run-result.js";

export interface Findings {
  /** Failures that fail the run. */
  failures: CheckResult[];
  /** Failures the baseline accepts. */
  accepted: CheckResult[];
  /** Assumption checks that failed at the documented level: the server's other choice, reported. */
  differences: CheckResult[];
  unstable: CheckResult[];
}

export function findings(run: RunResult): Findings {
  const failed = run.results.filter((r) => r.status === "failed");
  const counting = failed.filter((r) => counts(r, run.level));
  const accepted = (r: CheckResult) => run.baseline?.accepted.has(r.id) ?? false;
  return {
    failures: counting.filter((r) => !accepted(r)),
    accepted: counting.filter(accepted),
    differences: failed.filter((r) => !counts(r, run.level)),
    unstable: run.results.filter((r) => r.status === "unstable"),
  };
}

/** The results grouped by kind (the same check for other cases), in the order the checks ran. */
export function byKind(results: CheckResult[]): CheckResult[][] {
  const kinds = new Map<string, CheckResult[]>();
  for (const r of results) {
    const same = kinds.get(r.kind);
    if (same) same.push(r);
    else kinds.set(r.kind, [r]);
  }
  return [...kinds.values()];
}

/** The verdict line's length at most, in its shorter form (the closing lines' promise: none past 200
 * characters, whatever the counts). */
export const LONGEST_LINE = 200;
/** The words are kept while the line fits the console's width (reports/console.ts: 160). */
const WORDS_FIT = 160;

export function verdict(run: RunResult): { code: 0 | 1 | 2; line: string } {
  if (run.setupError) return { code: 2, line: `STOPPED — ${run.setupError}` };
  const { failures, accepted, differences, unstable } = findings(run);
  const count = (status: string, documented: boolean) =>
    run.results.filter((r) => r.status === status && (r.entries.length === 0) === documented).length;
  const failing = failures.length > 0 || run.cleanUpFailed;
  const word = failing ? "FAIL" : run.endedBy ? "INCOMPLETE" : "PASS";
  // Each part in words, or — when the line would pass LONGEST_LINE — in its shorter form.
  const line = (short: boolean) => {
    const parts = [
      `${short ? "facts" : "documented facts"}: ${count("passed", true)} passed, ${count("failed", true)} failed`,
      run.level === "full"
        ? `assumptions: ${count("passed", false)} passed, ${count("failed", false)} failed`
        : short
          ? `assumptions: ${count("passed", false)} held, ${differences.length} differ (reported)`
          : `assumptions: ${count("passed", false)} as described, ${differences.length} chosen differently (reported only)`,
      ...(accepted.length ? [short ? `${accepted.length} baselined` : `${accepted.length} accepted by the baseline`] : []),
      ...(unstable.length ? [short ? `${unstable.length} unstable` : `${unstable.length} unstable (failed, then passed)`] : []),
      `${run.results.filter((r) => r.status === "not checked").length} not checked`,
      short ? `${run.requests} requests, ${Math.round(run.ms / 1000)} s` : `${run.requests} requests in ${(run.ms / 1000).toFixed(1)} s`,
    ];
    const after = [
      ...(run.cleanUpFailed ? [short ? "clean-up failed" : "the clean-up left something behind"] : []),
      ...(run.endedBy
        ? [short ? "stopped by --max-time" : `stopped by --max-time (${run.limits.maxTimeMs / 1000} s) before every check had ended`]
        : []),
    ];
    return `${word} — ${parts.join("; ")}${after.length ? `; ${after.join("; ")}` : ""}`;
  };
  const long = line(false);
  return {
    code: failing || run.endedBy ? 1 : 0,
    line: long.length <= WORDS_FIT ? long : line(true),
  };
}
