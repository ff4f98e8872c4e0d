// The job summary for GitHub Actions (written to $GITHUB_STEP_SUMMARY when GITHUB_ACTIONS is set): the
// verdict, the root causes, each failure that fails the run (one row per distinct check), what the
// baseline accepted and what no longer occurs, the unstable checks. Server text reaches it only as
// excerpts with Markdown's own characters escaped, so a body cannot add links or HTML; each redacted
// once, before it is cut and escaped (an escaped `_` would hide a key).
import { excerpt } from "../excerpt.js";
import type { Redactor } from "@project-collaboration/api";
import type { CheckResult, RunResult } from "../run.js";
import { rootCauses } from "./causes.js";
import { byKind, findings, verdict } from "./verdict.js";

/** Text in a table cell: redacted; no line break, no pipe, no HTML, no Markdown emphasis or link. */
const cellOf = (redact: Redactor) => (text: string) =>
  excerpt(redact(text).replace(/\s+/g, " "), 300)
    .replace(/[\\`*_{}[\]<>()#+!|~]/g, "\\$&")
    .trim();

const rows = (results: CheckResult[], cell: (text: string) => string) =>
  byKind(results).map((same) => {
    const r = same[0]!;
    const more = same.length > 1 ? ` (and ${same.length - 1} more like it)` : "";
    return `| ${cell(r.title)}${more} | ${cell((r.reason ?? "").split("\n")[0]!)} | ${cell(r.id)} |`;
  });

export function jobSummary(run: RunResult): string {
  const cell = cellOf(run.redact);
  const { line } = verdict(run);
  const { failures, accepted, unstable } = findings(run);
  const out = [`## pcs-contract: ${cell(line.split(" — ")[0]!)}`, "", cell(line), ""];
  if (run.setupError) return [...out, ""].join("\n");
  const causes = rootCauses(run, failures);
  if (causes.length) out.push("### Root causes", "", ...causes.map((c) => `- ${cell(c.text)} (${c.explains.length} failures)`), "");
  if (failures.length)
    out.push(`### Failures (${failures.length})`, "", "| Check | What failed | Id |", "| --- | --- | --- |", ...rows(failures, cell), "");
  if (run.baseline) {
    out.push(`### Baseline \`${cell(run.baseline.file)}\``, "", `${accepted.length} known failures accepted.`);
    if (run.baseline.gone.length)
      out.push("", "No longer occurring (remove from the baseline):", "", ...run.baseline.gone.map((e) => `- ${cell(e.id)}`));
    if (run.baseline.expired.length)
      out.push("", "Expired (failing again):", "", ...run.baseline.expired.map((e) => `- ${cell(e.id)} (${cell(e.expires ?? "")})`));
    out.push("");
  }
  if (unstable.length)
    out.push(`### Unstable (${unstable.length}): failed, then passed`, "", ...unstable.map((r) => `- ${cell(r.title)}`), "");
  return `${out.join("\n")}\n`;
}
