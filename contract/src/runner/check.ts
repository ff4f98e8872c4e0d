// A check: one thing the contract says, tried against the server, with what it rests on — a
// documented fact of the service, or one or more of the description's assumptions (entries of the
// root's `x-assumptions`) — and, for the coverage table, the operation, statuses and rule it looks at.
// Checks are registered by the check files (checks/*.ts) through `documented` / `assumed(…)`, and run
// by run.ts. Every check runs at every level; the level decides only whether an assumption's failure
// fails the run (full) or is reported as the server's other choice (documented, the default).
import type { StatedRuleId } from "@project-collaboration/api/sandbox/model";
import { ASSUMPTIONS } from "../description/description.js";
import { slug, type CheckIdentity } from "./result.js";

export type Level = "documented" | "full";
export const LEVELS: readonly Level[] = ["documented", "full"];

export interface CheckMeta {
  /** The operationId the check is about, if one. */
  operation?: string;
  /** The statuses of that operation it looks at. */
  statuses?: number[];
  /** The stated rule it checks (an id of the interface's rules, STATED_RULES of the sandbox's model). */
  rule?: StatedRuleId;
}

export interface CheckContext {
  /** Ends the check as not checked, with its reason, when `condition` holds. */
  skip(condition: boolean, reason: string): void;
}

export interface Check extends CheckMeta, CheckIdentity {
  run(context: CheckContext): Promise<void> | void;
}

export class Skip extends Error {
  override name = "Skip";
}

export const DOCUMENTED_TAG = "[documented]";
export const assumptionTag = (entries: readonly string[]) => `[assumption: ${entries.join(", ")}]`;

type Fn = (context: CheckContext) => unknown;
type CaseFn<T> = (item: T, context: CheckContext) => unknown;

export interface Registrar {
  it(title: string, fn: Fn, meta?: CheckMeta): void;
  /** One check per case; `%s` in the title is the case's first element. */
  for<T extends readonly unknown[]>(cases: readonly T[]): (title: string, fn: CaseFn<T>, meta?: (item: T) => CheckMeta) => void;
}

/** Collects the checks of one group (one check file). */
export class CheckList {
  readonly checks: Check[] = [];
  constructor(readonly group: string) {}

  private registrar(entries: string[]): Registrar {
    const tag = entries.length ? assumptionTag(entries) : DOCUMENTED_TAG;
    const add = (title: string, fn: Fn, meta: CheckMeta = {}, template?: string, name?: string) => {
      const full = `${tag} ${this.group}: ${title}`;
      let id = `${this.group}/${slug(`${entries.join("-")} ${title}`)}`;
      for (let n = 2; this.checks.some((c) => c.id === id); n++) id = `${id.replace(/~\d+$/, "")}~${n}`;
      const kind = template === undefined ? id : `${this.group}/${slug(`${entries.join("-")} ${template}`)}/*`;
      this.checks.push({
        id,
        kind,
        ...(name !== undefined && { case: name }),
        title: full,
        group: this.group,
        entries,
        ...meta,
        run: (context) => fn(context) as Promise<void>,
      });
    };
    return {
      it: (title, fn, meta) => add(title, fn, meta),
      for:
        <T extends readonly unknown[]>(cases: readonly T[]) =>
        (title: string, fn: CaseFn<T>, meta?: (item: T) => CheckMeta) => {
          for (const item of cases)
            add(title.replace("%s", String(item[0])), (context) => fn(item, context), meta?.(item), title, String(item[0]));
        },
    };
  }

  /** Checks of documented facts: a failure fails the run at every level. */
  get documented(): Registrar {
    return this.registrar([]);
  }

  /** Checks that rest on the assumptions `entries`: run at every level; a failure fails the run at the
   * full level only (at the documented level it is reported as a difference, not a defect). */
  assumed(...entries: string[]): Registrar {
    const unknown = entries.filter((entry) => !Object.hasOwn(ASSUMPTIONS, entry));
    if (entries.length === 0 || unknown.length)
      throw new Error(`assumed(): ${unknown.join(", ") || "no entry"} is not an entry of the root's x-assumptions`);
    return this.registrar(entries);
  }
}

export const skipWhen = (condition: boolean, reason: string): void => {
  if (condition) throw new Skip(reason);
};
