// The interface's stated rules (STATED_RULES) a run exercised — a check or an observation of the model
// resting on it ran — and, for each one it did not, the true reason, from what the run had: it was
// read-only, had no invite address, the server is not disposable, no check of the checker rests on the
// rule at all, a check resting on it was not checked (its reason), or the run had all that and the step
// that exercises the rule did not happen (named). The console groups the rules under their reason.
import { STATED_RULES, type StatedRuleId } from "@project-collaboration/api/sandbox/model";
import type { RunResult } from "./run-result.js";

/** What a run must have for a step of the checker to exercise a rule. */
type Need = "writes" | "invite address" | "disposable server";

interface Exercise {
  /** The step of a run that exercises the rule, as the console names it when it did not happen. */
  step: string;
  needs: readonly Need[];
}

/** Which step of the checker exercises each rule, and what the run needs for it; `never`: no check
 * exercises it, and why. A rule added to STATED_RULES is a type error here until it is placed. */
const EXERCISED_BY = {
  "identified-callers": { step: "reads with a wrong key and with none", needs: [] },
  "visible-when-added": { step: "the project list, and projects read by id", needs: [] },
  "create-returns-project": { step: "a project created", needs: ["writes"] },
  "creator-is-member": { step: "a new project's users read", needs: ["writes"] },
  "create-limits": { step: "a project created past a length limit", needs: ["writes"] },
  "update-changes-only-given": { step: "a project updated, then read back", needs: ["writes"] },
  "delete-creator-or-administrator": { step: "a project deleted", needs: ["writes"] },
  "delete-is-permanent": { step: "a deleted project read again", needs: ["writes"] },
  "assets-read-only": { step: "a POST to a project's assets", needs: ["writes"] },
  "add-existing-user": { step: "a user added to a project by id", needs: ["writes"] },
  "add-by-email-existing-account": { step: "a user added by email address", needs: ["writes", "invite address"] },
  "add-by-email-new-account": {
    step: "an address without an account (a sub-address of the invite address) added by email",
    needs: ["writes", "disposable server", "invite address"],
  },
  "creator-not-removable": { step: "a project's creator removed from it", needs: ["writes"] },
  "organization-own-only": { step: "the organization read by each caller", needs: ["writes"] },
  "organization-update-administrator": { step: "the organization updated by each caller", needs: ["writes"] },
  "organization-not-created-or-deleted": { step: "a POST and a DELETE to the organization", needs: ["disposable server"] },
  "groups-read-only": { step: "a group created, changed and deleted", needs: ["disposable server"] },
  "groups-all": { step: "the groups listed and read by id", needs: [] },
  pagination: { step: "a list read page by page", needs: [] },
  timestamps: { step: "an answer holding a datetime", needs: [] },
  "json-bodies": { step: "an answer with a body", needs: [] },
  fields: { step: "a record read", needs: [] },
  "whole-interface": { step: "a method the description does not list", needs: ["writes"] },
} as const satisfies Record<StatedRuleId, Exercise | { never: string }>;

/** What the run lacked, as a reader reads it, and the option that gives it. */
const LACKED: Record<Need, { lacked: string; remedy?: string }> = {
  writes: { lacked: "the run was read-only", remedy: "--allow-writes (PCS_ALLOW_WRITES=1)" },
  "invite address": { lacked: "it had no invite address", remedy: "--invite-email (PCS_INVITE_EMAIL)" },
  "disposable server": { lacked: "the server is not disposable" },
};

/** Whether the run had what a need names (an invite address: given, or, on a disposable server, the
 * address of an account the run found there). */
function had(run: Pick<RunResult, "target">, need: Need): boolean {
  const { target } = run;
  if (need === "writes") return target.allowWrites;
  if (need === "invite address") return target.inviteEmail !== undefined || (target.disposable && !target.declaredDisposable);
  return target.disposable;
}

/** The reason shared by the rules a run lacked `needs` for: what it lacked, and what would exercise them. */
function lackedReason(needs: Need[]): string {
  if (needs.includes("disposable server"))
    return "Tried only on a disposable server (--target sandbox, or --disposable for a fresh instance of your own): taken by mistake, these would change your groups or organization for good, or create an administrator account:";
  const lacked = needs.map((need) => LACKED[need].lacked).join(" and ");
  const remedies = needs.map((need) => LACKED[need].remedy).join(" with ");
  return `${lacked[0]!.toUpperCase()}${lacked.slice(1)}: ${remedies} would exercise these:`;
}

/** "The run had writes, a second key and an invite address" — what a run without a missing need had. */
function whatItHad(run: Pick<RunResult, "target" | "endedBy">): string {
  const { target } = run;
  const parts = [
    ...(target.allowWrites ? ["writes"] : []),
    ...(target.otherApiKey ? ["a second key"] : []),
    ...(target.inviteEmail ? ["an invite address"] : []),
  ];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  const stopped = run.endedBy === "max-time" ? " (--max-time stopped the run)" : "";
  const begin = list ? `The run had ${list}, but these steps` : "These need no more than a read-only run, but their steps";
  return `${begin} did not happen in it${stopped} (Not checked, above, says why where it knows):`;
}

export interface StatedRules {
  exercised: string[];
  /** Each rule not exercised, with its reason (shared by the rules it holds for) and, when the step
   * that exercises it did not happen, that step. */
  notExercised: Array<{ rule: string; why: string; step?: string }>;
}

export function statedRules(run: Pick<RunResult, "results" | "target" | "endedBy">): StatedRules {
  const ran = new Set(run.results.filter((r) => r.status !== "not checked").flatMap((r) => r.rules ?? []));
  const ids = Object.keys(STATED_RULES) as StatedRuleId[];
  const exercised = ids.filter((rule) => ran.has(rule));
  const notExercised = ids
    .filter((rule) => !ran.has(rule))
    .map((rule) => {
      const by = EXERCISED_BY[rule] as Exercise | { never: string };
      if ("never" in by) return { rule, why: by.never };
      const lacked = by.needs.filter((need) => !had(run, need));
      if (lacked.length) return { rule, why: lackedReason(lacked) };
      const skipped = run.results.find((r) => r.rules?.includes(rule) && r.reason)?.reason;
      if (skipped) return { rule, why: `Not checked: ${skipped}:` };
      return { rule, why: whatItHad(run), step: by.step };
    });
  return { exercised, notExercised };
}
