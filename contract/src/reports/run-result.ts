// What a run produced, as every report reads it: its target, level and limits, each check's result, the
// clean-up, the baseline's outcome, the exchanges. The live run makes one (runner/run.ts), and so does the
// traffic source; the reports only read it.
import type { Level } from "../runner/check.js";
import type { CheckResult } from "../runner/result.js";
import type { Ids, Target } from "../runner/target.js";
import type { Redact } from "../transport/redact.js";
import type { Exchange, Limits } from "../transport/transport.js";
import type { BaselineOutcome } from "./baseline.js";

export interface RunResult {
  target: Target;
  level: Level;
  limits: Limits;
  ids: Ids;
  runTag: string;
  /** The ids of the projects the run created (they differ from run to run: a baseline masks them). */
  createdIds: number[];
  /** The seed of the model's generated sequences, when some ran: the same seed, the same sequences (--seed). */
  seed?: number;
  /** Choices the run made that it prints (the organization's one change: what it sent, what it did not). */
  notes?: string[];
  results: CheckResult[];
  /** What the clean-up did or could not do; `cleanUpFailed` when something is left behind. */
  cleanUp: string[];
  cleanUpFailed: boolean;
  /** The limit that ended the run before every check had ended, if one did. */
  endedBy?: "max-time";
  /** Why the run stopped before any check (set on the partial run a SetupError carries). */
  setupError?: string;
  /** What the baseline given did: the failures it accepts, its expired entries, those no longer occurring. */
  baseline?: BaselineOutcome;
  exchanges: Exchange[];
  requests: number;
  retried: number;
  /** Attempts that ended at --timeout. */
  timedOut: number;
  ms: number;
  redact: Redact;
}
