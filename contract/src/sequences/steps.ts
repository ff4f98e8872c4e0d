// A step of a scenario, abstract enough to be replayed: it names projects by slot ("P1": whatever id
// the server gives the project the scenario creates under that name) and people by what they are to
// the run ("other": the second key's account), so the same steps can run again on fresh projects —
// to confirm a failure, and to shrink a failing sequence. `concrete` turns a step into a request.
import type { ProjectFields } from "./values.js";

import type { CallerName } from "../callers/credentials.js";

export type { CallerName };

/** Someone a step adds or removes: the second key's account, the run's key's, the caller itself, the
 * project's creator, a user of the account's other projects, the account of the invite address (by
 * email), or an id no account has. */
export type Person = "other" | "key" | "self" | "creator" | "newcomer" | "invitee" | "nobody";

export type ProjectView = "get" | "users" | "files" | "urls" | "copy" | "list";

/** The methods a read is also sent as, besides GET: HEAD (RFC 9110 §9.3.2) and OPTIONS (§9.3.7). */
export const READ_METHODS = ["HEAD", "OPTIONS"] as const;
export type ReadMethod = (typeof READ_METHODS)[number];

export type Step =
  | { kind: "create"; caller: CallerName; slot: string; fields: ProjectFields; why: string }
  /** `toldToDelete`: the read carries every method override (callers/disguises.ts); it must stay a read.
   * `method`: the read sent as HEAD or OPTIONS (judged as the GET it stands for: model/judge.ts). */
  | { kind: "read"; caller: CallerName; slot: string; view: ProjectView; toldToDelete?: true; method?: ReadMethod }
  | { kind: "update"; caller: CallerName; slot: string; fields: Record<string, unknown>; why: string }
  | { kind: "delete"; caller: CallerName; slot: string }
  /** `recased`: by email, its domain in upper case — the same mailbox (RFC 5321 §2.4), so the same account. */
  | { kind: "add"; caller: CallerName; slot: string; who: Person; by: "id" | "email"; recased?: true }
  | { kind: "remove"; caller: CallerName; slot: string; who: Person }
  /** Several users added by id in one go, every add in flight before any is answered (a lost update shows). */
  | { kind: "adds at once"; caller: CallerName; slot: string; who: Person[] }
  /** Time passing (a second and more), so that what a server stamps on a change can differ from before. */
  | { kind: "wait"; ms: number }
  /** A method the description does not list, on one of the project's paths. */
  | { kind: "unlisted"; caller: CallerName; slot: string; method: string; path: "project" | "users" | "files" | "urls" | "copy" | "user" };

/** A step as the one line a reproduction shows. */
export function describeStep(step: Step): string {
  if (step.kind === "wait") return `${step.ms / 1000} s pass`;
  const who = { key: "the run's key", other: "the second key", wrong: "a wrong key", none: "no key" }[step.caller];
  switch (step.kind) {
    case "create":
      return `${who} creates ${step.slot} (${step.why})`;
    case "read":
      return `${who} reads ${step.slot} (${step.view})${step.method ? ` as ${step.method}` : ""}${step.toldToDelete ? ", told to delete by a method override" : ""}`;
    case "update":
      return `${who} updates ${step.slot}: ${Object.keys(step.fields).join(", ")} (${step.why})`;
    case "delete":
      return `${who} deletes ${step.slot}`;
    case "add":
      return `${who} adds ${step.who} to ${step.slot} by ${step.by}${step.recased ? ", its domain in upper case" : ""}`;
    case "remove":
      return `${who} removes ${step.who} from ${step.slot}`;
    case "adds at once":
      return `${who} adds ${step.who.join(" and ")} to ${step.slot} at once`;
    case "unlisted":
      return `${who} sends ${step.method} to ${step.slot}'s ${step.path} path`;
  }
}
