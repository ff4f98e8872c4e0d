// The job summary for GitHub Actions (written to $GITHUB_STEP_SUMMARY when GITHUB_ACTIONS is set): the
// verdict, the root causes, each failure that fails the run (one row per distinct check), what the
// baseline accepted, what fails differently now and what no longer occurs, the unstable checks. Every
// text that is not one of the summary's own words is shown as a code span (`text`): GitHub renders it as
// it is — no link (its Markdown links any URL, www. name or email address in plain text), no HTML, no
// emphasis. Each is redacted once, before it is cut and escaped (an escaped character would hide a key),
// and is one line, safe for a CI log (safeCiText).
import { safeCiText } from "@project-collaboration/api";
import { signatureLine } from "./baseline.js";
import { excerpt } from "../transport/excerpt.js";
import type { Redactor } from "@project-collaboration/api";
import type { CheckResult } from "../runner/result.js";
import type { RunResult } from "./run-result.js";
import { rootCauses } from "./causes.js";
import { byKind, findings, verdict } from "./verdict.js";

/** A code span of `text` (fenced by more backticks than it holds in a row), or "" for blank text. In a
 * table cell a pipe would end the cell, even in a code span: GitHub reads `\|` there as the pipe itself. */
export const codeSpanOf =
  (redact: Redactor) =>
  (text: string, inTable = false): string => {
    let shown = safeCiText(excerpt(redact(text), 300));
    if (inTable) shown = shown.replace(/\|/g, "\\|");
    if (shown.trim() === "") return "";
    const fence = "`".repeat(Math.max(0, ...(shown.match(/`+/g) ?? []).map((ticks: string) => ticks.length)) + 1);
    const pad = shown.startsWith("`") || shown.endsWith("`") ? " " : "";
    return `${fence}${pad}${shown}${pad}${fence}`;
  };

const rows = (results: CheckResult[], code: ReturnType<typeof codeSpanOf>) =>
  byKind(results).map((same) => {
    const r = same[0]!;
    const more = same.length > 1 ? ` (and ${same.length - 1} more like it)` : "";
    return `| ${code(r.title, true)}${more} | ${code((r.reason ?? "").split("\n")[0]!, true)} | ${code(r.id, true)} |`;
  });

export function jobSummary(run: RunResult): string {
  const code = codeSpanOf(run.redact);
  const { line } = verdict(run);
  const { failures, accepted, unstable } = findings(run);
  // The heading's word is the verdict's own (PASS, FAIL, INCOMPLETE, STOPPED).
  const out = [`## pcs-contract: ${/^[A-Z]+/.exec(line)?.[0] ?? ""}`, "", code(line), ""];
  if (run.setupError) return [...out, ""].join("\n");
  const causes = rootCauses(run, failures);
  if (causes.length) out.push("### Root causes", "", ...causes.map((c) => `- ${code(c.text)} (${c.explains.length} failures)`), "");
  if (failures.length)
    out.push(`### Failures (${failures.length})`, "", "| Check | What failed | Id |", "| --- | --- | --- |", ...rows(failures, code), "");
  if (run.baseline) {
    out.push(`### Baseline ${code(run.baseline.file)}`, "", `${accepted.length} known failures accepted.`);
    if (run.baseline.changed.length)
      out.push(
        "",
        "Failing differently from the baseline (not accepted):",
        "",
        ...run.baseline.changed.flatMap(({ entry, now }) => [
          `- ${code(entry.id)}`,
          `  - was: ${entry.signature ? code(signatureLine(entry.signature)) : ""}`,
          `  - now: ${code(signatureLine(now))}`,
        ]),
      );
    if (run.baseline.gone.length)
      out.push("", "No longer occurring (remove from the baseline):", "", ...run.baseline.gone.map((e) => `- ${code(e.id)}`));
    if (run.baseline.expired.length)
      out.push("", "Expired (failing again):", "", ...run.baseline.expired.map((e) => `- ${code(e.id)} (${code(e.expires ?? "")})`));
    out.push("");
  }
  if (unstable.length)
    out.push(`### Unstable (${unstable.length}): failed, then passed`, "", ...unstable.map((r) => `- ${code(r.title)}`), "");
  return `${out.join("\n")}\n`;
}
