// What a person reads, in one screen: documented failures first, grouped by operation, each with its
// request as a curl line, the status and the start of the body; then the description's assumptions the
// server chose differently (one line each, with a count); then what was not checked and why (each
// reason once, with a count); then coverage in one line per operation; then one verdict line.
import { ASSUMPTIONS } from "../description.js";
import type { CheckResult, RunResult } from "../run.js";
import { coverage } from "./coverage.js";
import { curlOf } from "./curl.js";
import { verdict } from "./verdict.js";

/** Failures shown in full; the rest are counted (all of them are in --json and --junit). */
const SHOWN_FAILURES = 12;

const indent = (text: string, by = "    ") =>
  text
    .split("\n")
    .map((line) => by + line)
    .join("\n");

function failureBlock(result: CheckResult, run: RunResult): string {
  const lines = [`  ✗ ${result.title}`, indent((result.reason ?? "").split("\n").slice(0, 4).join("\n").slice(0, 800))];
  if (result.exchange) {
    lines.push(`    ${curlOf(result.exchange, run.target, run.redact)}`);
    const body = run.redact(result.exchange.responseText.replace(/\s+/g, " ").slice(0, 200));
    lines.push(
      `    → ${result.exchange.status} ${result.exchange.responseHeaders["content-type"] ?? "(no content type)"} ${body || "(empty body)"}`,
    );
  }
  return lines.join("\n");
}

export function consoleReport(run: RunResult): string {
  const out: string[] = [];
  const failed = run.results.filter((r) => r.status === "failed");
  const documentedFailures = failed.filter((r) => r.entries.length === 0);
  const assumedFailures = failed.filter((r) => r.entries.length > 0);

  if (documentedFailures.length) {
    out.push(`Documented facts the server breaks: ${documentedFailures.length}`);
    const byOperation = new Map<string, CheckResult[]>();
    for (const r of documentedFailures) byOperation.set(r.operation ?? r.group, [...(byOperation.get(r.operation ?? r.group) ?? []), r]);
    let shown = 0;
    for (const [operation, results] of byOperation) {
      out.push(`${operation} (${results.length})`);
      for (const r of results) {
        if (shown++ < SHOWN_FAILURES) out.push(failureBlock(r, run));
      }
    }
    if (shown > SHOWN_FAILURES) out.push(`  … and ${shown - SHOWN_FAILURES} more documented failures (every one is in --json and --junit)`);
    out.push("");
  }

  if (assumedFailures.length) {
    const byEntry = new Map<string, number>();
    for (const r of assumedFailures) for (const entry of r.entries) byEntry.set(entry, (byEntry.get(entry) ?? 0) + 1);
    out.push(`Assumptions of the description the server chose differently (not defects: the interface leaves these open):`);
    for (const [entry, count] of [...byEntry].sort((a, b) => b[1] - a[1]))
      out.push(`  ${entry} ×${count} — ${ASSUMPTIONS[entry]?.title ?? ""}`);
    out.push("");
  }

  const notChecked = run.results.filter((r) => r.status === "not checked");
  if (notChecked.length) {
    const byReason = new Map<string, number>();
    for (const r of notChecked) byReason.set(r.reason ?? "", (byReason.get(r.reason ?? "") ?? 0) + 1);
    out.push("Not checked:");
    for (const [reason, count] of [...byReason].sort((a, b) => b[1] - a[1])) out.push(`  ×${count} ${run.redact(reason)}`);
    out.push("");
  }

  if (run.cleanUp.length) {
    out.push("Clean-up:");
    for (const line of run.cleanUp) out.push(`  - ${line}`);
    out.push("");
  }

  out.push("Coverage (declared statuses checked; — not checked):");
  for (const c of coverage(run.results)) {
    const statuses = [...c.checked.map((s) => `${s} ✓`), ...c.notChecked.map((n) => `${n.status} —`)].join(", ");
    out.push(`  ${c.operation}: ${statuses}${c.rules.length ? `; rules: ${c.rules.length}` : ""}`);
  }
  out.push("");
  out.push(verdict(run).line);
  return out.join("\n");
}
