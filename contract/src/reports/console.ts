// What a person reads, the cause first. In order:
//   - the verdict's word (PASS, FAIL, INCOMPLETE, STOPPED) on the first line;
//   - warnings: the run was cut short, or shallow (most requests 404, nearly all 401, timeouts);
//   - what the baseline accepted, what fails otherwise than it says (was/now), its entries that no longer occur;
//   - the documented failures: each root cause once (every request to one path answered the same
//     error: its failures are that one finding), then one explained example of each distinct failing
//     check — its reason, its request as a curl line, the status and the start of the body — with its
//     repetitions (the same check on other operations) named in one line, never shown again;
//   - unstable checks (failed, then passed when tried again);
//   - the description's assumptions the server chose differently, one line each with a count (at the
//     documented level reported, not failed; a server that breaks none of the documented facts is told
//     that the documented level passes it);
//   - what was not checked, why and what would check it (each reason once, with a count and the
//     operations it held for), the clean-up, coverage in one line per operation, the seed of the
//     generated sequences when some ran, the stated rules not exercised (one line each, under their
//     reason: stated-rules.ts), and one verdict line.
// The closing lines fit an 80-column terminal; only quoted server text may run longer.
// Server text is cut to excerpts here, and each text that is one line stays one (`oneLine`: a line break a
// server put in a reason, a clean-up line or a field name is escaped, never a line of its own that could
// pass for the verdict or a CI runner's command); the whole text is redacted and made safe for a terminal
// and a CI log once, as it is returned (main.ts prints it as it is).
import { safeCiText } from "@project-collaboration/api";
import { signatureLine } from "./baseline.js";
import { ASSUMPTIONS } from "../description/description.js";
import { excerpt } from "../transport/excerpt.js";
import type { CheckResult } from "../runner/result.js";
import type { RunResult } from "./run-result.js";
import { rootCauses } from "./causes.js";
import { coverage } from "./coverage.js";
import { statedRules } from "./stated-rules.js";
import { wrap } from "./wrap.js";
import { curlOf } from "./curl.js";
import { byKind, findings, verdict } from "./verdict.js";
import { warnings } from "./warnings.js";

/** The requests before a failing one that the console prints of its reproduction (--json holds them all). */
const REPRODUCTION_SHOWN = 12;
/** Names of the other cases of a check shown in its one line of repetitions. */
const NAMED_REPETITIONS = 8;
/** Operations named in a line of what was not checked. */
const NAMED_NOT_CHECKED = 4;

/** A text shown on one line of the report: redacted, then every line break and command escaped. */
const oneLine = (run: RunResult, text: string) => safeCiText(run.redact(text));

const indent = (text: string, by = "    ") =>
  text
    .split("\n")
    .map((line) => by + line)
    .join("\n");

function failureBlock(result: CheckResult, run: RunResult): string {
  const reason = (result.reason ?? "").split("\n").slice(0, 4).join("\n");
  const lines = [`  ✗ ${result.title}`, indent(excerpt(reason, 800))];
  // A reproduction of several requests (the model's shortest failing sequence) is printed in order.
  const earlier = (result.reproduction ?? []).filter((e) => e !== result.exchange).slice(-REPRODUCTION_SHOWN);
  if (earlier.length) {
    lines.push("    to reproduce, in order:");
    for (const exchange of earlier) lines.push(`    ${curlOf(exchange, run.target, run.redact)}`);
  }
  if (result.exchange) {
    lines.push(`    ${curlOf(result.exchange, run.target, run.redact)}`);
    const body = excerpt(result.exchange.responseText, 200).replace(/\s+/g, " ");
    const type = result.exchange.responseHeaders["content-type"] ?? "(no content type)";
    lines.push(`    → ${result.exchange.status} ${oneLine(run, `${type} ${body || "(empty body)"}`)}`);
  }
  return lines.join("\n");
}

/** "listCopy, listFiles, … (and 4 more)": what tells the repetitions of a check apart. */
function named(results: CheckResult[]): string {
  const names = [...new Set(results.map((r) => r.case ?? r.operation ?? r.title))];
  const shown = names.slice(0, NAMED_REPETITIONS).join(", ");
  return names.length > NAMED_REPETITIONS ? `${shown} and ${names.length - NAMED_REPETITIONS} more` : shown;
}

function failuresSection(run: RunResult, failures: CheckResult[]): string[] {
  const documented = failures.filter((r) => r.entries.length === 0);
  if (documented.length === 0) return [];
  const out: string[] = [];
  const kinds = byKind(documented);
  out.push(
    `Documented facts the server breaks: ${documented.length} failure${documented.length > 1 ? "s" : ""} of ${kinds.length} distinct check${kinds.length > 1 ? "s" : ""} (every one is in --json and --junit)`,
  );
  const explained = new Set<string>();
  for (const cause of rootCauses(run, documented)) {
    const mine = documented.filter((r) => cause.explains.includes(r.id));
    out.push(`  Cause: ${cause.text}`);
    const checks = byKind(mine).length;
    out.push(
      `    It explains ${mine.length} failure${mine.length > 1 ? "s" : ""} of ${checks} distinct check${checks > 1 ? "s" : ""} about ${cause.operation}; one of them:`,
    );
    out.push(failureBlock(mine[0]!, run));
    for (const r of mine) explained.add(r.id);
  }
  for (const kind of byKind(documented.filter((r) => !explained.has(r.id)))) {
    out.push(failureBlock(kind[0]!, run));
    if (kind.length > 1) out.push(`    … the same check fails for ${kind.length - 1} more: ${named(kind.slice(1))}`);
  }
  out.push("");
  return out;
}

function assumptionsSection(run: RunResult, assumed: CheckResult[], documentedFailures: number): string[] {
  if (assumed.length === 0) return [];
  const byEntry = new Map<string, CheckResult[]>();
  for (const r of assumed)
    for (const entry of r.entries) {
      const same = byEntry.get(entry);
      if (same) same.push(r);
      else byEntry.set(entry, [r]);
    }
  const out = [
    run.level === "full"
      ? "Assumptions of the description the server chose differently (failed at --level full; the interface leaves these open):"
      : "Assumptions of the description the server chose differently (reported, not failed: the interface leaves these open; --level full fails on them):",
  ];
  for (const [entry, results] of [...byEntry].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`  ${entry} ×${results.length} — ${ASSUMPTIONS[entry]?.title ?? ""}`);
    const first = results[0]!;
    out.push(`    e.g. ${first.title}: ${oneLine(run, excerpt((first.reason ?? "").split("\n")[0]!, 240))}`);
  }
  if (run.level === "full" && documentedFailures === 0)
    out.push("  No documented fact fails: at --level documented (the default) this server passes.");
  out.push("");
  return out;
}

function baselineSection(run: RunResult, accepted: CheckResult[]): string[] {
  const outcome = run.baseline;
  if (!outcome) return [];
  const out = [
    `Baseline ${oneLine(run, outcome.file)}: ${accepted.length} known failure${accepted.length === 1 ? "" : "s"} accepted (not failing the run).`,
  ];
  if (outcome.unsigned)
    out.push(
      "  ! It has entries of an earlier version (without a signature of how each failed, or by a check's id before codes), matched by their check alone: write it again with --write-baseline, keeping your reasons.",
    );
  for (const { entry, now } of outcome.changed) {
    out.push(`  ! fails differently now, so not accepted: ${oneLine(run, entry.id)}`);
    out.push(`      was: ${oneLine(run, entry.signature ? signatureLine(entry.signature) : "")}`);
    out.push(`      now: ${oneLine(run, signatureLine(now))}`);
  }
  for (const entry of outcome.expired) out.push(`  ! expired on ${entry.expires}, failing again: ${oneLine(run, entry.id)}`);
  if (outcome.gone.length) {
    out.push(
      `  ${outcome.gone.length} baselined finding${outcome.gone.length > 1 ? "s" : ""} no longer occur (the check passes: remove the entry):`,
    );
    for (const entry of outcome.gone) out.push(`    ✓ ${oneLine(run, entry.id)}`);
  }
  out.push("");
  return out;
}

/** Each reason once, with how many checks it held for and their operations, wrapped to the terminal. */
function notCheckedSection(run: RunResult): string[] {
  const byReason = new Map<string, CheckResult[]>();
  for (const r of run.results.filter((result) => result.status === "not checked")) {
    const same = byReason.get(r.reason ?? "");
    if (same) same.push(r);
    else byReason.set(r.reason ?? "", [r]);
  }
  if (byReason.size === 0) return [];
  const out = ["Not checked (what, why, and what would check it):"];
  for (const [reason, results] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    const names = [...new Set(results.map((r) => r.operation ?? (r.group === "model" ? "the model's scenarios" : r.group)))];
    const shown = names.slice(0, NAMED_NOT_CHECKED).join(", ");
    const what = names.length > NAMED_NOT_CHECKED ? `${shown} and ${names.length - NAMED_NOT_CHECKED} more` : shown;
    // A reason that begins with what it is about ("listCopy (GET …): the list holds …") is not preceded by it again.
    const about = reason.startsWith(names[0]!) && names.length === 1 ? "" : `${what} — `;
    out.push(...wrap(`×${results.length} ${about}${oneLine(run, reason)}`, "  ", "      "));
  }
  out.push("");
  return out;
}

/** The stated rules exercised, then those not, one line each under their reason (each reason once). */
function rulesSection(run: RunResult): string[] {
  const { exercised, notExercised } = statedRules(run);
  const total = exercised.length + notExercised.length;
  if (notExercised.length === 0) return [`Stated rules of the interface exercised: ${total} of ${total}.`];
  const out = [`Stated rules of the interface exercised: ${exercised.length} of ${total}; not exercised:`];
  const byReason = new Map<string, typeof notExercised>();
  for (const rule of notExercised) byReason.set(rule.why, [...(byReason.get(rule.why) ?? []), rule]);
  for (const [why, rules] of byReason) {
    out.push(...wrap(oneLine(run, why), "  "));
    for (const { rule, step } of rules) out.push(`    ${rule}${step ? ` — ${step}` : ""}`);
  }
  return out;
}

export function consoleReport(run: RunResult): string {
  const out: string[] = [];
  const { failures, accepted, differences, unstable } = findings(run);
  // The first screen says how the run went, whatever follows: the verdict's word (its one full line,
  // the checker's own, stays last).
  const word = verdict(run).line.split(" — ")[0];
  out.push(`Result: ${word} at --level ${run.level}; the last line sums the run up.`, "");
  const opening = warnings(run);
  if (opening.length) out.push(...opening, "");
  out.push(...baselineSection(run, accepted));
  out.push(...failuresSection(run, failures));

  if (unstable.length) {
    out.push(`Unstable (failed, then passed when tried again; not failed): ${unstable.length}`);
    for (const r of unstable) out.push(`  ~ ${r.title}: ${oneLine(run, excerpt((r.reason ?? "").split("\n")[0]!, 240))}`);
    out.push("");
  }

  const assumed = run.level === "full" ? failures.filter((r) => r.entries.length > 0) : differences;
  out.push(...assumptionsSection(run, assumed, failures.filter((r) => r.entries.length === 0).length));

  out.push(...notCheckedSection(run));

  if (run.cleanUp.length) {
    out.push("Clean-up:");
    for (const line of run.cleanUp) out.push(`  - ${oneLine(run, line)}`);
    out.push("");
  }

  out.push("Coverage (declared statuses checked ✓; — not checked):");
  for (const c of coverage(run.results, run.target.baseUrl, run.exchanges)) {
    const statuses = [...c.checked.map((s) => `${s} ✓`), ...c.notChecked.map((n) => `${n.status} —`)].join(", ");
    out.push(`  ${c.operation}: ${statuses}${c.rules.length ? `; rules: ${c.rules.length}` : ""}`);
  }
  // The seed only when a generated sequence ran (runContract sets it then).
  if (run.seed !== undefined) out.push(`The model's generated sequences used seed ${run.seed}: --seed ${run.seed} runs them again.`);
  for (const note of run.notes ?? []) out.push(note);
  out.push(...rulesSection(run));
  out.push("");
  out.push(verdict(run).line);
  return safeCiText(run.redact(out.join("\n")), { multiline: true });
}
