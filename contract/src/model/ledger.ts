// What the model's runs observed, as check results. An observation is one comparison of a server's
// answer with the model's: about one operation, called by one role (its creator, a user added to it, a
// wrong key …), in one aspect — its outcome (allowed and does what it says, or refused and changes
// nothing: a documented fact wherever the interface states the rule), a decision the interface leaves
// to the description (who may, when it does not say), or the answer's form (status and body, the
// description's choices). Observations of the same (operation, role, aspect, entries) are one check: it
// passes when every one of them did, and fails with the first that did not, with its reproduction.
// The stated rules a check exercised are those of all its observations, not of its first alone: the
// same caller on the same operation rests on several (a creator removes a user, then is refused its
// own removal: creator-not-removable).
import type { StatedRuleId } from "@project-collaboration/api/sandbox/model";
import { CHECK_CODES, type CheckCode } from "../description/check-codes.js";
import { assumptionTag, DOCUMENTED_TAG } from "../runner/check.js";
import { slug, type CheckResult } from "../runner/result.js";
import type { Exchange } from "../transport/transport.js";

export type Aspect = "outcome" | "decision" | "answer" | "wire";

const ASPECT_CODES: Record<Aspect, CheckCode> = {
  outcome: "PCS-MODEL-OUTCOME",
  decision: "PCS-MODEL-DECISION",
  answer: "PCS-MODEL-ANSWER",
  wire: "PCS-MODEL-WIRE",
};

export interface Observation {
  /** The operation (an operationId, or "PUT /projects/{project_id}.json" for a method the description does not list). */
  operation: string;
  /** Who called, relative to what the call is about: "its creator", "a user added, then removed", "no key" … */
  role: string;
  aspect: Aspect;
  /** [] for a documented fact; else the assumption entries it rests on. */
  entries: string[];
  /** The stated rule it rests on, if one. */
  rule?: StatedRuleId;
  passed: boolean;
  /** For a failure: what differed, in a sentence or two. */
  message?: string;
  /** The exchange the failure is about. */
  exchange?: Exchange;
  /** The requests that reproduce it, in order. */
  reproduction?: Exchange[];
  /** The status the server answered. */
  status?: number;
}

/** What a step found beyond one exchange's answer (a read-back, a list walked, a repeat): the evidence,
 * not a verdict — `problem` says what is wrong, if anything. The verdict is the judge's (model/judge.ts judgeFinding). */
export interface Finding {
  operation: string;
  role: string;
  /** The stated rule it rests on, if one. */
  rule?: StatedRuleId;
  /** [] (the default): a documented fact; else the assumption entries it rests on. */
  entries?: string[];
  aspect?: Aspect;
  /** What is wrong, in a sentence or two; undefined: it holds. */
  problem?: string | undefined;
  exchange?: Exchange | undefined;
  status?: number;
  /** The requests that reproduce it, kept for a failure. */
  reproduction?: Exchange[];
}

export class Ledger {
  private readonly checks = new Map<
    string,
    { first: Observation; failed?: Observation; count: number; started: number; rules: Set<StatedRuleId> }
  >();
  private readonly notChecked = new Map<string, { operation: string; role: string; aspect: Aspect; reason: string }>();

  static idOf(o: Pick<Observation, "operation" | "role" | "aspect" | "entries">): string {
    return `model/${slug(o.operation, 80)}/${slug(o.role, 80)}/${o.aspect}${o.entries.length ? `/${o.entries.join("+")}` : ""}`;
  }

  record(observation: Observation): void {
    const id = Ledger.idOf(observation);
    const known = this.checks.get(id);
    if (!known)
      this.checks.set(id, {
        first: observation,
        count: 1,
        started: Date.now(),
        rules: new Set(observation.rule ? [observation.rule] : []),
        ...(!observation.passed && { failed: observation }),
      });
    else {
      known.count++;
      if (observation.rule) known.rules.add(observation.rule);
      if (!observation.passed && !known.failed) known.failed = observation;
    }
  }

  /** Replaces how a check's failure is shown (its shortest reproduction, once a sequence is shrunk):
   * the verdict stays the judge's. */
  amend(failure: Observation, shown: Pick<Observation, "message" | "reproduction">): void {
    const known = this.checks.get(Ledger.idOf(failure));
    if (known?.failed) known.failed = { ...failure, ...shown };
  }

  /** A check that could not be made this run, and why (each reason once per operation and role). */
  skip(operation: string, role: string, aspect: Aspect, reason: string): void {
    this.notChecked.set(`${operation} ${role} ${aspect}`, { operation, role, aspect, reason });
  }

  /** The failed observations, first of each check. */
  failures(): Observation[] {
    return [...this.checks.values()].flatMap((c) => (c.failed ? [c.failed] : []));
  }

  /** A failure that did not happen again when its reproduction was replayed: reported as unstable —
   * unless another scenario that failed the same check failed it again when replayed (markReproduced),
   * in whichever order the two replays end: one scenario may catch a defect by its timing (a create and
   * an update a second apart), another deterministically (with a pause between them). */
  private readonly unstable = new Set<string>();
  private readonly reproduced = new Set<string>();
  markUnstable(observation: Observation): void {
    this.unstable.add(Ledger.idOf(observation));
  }
  markReproduced(observation: Observation): void {
    this.reproduced.add(Ledger.idOf(observation));
  }

  /** The one confirm policy of the model's runs: each check a first run failed (`failed`: its failures
   * that count) is reproduced when its replay, recorded in `again`, fails it too, else unstable.
   * Returns the ids of the checks the replay failed (that count). */
  confirm(failed: Iterable<Observation>, again: Ledger, counts: (observation: Observation) => boolean): Set<string> {
    const recurring = new Set(again.failures().filter(counts).map(Ledger.idOf));
    for (const failure of failed) {
      if (!counts(failure)) continue;
      if (recurring.has(Ledger.idOf(failure))) this.markReproduced(failure);
      else this.markUnstable(failure);
    }
    return recurring;
  }

  results(): CheckResult[] {
    const made: CheckResult[] = [];
    for (const [id, { first, failed, count, rules }] of this.checks) {
      const shown = failed ?? first;
      const status = !failed ? "passed" : this.unstable.has(id) && !this.reproduced.has(id) ? "unstable" : "failed";
      made.push({
        ...this.identity(shown),
        id,
        ...(rules.size > 0 && { rules: [...rules] }),
        status,
        ...(failed && {
          reason:
            status === "unstable"
              ? `failed, then passed when its reproduction was replayed — the first time: ${failed.message ?? ""}`
              : `${failed.message ?? ""}${count > 1 ? `\n(${count} observations of this check in the run)` : ""}`,
        }),
        ...(failed?.exchange && { exchange: failed.exchange }),
        ...(failed?.reproduction && { reproduction: failed.reproduction }),
        ...(failed?.status !== undefined && { statuses: [failed.status] }),
        exchanges: failed?.reproduction ?? (shown.exchange ? [shown.exchange] : []),
        ms: 0,
      });
    }
    for (const skipped of this.notChecked.values()) {
      const observation = { ...skipped, entries: [] };
      const id = Ledger.idOf(observation);
      if (this.checks.has(id)) continue;
      made.push({ ...this.identity(observation), id, status: "not checked", reason: skipped.reason, exchanges: [], ms: 0 });
    }
    return made;
  }

  private identity(o: Pick<Observation, "operation" | "role" | "aspect" | "entries">) {
    const tag = o.entries.length ? assumptionTag(o.entries) : DOCUMENTED_TAG;
    return {
      code: ASPECT_CODES[o.aspect],
      kind: `model/${slug(o.operation, 80)}/${o.aspect}/${o.entries.join("+")}`,
      case: o.role,
      title: `${tag} model: ${o.operation} by ${o.role}: ${CHECK_CODES[ASPECT_CODES[o.aspect]].holds}`,
      group: "model",
      entries: o.entries,
      ...(/^[a-z]+[A-Z]/.test(o.operation) && { operation: o.operation }),
    };
  }
}
