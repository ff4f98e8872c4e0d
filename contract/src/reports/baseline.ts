// Known findings, so CI fails only on what is new (--baseline <file>, --write-baseline <file>). A
// baseline is a JSON file a person reads and edits: one entry per finding — the failing check's key (its
// code, operation and variant: runner/result.ts keyOf, never its words), its title for the reader, why it
// is accepted, optionally the date it stops being accepted, and its signature: how it failed (the status
// class of the failing exchange, and the values the reason's first line names — numbers, quoted text,
// paths; its words are not compared, so a reworded message is the same failure). An entry accepts a
// failure only while it fails the same way: a baseline that accepted "no Authorization header → 403,
// expected 401" must not accept the same check once the server serves data to a request without a
// credential, nor one project's leak another's. A failure that fails otherwise is new, and the run says
// what changed. A run with a baseline fails only on failures not in it (or whose entry has expired),
// and names the entries whose check now passes.
//
// What differs from run to run in the same failure is masked in a signature: the run's tag in the names
// of what it creates, the ids of the projects it created, and what a server writes differently each
// time in the body a reason quotes (a UUID, a timestamp, a long hexadecimal request id). An entry
// without a signature, or keyed by the id a check had before codes (its words as a slug), still
// matches; the run says once to write the file again.
//
// The file is read only when it is a regular file of at most MAX_BASELINE_BYTES, and never read whole
// past that (a FIFO, /dev/zero or a 300 MB file is refused in one line, not read).
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { keyOf, type CheckIdentity } from "../runner/result.js";
import { excerpt } from "../transport/excerpt.js";
import { replaceFile } from "./replace-file.js";

export type StatusClass = "2xx" | "3xx" | "4xx" | "5xx" | "none";
const STATUS_CLASSES: readonly string[] = ["2xx", "3xx", "4xx", "5xx", "none"];

/** How a finding failed, with what differs from run to run masked. */
export interface Signature {
  /** What told the check from the others of its kind (written before check codes; now in the key). */
  case?: string;
  /** The status class of the failing exchange (its last), "none" without one. */
  status: StatusClass;
  /** The first line of the failure's reason (cut at REASON_KEPT characters). */
  reason: string;
}

export interface BaselineEntry {
  /** The failing check's key (the JSON report's `checks[].key`; before check codes, its `id`). */
  id: string;
  /** The check's title, for the reader (not matched). */
  title?: string;
  /** Why this finding is accepted: a person's words. */
  reason: string;
  /** YYYY-MM-DD: from this day on the finding fails the run again. */
  expires?: string;
  /** How it failed when it was accepted; absent in a baseline written before signatures. */
  signature?: Signature;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export class BaselineError extends Error {
  override name = "BaselineError";
}

/** A baseline is a few kilobytes per hundred findings: anything larger is not one. */
export const MAX_BASELINE_BYTES = 4 * 1024 * 1024;
const REASON_KEPT = 300;
/** What a server writes differently in each answer, masked: a UUID, a timestamp, a long hexadecimal id. */
const VOLATILE: ReadonlyArray<[RegExp, string]> = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "{uuid}"],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, "{time}"],
  [/\b[0-9a-f]{16,}\b/gi, "{hex}"],
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value from the file as a message quotes it: cut, on one line (JSON escapes its line breaks). */
const quoted = (value: unknown) => JSON.stringify(excerpt(String(value), 100));

/** The file's text: only a regular file, only up to MAX_BASELINE_BYTES, never more read than that. */
function readBounded(file: string): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer, forever.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new BaselineError(`--baseline ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new BaselineError(`--baseline ${file} is not a regular file: give the JSON file --write-baseline wrote`);
    const tooLarge = () =>
      new BaselineError(
        `--baseline ${file} is larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB: not a baseline (--write-baseline writes one)`,
      );
    if (stat.size > MAX_BASELINE_BYTES) throw tooLarge();
    // One byte more than allowed, to notice a file that grew since fstat.
    const buffer = Buffer.alloc(MAX_BASELINE_BYTES + 1);
    let size = 0;
    for (let read = -1; read !== 0 && size < buffer.length; size += read) read = readSync(fd, buffer, size, buffer.length - size, null);
    if (size > MAX_BASELINE_BYTES) throw tooLarge();
    return buffer.toString("utf8", 0, size);
  } finally {
    closeSync(fd);
  }
}

function signatureProblem(signature: unknown): string | undefined {
  if (signature === undefined) return undefined;
  const { case: name, status, reason } = (signature ?? {}) as Partial<Record<keyof Signature, unknown>>;
  if (typeof signature !== "object" || signature === null || Array.isArray(signature)) return "is not an object";
  if (typeof status !== "string" || !STATUS_CLASSES.includes(status))
    return `has "status" ${quoted(status)}, not one of ${STATUS_CLASSES.join(", ")}`;
  if (typeof reason !== "string") return 'has no "reason"';
  if (name !== undefined && typeof name !== "string") return 'has a "case" that is not a text';
  return undefined;
}

/** The baseline in `file`, or a BaselineError that says in one line what is wrong with it. */
export function readBaseline(file: string): Baseline {
  const text = readBounded(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`--baseline ${file} cannot be read as JSON: ${(error as Error).message.split("\n")[0]!.slice(0, 200)}`);
  }
  const findings = (parsed as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings)) throw new BaselineError(`--baseline ${file} has no "findings" list (--write-baseline writes one)`);
  const entries = findings.map((entry: Partial<BaselineEntry>, index) => {
    if (typeof entry?.id !== "string" || entry.id === "") throw new BaselineError(`--baseline ${file}: finding ${index + 1} has no "id"`);
    const id = quoted(entry.id);
    if (typeof entry.reason !== "string" || entry.reason.trim() === "")
      throw new BaselineError(`--baseline ${file}: finding ${id} has no "reason" (say why it is accepted)`);
    if (
      entry.expires !== undefined &&
      (typeof entry.expires !== "string" || !DATE.test(entry.expires) || Number.isNaN(Date.parse(entry.expires)))
    )
      throw new BaselineError(`--baseline ${file}: finding ${id} has "expires" ${quoted(entry.expires)}, not a date (YYYY-MM-DD)`);
    const problem = signatureProblem(entry.signature);
    if (problem) throw new BaselineError(`--baseline ${file}: the "signature" of finding ${id} ${problem}`);
    return entry as BaselineEntry;
  });
  return { file, entries };
}

/** What differs between two runs of the same failure: masked in its signature. */
export interface RunSpecific {
  /** The run's tag, in the name of everything it creates ("pcs-contract-test 1a2b3c"). */
  runTag: string;
  /** The ids of the projects the run created. */
  createdIds: readonly number[];
  /** The server's root: the same failure of a server at another address (a test server's port) is the same. */
  baseUrl?: string;
}

/** A failure as the baseline sees it (a CheckResult is one). */
export interface Failure extends Partial<Pick<CheckIdentity, "code" | "entries">> {
  id: string;
  operation?: string;
  case?: string;
  reason?: string;
  exchange?: { status: number };
}

const statusClass = (status: number | undefined): StatusClass =>
  status !== undefined && status >= 200 && status < 600 ? (`${Math.floor(status / 100)}xx` as StatusClass) : "none";

/** How `failure` failed, with the run's tag and the ids of the projects it created masked. */
export function signatureOf(failure: Failure, { runTag, createdIds, baseUrl }: RunSpecific): Signature {
  const created = new Set(createdIds.map(String));
  let reason = (failure.reason ?? "").split("\n")[0]!.slice(0, 4 * REASON_KEPT);
  if (runTag) reason = reason.replaceAll(runTag, "pcs-contract-test {run}");
  if (baseUrl) reason = reason.replaceAll(baseUrl, "{base url}");
  for (const [pattern, mask] of VOLATILE) reason = reason.replace(pattern, mask);
  if (created.size) reason = reason.replace(/\d+/g, (digits) => (created.has(digits) ? "{created id}" : digits));
  return {
    status: statusClass(failure.exchange?.status),
    reason: excerpt(reason, REASON_KEPT),
  };
}

/** What a reason names, without its words: quoted text, masks, and each token with a digit in it (a
 * status, an id, a path, a count), in an order of their own. */
const factsOf = (reason: string) => (reason.match(/"(?:[^"\\]|\\.)*"|\{[a-z ]+\}|[\w./+-]*\d[\w/+-]*(?:\.\w+)*/g) ?? []).sort().join(" ");

export const sameSignature = (a: Signature, b: Signature) =>
  (a.case === undefined || b.case === undefined || a.case === b.case) && a.status === b.status && factsOf(a.reason) === factsOf(b.reason);

/** A signature on one line, as the run shows what changed: "2xx (listGroups): expected 200 to be 401". */
export const signatureLine = (signature: Signature) =>
  `${signature.status}${signature.case !== undefined ? ` (${signature.case})` : ""}: ${signature.reason}`;

export interface BaselineOutcome {
  file: string;
  /** Failures the baseline accepts (not failing the run), by check id. */
  accepted: Map<string, BaselineEntry>;
  /** Entries whose finding still fails but whose date has passed: failing the run again. */
  expired: BaselineEntry[];
  /** Entries whose check fails otherwise than it did (not accepted): the entry, and how it fails now. */
  changed: Array<{ entry: BaselineEntry; now: Signature }>;
  /** Entries whose check passed this run: the finding no longer occurs. */
  gone: BaselineEntry[];
  /** The baseline has entries without a signature, or by a check's id of before codes: it should be written again. */
  unsigned: boolean;
}

/** A check's key; a failure given without a code (from JavaScript) is known by its id. */
const keyFor = (check: Failure) => (check.code ? keyOf(check) : check.id);
/** The entry of `baseline` for a check: by its key, or by its id of before codes. */
const entryFor = (byId: ReadonlyMap<string, BaselineEntry>, check: Failure) => byId.get(keyFor(check)) ?? byId.get(check.id);

/** What the baseline does to this run's failures (`failing`: the failures that count), and which of its
 * entries no longer occur (`passed`: the checks that passed). */
export function applyBaseline(
  baseline: Baseline,
  failing: readonly Failure[],
  passed: ReadonlyArray<Failure | string>,
  run: RunSpecific = { runTag: "", createdIds: [] },
  today = new Date(),
): BaselineOutcome {
  const day = today.toISOString().slice(0, 10);
  const byId = new Map(baseline.entries.map((entry) => [entry.id, entry]));
  const accepted = new Map<string, BaselineEntry>();
  const expired: BaselineEntry[] = [];
  const changed: BaselineOutcome["changed"] = [];
  const used = new Set<BaselineEntry>();
  for (const failure of failing) {
    const entry = entryFor(byId, failure);
    if (!entry) continue;
    if (entry.id !== keyFor(failure)) used.add(entry);
    const now = signatureOf(failure, run);
    if (entry.signature && !sameSignature(entry.signature, now)) changed.push({ entry, now });
    else if (entry.expires !== undefined && entry.expires <= day) expired.push(entry);
    else accepted.set(failure.id, entry);
  }
  const passing = passed.map((check) => (typeof check === "string" ? { id: check } : check));
  const gone = passing.flatMap((check) => entryFor(byId, check) ?? []);
  for (const entry of gone) if (!passing.some((check) => keyFor(check) === entry.id)) used.add(entry);
  return {
    file: baseline.file,
    accepted,
    expired,
    changed,
    gone,
    unsigned: used.size > 0 || baseline.entries.some((entry) => entry.signature === undefined),
  };
}

/** A baseline of `findings`, keeping the reason and date a person gave an entry that still fails the same way. */
export function baselineText(
  findings: ReadonlyArray<Failure & { title: string }>,
  previous?: Baseline,
  run: RunSpecific = { runTag: "", createdIds: [] },
  today = new Date(),
): string {
  const before = new Map(previous?.entries.map((entry) => [entry.id, entry]));
  const day = today.toISOString().slice(0, 10);
  const entries = findings.map((finding): BaselineEntry => {
    const signature = signatureOf(finding, run);
    const entry = entryFor(before, finding);
    // A person's reason was given for how it failed then: it stands only while it fails the same way.
    const kept = entry && (!entry.signature || sameSignature(entry.signature, signature)) ? entry : undefined;
    return {
      id: keyFor(finding),
      title: finding.title,
      reason: kept?.reason ?? `recorded on ${day} — say why it is accepted; first failure: ${signature.reason}`,
      ...(kept?.expires !== undefined && { expires: kept.expires }),
      signature,
    };
  });
  return `${JSON.stringify(
    {
      about:
        'Known findings of pcs-contract: a run with --baseline fails only on failures not listed here, and on a listed one that fails otherwise than its "signature" says. Edit each reason; add "expires": "YYYY-MM-DD" to have a finding fail the run again from that day.',
      findings: entries,
    },
    null,
    2,
  )}\n`;
}

/** Written to a new file beside `file`, then renamed over it (replace-file.ts). */
export function writeBaseline(file: string, text: string): void {
  replaceFile(file, text);
}
