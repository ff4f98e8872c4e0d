// The run's last line stays within 200 characters whatever the run holds (the closing lines' promise):
// in words while they fit, in the shorter form when they would not (it reached 209 in words).
import { describe, expect, it } from "vitest";
import type { CheckResult, RunResult } from "../../contract/src/index.js";
import { verdict } from "../../contract/src/reports/verdict.js";

/** `n` results of one status, documented facts (no entries) or assumptions. */
const results = (n: number, status: CheckResult["status"], fact: boolean, prefix: string): CheckResult[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, status, entries: fact ? [] : ["an assumption"] }) as unknown as CheckResult);

/** A run with every part of the line present, each count as large as `digits` digits allow. */
function worstRun(level: "documented" | "full", digits: number): RunResult {
  const most = 10 ** digits - 1;
  const failedFacts = results(most, "failed", true, "f");
  return {
    level,
    results: [
      ...results(most, "passed", true, "p"),
      ...failedFacts,
      ...results(most, "passed", false, "ap"),
      ...results(most, "failed", false, "af"),
      ...results(most, "unstable", true, "u"),
      ...results(most, "not checked", true, "n"),
    ],
    baseline: { accepted: new Set(failedFacts.slice(0, most / 2).map((r) => r.id)) },
    cleanUpFailed: true,
    endedBy: "max-time",
    requests: 10 * most + 9,
    ms: 86_400_000 - 1,
    limits: { maxTimeMs: 86_400_000 },
  } as unknown as RunResult;
}

/** A passing run at the documented level: its facts passed, its assumptions as described or not. */
function passingRun(n: {
  facts: number;
  described: number;
  differently: number;
  notChecked: number;
  requests: number;
  ms: number;
}): RunResult {
  return {
    level: "documented",
    results: [
      ...results(n.facts, "passed", true, "p"),
      ...results(n.described, "passed", false, "a"),
      ...results(n.differently, "failed", false, "d"),
      ...results(n.notChecked, "not checked", true, "n"),
    ],
    cleanUpFailed: false,
    requests: n.requests,
    ms: n.ms,
    limits: { maxTimeMs: 600_000 },
  } as unknown as RunResult;
}

describe("the verdict line", () => {
  it("holds every part within 200 characters, at both levels, with every count at four digits", () => {
    for (const level of ["documented", "full"] as const) {
      const { line, code } = verdict(worstRun(level, 4));
      expect(code).toBe(1);
      expect(line.length, line).toBeLessThanOrEqual(200);
      for (const part of ["FAIL", "9999 passed", "9999 failed", "unstable", "not checked", "99999 requests", "clean-up", "--max-time"])
        expect(line, part).toContain(part);
    }
  });

  it("keeps its words while they fit (the guide's example run)", () => {
    const run = passingRun({ facts: 186, described: 25, differently: 258, notChecked: 14, requests: 612, ms: 24_100 });
    expect(verdict(run).line).toBe(
      "PASS — documented facts: 186 passed, 0 failed; assumptions: 25 as described, 258 chosen differently (reported only); 14 not checked; 612 requests in 24.1 s",
    );
  });

  it("the line of the issue (209 characters in words) fits", () => {
    const run = passingRun({ facts: 294, described: 33, differently: 197, notChecked: 14, requests: 1180, ms: 49_600 });
    const { line } = verdict(run);
    expect(line.length, line).toBeLessThanOrEqual(200);
    expect(line).toMatch(/^PASS — /);
  });
});
