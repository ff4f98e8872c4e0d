// What a run reports of each check: its identity (stable across runs, for baselines), what it rests on
// (a documented fact, or assumption entries), its status and, for a failure, why and the exchange it
// is about. The runner (run.ts) and the model's scenarios (sequences/) both make them; every report reads them.
import type { CheckCode } from "../description/check-codes.js";
import type { Exchange } from "../transport/transport.js";

/** unstable: failed, then passed when re-tried (reported, never a failure). */
export type Status = "passed" | "failed" | "unstable" | "not checked";

/** What names a check, in every run and report. */
export interface CheckIdentity {
  /** The check's code (description/check-codes.ts): stable whatever its words say. */
  code: CheckCode;
  /** Unique in a run, for --only and the reports: the group and the title, as a slug. */
  id: string;
  /** The checks made from one title for many cases (one per operation, say) share it: the console
   * explains one failing example of each kind before any repetition. A check alone is its own kind. */
  kind: string;
  /** For one of a kind: what tells it from the others ("listCopy (GET …): no Authorization header"). */
  case?: string;
  /** "[documented] pagination: listProjects (GET /projects.json): never more items than limit". */
  title: string;
  group: string;
  /** [] for a documented fact; the assumption entries it rests on otherwise. */
  entries: string[];
}

/** A check's identity as a slug: lower case, words joined by "-". */
export const slug = (text: string, most = 120) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, most);

/** What a baseline keys a finding by: its code, operation and variant (the case, less the operation's
 * label it may start with, and the assumptions it rests on) — never its words. */
export function keyOf(check: Partial<Pick<CheckIdentity, "code" | "case" | "entries">> & { operation?: string }): string {
  const { code, operation, entries = [] } = check;
  const variant = operation && check.case?.startsWith(`${operation} (`) ? check.case.replace(/^[^)]*\)[:\s]*/, "") : check.case;
  return [code, operation, variant, entries.join("+")].filter(Boolean).join(" · ");
}

export interface CheckResult extends CheckIdentity {
  operation?: string;
  statuses?: number[];
  /** The stated rules it exercised (ids of STATED_RULES): a check of the model's gathers the rule of
   * every observation it made (a creator's removals: a user removed, and the creator refused). */
  rules?: string[];
  status: Status;
  /** Why not checked, or what failed (for an unstable check, what failed the first time). */
  reason?: string;
  /** The exchange the failure is about (the last one the check made), credentials left in: redact before showing. */
  exchange?: Exchange;
  /** An error of the checker's own that stopped the check (a TypeError, say): its stack, for --json only
   * (the console says in one line that it is there). */
  checkerError?: string;
  /** Every exchange the check made (for coverage: the statuses it saw). */
  exchanges: Exchange[];
  /** The requests that reproduce a failure, in order (the model's shortest failing sequence). */
  reproduction?: Exchange[];
  ms: number;
}
