// The outcome of a run: the exit code and the one line that says it. 0: every documented fact holds
// (at --level full, every check); 1: one does not, or the clean-up left something behind.
import type { RunResult } from "../run.js";

export function verdict(run: RunResult): { code: 0 | 1; line: string } {
  const count = (status: string, documented?: boolean) =>
    run.results.filter((r) => r.status === status && (documented === undefined || (r.entries.length === 0) === documented)).length;
  const documentedFailed = count("failed", true);
  const assumedFailed = count("failed", false);
  const failing = documentedFailed > 0 || (run.level === "full" && assumedFailed > 0) || run.cleanUpFailed;
  const parts = [
    `documented facts: ${count("passed", true)} passed, ${documentedFailed} failed`,
    run.level === "full"
      ? `assumptions: ${count("passed", false)} passed, ${assumedFailed} failed`
      : "assumptions: not checked at this level",
    `${count("not checked")} not checked`,
    `${run.requests} requests in ${(run.ms / 1000).toFixed(1)} s`,
  ];
  return {
    code: failing ? 1 : 0,
    line: `${failing ? "FAIL" : "PASS"} — ${parts.join("; ")}${run.cleanUpFailed ? "; the clean-up left something behind" : ""}`,
  };
}
