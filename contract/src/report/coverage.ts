// Coverage: per operation of the description, which of its declared statuses and which stated rules
// the run checked (a check passed or failed on them), and which it did not, with the reasons.
import { operations, type Json } from "../description.js";
import type { CheckResult } from "../run.js";

export interface OperationCoverage {
  operation: string;
  /** Declared statuses that a check looked at (passed or failed). */
  checked: number[];
  /** Declared statuses no check looked at; with the reasons of the checks that would have. */
  notChecked: Array<{ status: number; reasons: string[] }>;
  /** Stated rules checked (passed or failed). */
  rules: string[];
}

export function coverage(results: CheckResult[]): OperationCoverage[] {
  return operations().map((op) => {
    const declared = Object.keys(op.operation.responses as Json)
      .filter((code) => /^\d{3}$/.test(code))
      .map(Number);
    const mine = results.filter((r) => r.operation === op.operationId);
    const ran = mine.filter((r) => r.status !== "not checked");
    const checked = declared.filter((status) => ran.some((r) => r.statuses?.includes(status)));
    const notChecked = declared
      .filter((status) => !checked.includes(status))
      .map((status) => ({
        status,
        reasons: [...new Set(mine.filter((r) => r.statuses?.includes(status) && r.reason).map((r) => r.reason!))],
      }));
    return { operation: op.operationId, checked, notChecked, rules: [...new Set(ran.flatMap((r) => (r.rule ? [r.rule] : [])))] };
  });
}
