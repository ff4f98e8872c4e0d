// Coverage: per operation of the description, which of its declared statuses and which stated rules
// the run checked, and which it did not, with the reasons. A status is checked when a check that ran
// (passed, failed or unstable) says it looks at it, or received it from the operation in one of its
// requests (28 successful deletes check deleteProject's 204, whichever check made them).
import { STATED_RULES } from "@project-collaboration/api/sandbox/model";
import { operationOf, operations, type Json } from "../description/description.js";
import type { CheckResult } from "../runner/result.js";
import type { Exchange } from "../transport/transport.js";

export interface OperationCoverage {
  operation: string;
  /** Declared statuses that a check looked at (passed or failed). */
  checked: number[];
  /** Declared statuses no check looked at; with the reasons of the checks that would have. */
  notChecked: Array<{ status: number; reasons: string[] }>;
  /** Stated rules checked (passed or failed). */
  rules: string[];
}

export function coverage(
  results: CheckResult[],
  baseUrl: string,
  exchanges: readonly Exchange[] = results.filter((r) => r.status !== "not checked").flatMap((r) => r.exchanges),
): OperationCoverage[] {
  const received = new Map<string, Set<number>>();
  for (const exchange of exchanges) {
    const op = operationOf(exchange.method, exchange.url, baseUrl);
    if (op) received.set(op.operationId, (received.get(op.operationId) ?? new Set()).add(exchange.status));
  }
  return operations().map((op) => {
    const declared = Object.keys(op.operation.responses as Json)
      .filter((code) => /^\d{3}$/.test(code))
      .map(Number);
    const mine = results.filter((r) => r.operation === op.operationId);
    const mineRan = mine.filter((r) => r.status !== "not checked");
    const checked = declared.filter(
      (status) => mineRan.some((r) => r.statuses?.includes(status)) || received.get(op.operationId)?.has(status),
    );
    const notChecked = declared
      .filter((status) => !checked.includes(status))
      .map((status) => ({
        status,
        reasons: [...new Set(mine.filter((r) => r.statuses?.includes(status) && r.reason).map((r) => r.reason!))],
      }));
    return { operation: op.operationId, checked, notChecked, rules: [...new Set(mineRan.flatMap((r) => (r.rule ? [r.rule] : [])))] };
  });
}

/** The interface's stated rules (STATED_RULES) a run exercised — a check resting on it ran — and those
 * it did not, with why (the reasons of the checks that would have), or that no check of this run rests on it. */
export function statedRules(results: CheckResult[]): { exercised: string[]; notExercised: Array<{ rule: string; why: string }> } {
  const ran = new Set(results.filter((r) => r.status !== "not checked" && r.rule).map((r) => r.rule!));
  const exercised = Object.keys(STATED_RULES).filter((rule) => ran.has(rule));
  const notExercised = Object.keys(STATED_RULES)
    .filter((rule) => !ran.has(rule))
    .map((rule) => ({
      rule,
      why:
        results.find((r) => r.rule === rule && r.reason)?.reason ??
        "no check of this run rests on it (writes, a second key or an invite address would add some)",
    }));
  return { exercised, notExercised };
}
