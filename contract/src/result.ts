// What a run reports of each check: its identity (stable across runs, for baselines), what it rests on
// (a documented fact, or assumption entries), its status and, for a failure, why and the exchange it
// is about. The runner (run.ts) and the model engine (model/) both make them; every report reads them.
import type { Exchange } from "./transport.js";

/** unstable: failed, then passed when re-tried (reported, never a failure). */
export type Status = "passed" | "failed" | "unstable" | "not checked";

export interface CheckResult {
  id: string;
  /** Checks made from one title for many cases share it (see Check.kind). */
  kind: string;
  /** What tells it from the others of its kind. */
  case?: string;
  title: string;
  group: string;
  /** "documented", or the assumption entries it rests on. */
  entries: string[];
  operation?: string;
  statuses?: number[];
  rule?: string;
  status: Status;
  /** Why not checked, or what failed (for an unstable check, what failed the first time). */
  reason?: string;
  /** The exchange the failure is about (the last one the check made), credentials left in: redact before showing. */
  exchange?: Exchange;
  /** Every exchange the check made (for coverage: the statuses it saw). */
  exchanges: Exchange[];
  /** The requests that reproduce a failure, in order (the model's shortest failing sequence). */
  reproduction?: Exchange[];
  ms: number;
}
