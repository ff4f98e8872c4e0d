// Conformance levels of the contract suite. Every check says what it rests on:
//   - a documented fact of the service (its own documentation: operations, statuses 200/201/204/401/
//     403/404, HTTP Basic, fields, limits, pagination defaults) — named "[documented] …";
//   - one or more of the description's assumptions (entries of the root's `x-assumptions`) — named
//     "[assumption: <entry>, …] …", so a failure says which choice a server did not make.
// PCS_CONFORMANCE=documented registers only the documented checks (the run's exit code is theirs);
// PCS_CONFORMANCE=full (the default) registers both. The conformance reporter prints the two counts.
import { readFileSync } from "node:fs";
import { it, type TestContext } from "vitest";
import { markedNodes, markerOf } from "../../scripts/lib/openapi.mjs";
import { deepFreeze, openapi, repoRoot, schemaFailures, type Json } from "./openapi.js";

import { levelFromEnv, type Level } from "./level.js";

export { levelFromEnv, type Level };

export const level: Level = levelFromEnv(process.env.PCS_CONFORMANCE);

/** The documented-only bundle (scripts/documented-only.mjs): what documented checks validate against. */
export const documentedBundle: Json = deepFreeze(JSON.parse(readFileSync(`${repoRoot}generated/openapi.documented.json`, "utf8")));

export const ASSUMPTIONS: Record<string, { title: string; text: string }> = openapi["x-assumptions"];

export const DOCUMENTED_TAG = "[documented]";
export const assumptionTag = (entries: readonly string[]) => `[assumption: ${entries.join(", ")}]`;
/** The entries a test name says it rests on, or undefined for a documented check (used by the reporter). */
export function entriesOfTestName(name: string): string[] | undefined {
  const match = /\[assumption: ([^\]]+)\]/.exec(name);
  return match ? match[1]!.split(",").map((entry) => entry.trim()) : undefined;
}

type TestFn<T> = (item: T, context: TestContext) => unknown;
type SingleFn = (context: TestContext) => unknown;

export interface Checks {
  /** Registers one test (or none, at a level that leaves these checks out). */
  it(name: string, fn: SingleFn): void;
  /** Registers one test per case, like vitest's it.for. */
  for<T>(cases: readonly T[]): (name: string, fn: TestFn<T>) => void;
}

function checks(tag: string, registered: boolean): Checks {
  return {
    it: (name, fn) => {
      if (registered) it(`${tag} ${name}`, (context) => fn(context));
    },
    for:
      <T>(cases: readonly T[]) =>
      (name: string, fn: TestFn<T>) => {
        if (registered) it.for(cases as T[])(`${tag} ${name}`, fn as never);
      },
  };
}

/** Checks of documented facts: registered at every level. */
export const documented: Checks = checks(DOCUMENTED_TAG, true);

/** Checks that rest on the description's assumptions `entries`: registered at the full level only. */
export function assumed(...entries: string[]): Checks {
  const unknown = entries.filter((entry) => !Object.hasOwn(ASSUMPTIONS, entry));
  if (entries.length === 0 || unknown.length)
    throw new Error(`assumed(): ${unknown.join(", ") || "no entry"} is not an entry of the root's x-assumptions`);
  return checks(assumptionTag(entries), level === "full");
}

/** Every (entry, keyword) that `x-assumption` markers place on `node` or anything it refers to. */
export function markersUnder(node: Json, document: Json = openapi): Array<{ entry: string; keyword: string }> {
  return markedNodes(node, { document }).flatMap(({ node: marked }) =>
    Object.entries(markerOf(marked)).flatMap(([entry, keywords]) => keywords.map((keyword) => ({ entry, keyword }))),
  );
}

/**
 * Errors of `value` against a schema of the full description, each with the assumption entries whose
 * markers (under that schema) relax the failing keyword: "/0/ownership must be equal to one of the
 * allowed values (assumption: ownership-case)". An error no marker explains is reported as such — it
 * would also fail the documented check.
 */
export function assumedSchemaErrors(schema: Json, value: unknown): string[] {
  const markers = markersUnder(schema);
  return schemaFailures(schema, value).map((error) => {
    const entries = [...new Set(markers.filter((m) => m.keyword === error.keyword).map((m) => m.entry))];
    return `${error.instancePath || "/"} ${error.message} (${entries.length ? `assumption: ${entries.join(", ")}` : "no assumption: a documented fact"})`;
  });
}

/** The assumption entries whose markers constrain a schema (those whose keywords the documented bundle drops). */
export function constrainingEntries(schema: Json): string[] {
  return [
    ...new Set(
      markersUnder(schema)
        .filter((m) => m.keyword !== "status")
        .map((m) => m.entry),
    ),
  ].sort();
}
