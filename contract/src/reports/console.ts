// What a person reads, the cause first, in one pass (issue 59). In order:
//   - the verdict's word (PASS, FAIL, INCOMPLETE, STOPPED) on the first line;
//   - warnings: the run was cut short, or shallow (most requests 404, nearly all 401, timeouts);
//   - what the baseline accepted, what fails otherwise than it says (was/now), its entries that no longer occur;
//   - the documented failures: each root cause once (every request to one path answered the same
//     error: its failures are that one finding), then every distinct failing check named one a line
//     (the first screen names them all), then one block of each: at most BLOCK_LINES lines — its reason,
//     its request as a curl line, the status and the start of the body — with its repetitions (the same
//     check on other operations) named in one line, never shown again; an error of the checker's own
//     is one line saying so, its stack in --json;
//   - unstable checks (failed, then passed when tried again);
//   - the description's assumptions the server chose differently, one line each with a count (at the
//     documented level reported, not failed; a server that breaks none of the documented facts is told
//     that the documented level passes it);
//   - what was not checked, grouped under what would check it (each reason once, one line, its count
//     in words and the operations it held for), the clean-up, coverage in one line per operation, the
//     seed of the generated sequences when some ran, the stated rules not exercised (one line each,
//     under their reason: stated-rules.ts), and one verdict line.
// No line is wider than WIDEST (160): texts are cut to it, the whole of each is in --json. The closing
// lines fit an 80-column terminal.
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
import type { Exchange } from "../transport/transport.js";
import { rootCauses } from "./causes.js";
import { coverage } from "./coverage.js";
import { statedRules } from "./stated-rules.js";
import { wrap } from "./wrap.js";
import { curlOf } from "./curl.js";
import { byKind, findings, verdict } from "./verdict.js";
import { warnings } from "./warnings.js";

/** The widest line of the report: a person reads it in one pass (issue 59); --json holds every text whole. */
export const WIDEST = 160;
/** The lines of one failing check's block, its heading included. */
const BLOCK_LINES = 12;
/** Lines of a failure's reason shown (the first says what was seen; the rest is in --json). */
const REASON_LINES = 3;
/** Lines one request's curl command may take (broken before its options). */
const CURL_LINES = 3;
/** Names of the other cases of a check shown in its one line of repetitions. */
const NAMED_REPETITIONS = 8;
/** Operations named in a line of what was not checked. */
const NAMED_NOT_CHECKED = 4;
/** The distinct failing checks named in the list at the top, so the first screen names them all. */
const LISTED_CHECKS = 30;

/** A text shown on one line of the report: redacted, then every line break and command escaped. */
const oneLine = (run: RunResult, text: string) => safeCiText(run.redact(text));

/** `line` cut to `width` characters, an ellipsis saying so. */
export const clip = (line: string, width = WIDEST) => (line.length <= width ? line : `${line.slice(0, width - 1)}…`);

/** "once", "twice", "11 times": a count a person reads as a word, never "×11" (read as ✗ at a glance). */
export const times = (count: number) => (count === 1 ? "once" : count === 2 ? "twice" : `${count} times`);

/** An assertion's own line that says nothing a person can use ("expected false to be true"), or the
 * start of a value printed whole over several lines (an object, a list): the reason's first line
 * already quotes what was seen, and --json holds the rest. */
const NOT_SHOWN = /^expected (?:(?:true|false|undefined|null) (?:not )?to be (?:true|false|defined|undefined)$|[[{])/;

/** The reason's lines worth a person's reading, each on one line of the report: those before the
 * assertion's, and the assertion's when it is one short line ("expected 2 to be at most 1"). */
function reasonLines(run: RunResult, result: CheckResult): string[] {
  const all = (result.reason ?? "").split("\n").map((line) => line.trim());
  const assertion = all.findIndex((line) => line.startsWith("expected "));
  const kept = assertion < 0 ? all : all.slice(0, NOT_SHOWN.test(all[assertion]!) ? assertion : assertion + 1);
  return kept
    .filter((line) => line && !/^at /.test(line))
    .slice(0, REASON_LINES)
    .map((line) => clip(`    ${oneLine(run, line)}`));
}

/** A curl line that fits, or the same broken over a few lines, or its start and where the whole one is
 * (a body of kilobytes, say). */
function curlLines(run: RunResult, exchange: Exchange): string[] {
  const raw = curlOf(exchange, run.target, run.redact);
  // Measured as it is printed: a control character a server sent is six characters once escaped.
  const curl = oneLine(run, raw);
  const line = `    ${curl}`;
  if (line.length <= WIDEST && !raw.includes("\n")) return [line];
  const continued = !raw.includes("\n") && continuedLines(curl);
  if (continued) return continued;
  // Its options up to the one too long (a body, most often), then where the whole line is.
  const where = ` … (${curl.length} characters: the whole line is in --json)`;
  const room = WIDEST - 4 - where.length;
  const [first, ...options] = optionsOf(curl.replace(/\s+/g, " "));
  let shown = first!.slice(0, room);
  for (const option of options) {
    if (shown.length + 1 + option.length > room) break;
    shown += ` ${option}`;
  }
  return [`    ${shown}${where}`];
}

/** A command too long for one line as lines a shell still reads as one (each but the last ending in
 * " \\"), broken only before an option outside quotes; false when one of its words is itself too long
 * for a line, or it would take more than CURL_LINES. */
function continuedLines(command: string): string[] | false {
  const words = optionsOf(command);
  const widest = WIDEST - "      ".length - " \\".length;
  if (words.some((word) => word.length > widest)) return false;
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= widest) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  if (lines.length > CURL_LINES) return false;
  return lines.map((text, i) => `${i === 0 ? "    " : "      "}${text}${i < lines.length - 1 ? " \\" : ""}`);
}

/** A command cut before each option outside quotes: `curl -sS -i`, `-H 'a: b'`, `--data-raw '…'`. */
function optionsOf(command: string): string[] {
  const words: string[] = [];
  let quote = "";
  let start = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "\\" && quote !== "'")
      i++; // an escaped character, outside single quotes
    else if (quote ? c === quote : c === "'" || c === '"') quote = quote ? "" : c!;
    else if (!quote && c === " " && command[i + 1] === "-") {
      words.push(command.slice(start, i));
      start = i + 1;
    }
  }
  words.push(command.slice(start));
  return words;
}

/** One failing check: at most BLOCK_LINES lines of at most WIDEST characters — what failed and why, the
 * requests that reproduce it as curl lines, the answer's status and the start of its body. */
function failureBlock(result: CheckResult, run: RunResult, repetitions?: string): string[] {
  const lines = [clip(`  ✗ ${oneLine(run, result.title)}`), ...reasonLines(run, result)];
  if (result.checkerError) lines.push("    (an error of the checker itself, not of the server: its stack is in --json, checkerError)");
  const closing: string[] = [];
  if (result.exchange) {
    closing.push(...curlLines(run, result.exchange));
    const body = excerpt(result.exchange.responseText, 200).replace(/\s+/g, " ");
    const type = result.exchange.responseHeaders["content-type"] ?? "(no content type)";
    closing.push(clip(`    → ${result.exchange.status} ${oneLine(run, `${type} ${body || "(empty body)"}`)}`));
  }
  if (repetitions) closing.push(clip(repetitions));
  // A reproduction of several requests (the model's shortest failing sequence) is printed in order, its
  // last requests when they do not all fit.
  const earlier = (result.reproduction ?? []).filter((e) => e !== result.exchange).map((e) => curlLines(run, e));
  const room = BLOCK_LINES - lines.length - closing.length - 1;
  // The last requests before the failing one that fit the room left (the heading's line is kept).
  const shown: string[][] = [];
  let used = 0;
  for (const request of [...earlier].reverse()) {
    if (used + request.length > room) break;
    shown.unshift(request);
    used += request.length;
  }
  if (shown.length)
    lines.push(
      shown.length < earlier.length
        ? `    to reproduce, in order (the last ${shown.length} of ${earlier.length} requests; all of them in --json):`
        : "    to reproduce, in order:",
      ...shown.flat(),
    );
  else if (earlier.length && room >= 0)
    lines.push(`    to reproduce: ${earlier.length} requests before this one (in --json, reproduction)`);
  return [...lines, ...closing];
}

/** "listCopy, listFiles, … and 4 more": what tells the repetitions of a check apart. */
function named(results: CheckResult[]): string {
  const names = [...new Set(results.map((r) => r.case ?? r.operation ?? r.title))];
  const shown = names.slice(0, NAMED_REPETITIONS).join(", ");
  return names.length > NAMED_REPETITIONS ? `${shown} and ${names.length - NAMED_REPETITIONS} more` : shown;
}

/** A check's title without its level tag ("[documented] "): the list above the blocks is of one level. */
const untagged = (title: string) => title.replace(/^\[[^\]]*\]\s*/, "");

function failuresSection(run: RunResult, failures: CheckResult[]): string[] {
  const documented = failures.filter((r) => r.entries.length === 0);
  if (documented.length === 0) return [];
  const out: string[] = [];
  const kinds = byKind(documented);
  out.push(
    `Documented facts the server breaks: ${documented.length} failure${documented.length > 1 ? "s" : ""} of ${kinds.length} distinct check${kinds.length > 1 ? "s" : ""} (every one is in --json and --junit)`,
  );
  const causes = rootCauses(run, documented);
  const explained = new Set<string>();
  for (const cause of causes) {
    const mine = documented.filter((r) => cause.explains.includes(r.id));
    const checks = byKind(mine).length;
    out.push(...wrap(`Cause: ${oneLine(run, cause.text)}`, "  ", "    ", WIDEST));
    out.push(
      `    It explains ${mine.length} failure${mine.length > 1 ? "s" : ""} of ${checks} distinct check${checks > 1 ? "s" : ""} about ${cause.operation}; one of them is explained below.`,
    );
    for (const r of mine) explained.add(r.id);
  }
  // Every distinct check, one line each, before any block: the first screen names them all.
  const rest = byKind(documented.filter((r) => !explained.has(r.id)));
  const examples = causes.map((cause) => documented.find((r) => cause.explains.includes(r.id))!);
  out.push("  The checks that fail, each explained below:");
  const listed = [...examples.map((r) => [r]), ...rest];
  for (const kind of listed.slice(0, LISTED_CHECKS)) {
    const count = kind.length > 1 ? ` (${times(kind.length)})` : "";
    out.push(clip(`    ✗ ${oneLine(run, untagged(kind[0]!.title))}${count}`));
  }
  if (listed.length > LISTED_CHECKS) out.push(`    and ${listed.length - LISTED_CHECKS} more, below`);
  out.push("");
  for (const example of examples) out.push(...failureBlock(example, run), "");
  for (const kind of rest) {
    const repetitions = kind.length > 1 ? `    … the same check fails for ${kind.length - 1} more: ${named(kind.slice(1))}` : undefined;
    out.push(...failureBlock(kind[0]!, run, repetitions ? oneLine(run, repetitions) : undefined), "");
  }
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
    out.push(clip(`  ${entry}, ${times(results.length)} — ${ASSUMPTIONS[entry]?.title ?? ""}`));
    const first = results[0]!;
    // The example's title, then what was seen (its own line: the answer's start is what it rests on).
    out.push(clip(`    e.g. ${oneLine(run, untagged(first.title))}`));
    out.push(clip(`      ${oneLine(run, (first.reason ?? "").split("\n")[0]!)}`));
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
      "  ! Entries without a signature (or by an id before codes), matched by their check alone: write it again with --write-baseline.",
    );
  for (const { entry, now } of outcome.changed) {
    // An id is copied into a baseline whole: one too long for the line goes on a line of its own.
    out.push(...wrap(`! fails differently now, so not accepted: ${oneLine(run, entry.id)}`, "  ", "      ", WIDEST));
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

/** What would check what a run did not, from the words of its reason (each reason names it: the
 * option, the key, the kind of server or the data), first match first. */
const REMEDIES: Array<[RegExp, string]> = [
  [/--allow-writes|PCS_ALLOW_WRITES/, "With writes allowed (--allow-writes, PCS_ALLOW_WRITES=1)"],
  [/PCS_OTHER_API_KEY|second user's key/, "With a second user's key (PCS_OTHER_API_KEY)"],
  [/--invite-email|PCS_INVITE_EMAIL/, "With an invite address (--invite-email, PCS_INVITE_EMAIL)"],
  [/--target sandbox|--disposable|disposable/, "On a disposable server (--target sandbox, or --disposable for a fresh instance of yours)"],
  [/--target mock/, "On the mock (--target mock)"],
  [/--max-time/, "With more time (--max-time) or fewer checks (--only)"],
  [/--timeout|in time/, "With a longer --timeout, or a server that answers sooner"],
  [/busy/, "When the server is less busy (it answered 429/503 to every attempt)"],
  [/would check|with more of them|or more\b|both cases/, "With more data on the server (the reason says which)"],
];
const UNCHECKABLE = "Not checkable with what the server answered";

/** What would check a check not checked, by the words of its reason. */
export function remedyOf(reason: string): string {
  return REMEDIES.find(([pattern]) => pattern.test(reason))?.[1] ?? UNCHECKABLE;
}

/** Each reason once, one line each — how many times it held, for which operations, why — grouped under
 * what would check them. */
function notCheckedSection(run: RunResult): string[] {
  const byReason = new Map<string, CheckResult[]>();
  for (const r of run.results.filter((result) => result.status === "not checked")) {
    const same = byReason.get(r.reason ?? "");
    if (same) same.push(r);
    else byReason.set(r.reason ?? "", [r]);
  }
  if (byReason.size === 0) return [];
  const byRemedy = new Map<string, string[]>();
  const order = [...REMEDIES.map(([, remedy]) => remedy), UNCHECKABLE];
  for (const [reason, results] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    const names = [...new Set(results.map((r) => r.operation ?? (r.group === "model" ? "the model's scenarios" : r.group)))];
    const shown = names.slice(0, NAMED_NOT_CHECKED).join(", ");
    const what = names.length > NAMED_NOT_CHECKED ? `${shown} and ${names.length - NAMED_NOT_CHECKED} more` : shown;
    // A reason that begins with what it is about ("listCopy (GET …): the list holds …") is not preceded by it again.
    const about = reason.startsWith(names[0]!) && names.length === 1 ? "" : `${what} — `;
    const remedy = remedyOf(reason);
    byRemedy.set(remedy, [...(byRemedy.get(remedy) ?? []), clip(`    ${times(results.length)}: ${about}${oneLine(run, reason)}`)]);
  }
  const total = [...byReason.values()].reduce((sum, results) => sum + results.length, 0);
  const out = [`Not checked: ${total} check${total === 1 ? "" : "s"}, by what would check them (each reason whole in --json):`];
  for (const remedy of order.filter((r) => byRemedy.has(r))) out.push(`  ${remedy}:`, ...byRemedy.get(remedy)!);
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
  if (opening.length) out.push(...opening.flatMap((line) => wrap(line, "", "  ", WIDEST)), "");
  out.push(...baselineSection(run, accepted));
  out.push(...failuresSection(run, failures));

  if (unstable.length) {
    out.push(`Unstable (failed, then passed when tried again; not failed): ${unstable.length}`);
    for (const r of unstable) out.push(clip(`  ~ ${oneLine(run, r.title)}: ${oneLine(run, (r.reason ?? "").split("\n")[0]!)}`));
    out.push("");
  }

  const assumed = run.level === "full" ? failures.filter((r) => r.entries.length > 0) : differences;
  out.push(...assumptionsSection(run, assumed, failures.filter((r) => r.entries.length === 0).length));

  out.push(...notCheckedSection(run));

  if (run.cleanUp.length) {
    out.push("Clean-up:");
    for (const line of run.cleanUp) {
      // A curl line that would delete what is left stays whole, on a line of its own, to be pasted.
      const curl = line.indexOf("curl -sS ");
      out.push(...wrap(oneLine(run, curl < 0 ? line : line.slice(0, curl).trimEnd()), "  - ", "    ", WIDEST));
      if (curl >= 0) out.push(`    ${oneLine(run, line.slice(curl))}`);
    }
    out.push("");
  }

  out.push("Coverage (declared statuses checked ✓; — not checked):");
  for (const c of coverage(run.results, run.target.baseUrl, run.exchanges)) {
    const statuses = [...c.checked.map((s) => `${s} ✓`), ...c.notChecked.map((n) => `${n.status} —`)].join(", ");
    out.push(`  ${c.operation}: ${statuses}${c.rules.length ? `; rules: ${c.rules.length}` : ""}`);
  }
  // The seed only when a generated sequence ran (runContract sets it then).
  if (run.seed !== undefined) out.push(`The model's generated sequences used seed ${run.seed}: --seed ${run.seed} runs them again.`);
  for (const note of run.notes ?? []) out.push(...wrap(note, "", "  ", WIDEST));
  out.push(...rulesSection(run));
  out.push("");
  out.push(verdict(run).line);
  // The last guard of the width: a line that escaping made longer (a control character is six) is cut.
  return safeCiText(run.redact(out.join("\n")), { multiline: true })
    .split("\n")
    .map((line) => clip(line))
    .join("\n");
}
