// Known findings, so CI fails only on what is new (--baseline <file>, --write-baseline <file>). A
// baseline is a JSON file a person reads and edits: one entry per finding — the id of the failing check
// (stable across runs and versions), its title for the reader, why it is accepted, and optionally the
// date it stops being accepted. A run with a baseline fails only on failures not in it (or whose entry
// has expired), and names the entries whose check now passes: they can go.
import { readFileSync, writeFileSync } from "node:fs";

export interface BaselineEntry {
  /** The failing check's id (the JSON report's `checks[].id`). */
  id: string;
  /** The check's title, for the reader (not matched). */
  title?: string;
  /** Why this finding is accepted: a person's words. */
  reason: string;
  /** YYYY-MM-DD: from this day on the finding fails the run again. */
  expires?: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export class BaselineError extends Error {
  override name = "BaselineError";
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The baseline in `file`, or a BaselineError that says in one line what is wrong with it. */
export function readBaseline(file: string): Baseline {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new BaselineError(`--baseline ${file} cannot be read as JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  const findings = (parsed as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings)) throw new BaselineError(`--baseline ${file} has no "findings" list (--write-baseline writes one)`);
  const entries = findings.map((entry: Partial<BaselineEntry>, index) => {
    if (typeof entry?.id !== "string" || entry.id === "") throw new BaselineError(`--baseline ${file}: finding ${index + 1} has no "id"`);
    if (typeof entry.reason !== "string" || entry.reason.trim() === "")
      throw new BaselineError(`--baseline ${file}: finding ${entry.id} has no "reason" (say why it is accepted)`);
    if (
      entry.expires !== undefined &&
      (typeof entry.expires !== "string" || !DATE.test(entry.expires) || Number.isNaN(Date.parse(entry.expires)))
    )
      throw new BaselineError(
        `--baseline ${file}: finding ${entry.id} has "expires" ${JSON.stringify(entry.expires)}, not a date (YYYY-MM-DD)`,
      );
    return entry as BaselineEntry;
  });
  return { file, entries };
}

export interface BaselineOutcome {
  file: string;
  /** Failures the baseline accepts (not failing the run), by check id. */
  accepted: Map<string, BaselineEntry>;
  /** Entries whose finding still fails but whose date has passed: failing the run again. */
  expired: BaselineEntry[];
  /** Entries whose check passed this run: the finding no longer occurs. */
  gone: BaselineEntry[];
}

/** What the baseline does to this run's failures (`failing`: ids of the failures that count), and which
 * of its entries no longer occur (`passed`: ids of the checks that passed). */
export function applyBaseline(baseline: Baseline, failing: string[], passed: string[], today = new Date()): BaselineOutcome {
  const day = today.toISOString().slice(0, 10);
  const byId = new Map(baseline.entries.map((entry) => [entry.id, entry]));
  const accepted = new Map<string, BaselineEntry>();
  const expired: BaselineEntry[] = [];
  for (const id of failing) {
    const entry = byId.get(id);
    if (!entry) continue;
    if (entry.expires !== undefined && entry.expires <= day) expired.push(entry);
    else accepted.set(id, entry);
  }
  const passing = new Set(passed);
  return { file: baseline.file, accepted, expired, gone: baseline.entries.filter((entry) => passing.has(entry.id)) };
}

/** A baseline of `findings`, keeping the reason and date a person gave an entry that still occurs. */
export function baselineText(
  findings: Array<{ id: string; title: string; reason?: string }>,
  previous?: Baseline,
  today = new Date(),
): string {
  const before = new Map(previous?.entries.map((entry) => [entry.id, entry]));
  const day = today.toISOString().slice(0, 10);
  const entries = findings.map(({ id, title, reason }): BaselineEntry => {
    const kept = before.get(id);
    return {
      id,
      title,
      reason: kept?.reason ?? `recorded on ${day} — say why it is accepted; first failure: ${(reason ?? "").split("\n")[0]!.slice(0, 300)}`,
      ...(kept?.expires !== undefined && { expires: kept.expires }),
    };
  });
  return `${JSON.stringify(
    {
      about:
        'Known findings of pcs-contract: a run with --baseline fails only on failures not listed here. Edit each reason; add "expires": "YYYY-MM-DD" to have a finding fail the run again from that day.',
      findings: entries,
    },
    null,
    2,
  )}\n`;
}

export function writeBaseline(file: string, text: string): void {
  writeFileSync(file, text);
}
