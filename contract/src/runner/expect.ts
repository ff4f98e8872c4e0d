// The few assertions the checks make, in the shape of vitest's `expect` (which the suite was first
// written with), without a test framework at run time: each failure is a CheckFailure whose message
// starts with what the check explained (operation, request, status, body) and then what differed.
import { isDeepStrictEqual, inspect } from "node:util";

export class CheckFailure extends Error {
  override name = "CheckFailure";
}

const show = (value: unknown) =>
  inspect(value, { depth: 4, breakLength: Number.POSITIVE_INFINITY, maxStringLength: 300, maxArrayLength: 20 });

export interface Matchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatch(pattern: RegExp): void;
  toContain(item: unknown): void;
  toHaveLength(length: number): void;
  toBeGreaterThan(n: number): void;
  toBeGreaterThanOrEqual(n: number): void;
  toBeLessThan(n: number): void;
  toBeLessThanOrEqual(n: number): void;
  toBeDefined(): void;
}

function matchers(actual: unknown, why: string | undefined, negated: boolean): Matchers {
  const check = (pass: boolean, what: string) => {
    if (pass !== negated) return;
    throw new CheckFailure(`${why ? `${why}\n` : ""}expected ${show(actual)} ${negated ? "not " : ""}${what}`);
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), `to be ${show(expected)}`),
    toEqual: (expected) => check(isDeepStrictEqual(actual, expected), `to equal ${show(expected)}`),
    toMatch: (pattern) => check(typeof actual === "string" && pattern.test(actual), `to match ${pattern}`),
    toContain: (item) => check(Array.isArray(actual) && actual.some((a) => isDeepStrictEqual(a, item)), `to contain ${show(item)}`),
    toHaveLength: (length) => check((actual as { length?: unknown })?.length === length, `to have length ${length}`),
    toBeGreaterThan: (n) => check(typeof actual === "number" && actual > n, `to be greater than ${n}`),
    toBeGreaterThanOrEqual: (n) => check(typeof actual === "number" && actual >= n, `to be at least ${n}`),
    toBeLessThan: (n) => check(typeof actual === "number" && actual < n, `to be less than ${n}`),
    toBeLessThanOrEqual: (n) => check(typeof actual === "number" && actual <= n, `to be at most ${n}`),
    toBeDefined: () => check(actual !== undefined, "to be defined"),
  };
}

export function expect(actual: unknown, why?: string): Matchers & { not: Matchers } {
  return { ...matchers(actual, why, false), not: matchers(actual, why, true) };
}

/** Fails the check with `message`. */
export function fail(message: string): never {
  throw new CheckFailure(message);
}
