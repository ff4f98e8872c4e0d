// A project written with the hostile strings of a public corpus (naughty.ts) — every writable string of
// a project, within the interface's limits — each read back through every view by the model; then
// every method the interface does not list on each of its paths (the lifecycle sends some): refused,
// and nothing changed. Steps only: scenario.ts runs them, a failure's reproduction replays them.
import { naughtyProjectFields } from "./naughty.js";
import { LIMITS } from "./values.js";
import type { Step } from "./steps.js";

type Path = Extract<Step, { kind: "unlisted" }>["path"];

/** The methods the interface does not list on each of a project's paths (RFC 9110's methods with a
 * request Fetch can make), less those the lifecycle already sends. */
export const UNLISTED: ReadonlyArray<readonly [string, Path]> = [
  ["PATCH", "users"],
  ["DELETE", "users"],
  ["PUT", "files"],
  ["PATCH", "files"],
  ["DELETE", "files"],
  ["PUT", "urls"],
  ["PATCH", "urls"],
  ["DELETE", "urls"],
  ["PUT", "copy"],
  ["PATCH", "copy"],
  ["DELETE", "copy"],
  ["PUT", "user"],
  ["POST", "user"],
];

export function explore(tag: string, updates = 8): Step[] {
  const P = "N1";
  const [first, ...rest] = naughtyProjectFields(tag, LIMITS, updates);
  return [
    { kind: "create", caller: "key", slot: P, fields: first!, why: "hostile strings (Big List of Naughty Strings)" },
    ...rest.map(
      (fields, i): Step => ({ kind: "update", caller: "key", slot: P, fields, why: `hostile strings ${i + 2} of ${rest.length + 1}` }),
    ),
    ...UNLISTED.map(([method, path]): Step => ({ kind: "unlisted", caller: "key", slot: P, method, path })),
    { kind: "delete", caller: "key", slot: P },
  ];
}
