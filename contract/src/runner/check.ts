// A check: one thing the contract says, tried against the server, with what it rests on — a
// documented fact of the service, or one or more of the description's assumptions (entries of the
// root's `x-assumptions`) — and, for the coverage table, the operation, statuses and rule it looks at.
// Checks are registered by the check files (checks/*.ts) through `check(code, …entries)`, and run
// by run.ts. Every check runs at every level; the level decides only whether an assumption's failure
// fails the run (full) or is reported as the server's other choice (documented, the default).
import { CHECK_CODES, statedRulesOf, type CheckCode } from "../description/check-codes.js";
import { ASSUMPTIONS } from "../description/description.js";
import type { StatedRuleId } from "@project-collaboration/api/sandbox/model";
import { keyOf, slug, type CheckIdentity } from "./result.js";

export type Level = "documented" | "full";
export const LEVELS: readonly Level[] = ["documented", "full"];

export interface CheckMeta {
  /** The operationId the check is about, if one. */
  operation?: string;
  /** The statuses of that operation it looks at. */
  statuses?: number[];
  /** What tells one check of a code made in a loop from the others, when no case does. */
  variant?: string;
}

export interface CheckContext {
  /** Ends the check as not checked, with its reason, when `condition` holds. */
  skip(condition: boolean, reason: string): void;
}

export interface Check extends Omit<CheckMeta, "variant">, CheckIdentity {
  /** The stated rules it checks (its code's, from the table). */
  rules: StatedRuleId[];
  run(context: CheckContext): Promise<void> | void;
}

export class Skip extends Error {
  override name = "Skip";
}

/** The failures that decide the verdict at this level: those re-tried before they are reported. */
export const counts = (result: Pick<CheckIdentity, "entries">, level: Level) => result.entries.length === 0 || level === "full";

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

  /** The checks of `code`: what they rest on is the table's (description/check-codes.ts) — a documented
   * fact's failure fails the run at every level; an assumption's, whose entries are given here (entries
   * of the root's x-assumptions), at the full level only (at the documented level it is reported as a
   * difference, not a defect). */
  check(code: CheckCode, ...entries: string[]): Registrar {
    const unknown = entries.filter((entry) => !Object.hasOwn(ASSUMPTIONS, entry));
    if (unknown.length) throw new Error(`${code}: ${unknown.join(", ")} is not an entry of the root's x-assumptions`);
    if ((CHECK_CODES[code].rests === "assumption") !== entries.length > 0)
      throw new Error(`${code}: ${entries.length ? "given assumptions" : "given none"}, its table row says otherwise`);
    const tag = entries.length ? assumptionTag(entries) : DOCUMENTED_TAG;
    const add = (title: string, fn: Fn, { variant, ...meta }: CheckMeta = {}, template?: string, name?: string) => {
      let id = `${this.group}/${slug(`${entries.join("-")} ${title}`)}`;
      for (let n = 2; this.checks.some((c) => c.id === id); n++) id = `${id.replace(/~\d+$/, "")}~${n}`;
      const check: Check = {
        code,
        id,
        kind: template === undefined ? id : `${this.group}/${slug(`${entries.join("-")} ${template}`)}/*`,
        ...((name ?? variant) !== undefined && { case: name ?? variant }),
        title: `${tag} ${this.group}: ${title}`,
        group: this.group,
        entries,
        rules: statedRulesOf(code),
        ...meta,
        run: (context) => fn(context) as Promise<void>,
      };
      if (this.checks.some((c) => keyOf(c) === keyOf(check))) throw new Error(`two checks of one key: ${keyOf(check)}`);
      this.checks.push(check);
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
}

export const skipWhen = (condition: boolean, reason: string): void => {
  if (condition) throw new Skip(reason);
};
