// Coverage: per operation of the description, which of its declared statuses and which stated rules
// the run checked, and which it did not, with the reasons. A status is checked when a check that ran
// (passed, failed or unstable) says it looks at it, or received it from the operation in one of its
// requests (28 successful deletes check deleteProject's 204, whichever check made them).
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
    return { operation: op.operationId, checked, notChecked, rules: [...new Set(mineRan.flatMap((r) => r.rules ?? []))] };
  });
}
