// The access matrix and the disguises are data turned into requests by one generator each
// (contract/src/sequences/matrix.ts, contract/src/callers/disguises.ts): every cell is generated —
// every operation by the other key in each relation it can have, by keys of no one in theirs, the record
// read back by every caller after each relation — and each disguise can be taken apart to name the
// header or parameter a server honours.
import { describe, expect, it } from "vitest";
import { boundaries, disguises, METHOD_OVERRIDES, OUT_OF_RANGE, parts } from "../../contract/src/callers/disguises.js";
import { accessMatrix } from "../../contract/src/sequences/matrix.js";
import type { Step } from "../../contract/src/sequences/steps.js";

const VIEWS = ["get", "users", "files", "urls", "copy", "list"];
/** The steps between two markers: a relation's own. */
const phases = (steps: Step[], owner: "key" | "other", actor: "key" | "other") => {
  const added = steps.findIndex((s) => s.kind === "add" && s.caller === owner && s.who === actor);
  const left = steps.findIndex((s) => s.kind === "remove" && s.caller === actor && s.who === "self");
  const deleted = steps.findIndex((s) => s.kind === "delete" && s.caller === owner);
  return {
    never: steps.slice(1, added),
    added: steps.slice(added + 1, left),
    removed: steps.slice(left + 2, deleted),
    after: steps.slice(deleted + 1),
  };
};
const tried = (steps: Step[], caller: string) =>
  new Set(
    steps
      .filter((s) => "caller" in s && s.caller === caller)
      .map((s) =>
        s.kind === "read"
          ? `read ${s.view}${s.method ? ` as ${s.method}` : ""}${s.toldToDelete ? " told to delete" : ""}`
          : s.kind === "update"
            ? `update ${Object.keys(s.fields).join()}`
            : s.kind === "add" || s.kind === "remove"
              ? `${s.kind} ${s.who}`
              : s.kind,
      ),
  );

describe("the access matrix", () => {
  for (const [owner, actor] of [
    ["key", "other"],
    ["other", "key"],
  ] as const)
    it(`on a project the ${owner === "key" ? "run's key" : "second key"} creates: every operation by the other key in every relation, and by keys of no one`, () => {
      const steps = accessMatrix(owner, "pcs-contract-test tag", 20261127);
      expect(steps[0]).toMatchObject({ kind: "create", caller: owner });
      const { never, added, removed, after } = phases(steps, owner, actor);
      const every = [
        ...VIEWS.map((v) => `read ${v}`),
        "read get told to delete",
        "update name",
        "update description",
        "update job_code",
        "add self",
        "add newcomer",
        "remove creator",
      ];
      for (const phase of [never, added, removed]) expect([...tried(phase, actor)]).toEqual(expect.arrayContaining(every));
      // Each cell reads every view by id as HEAD or OPTIONS, and sends both (a covering array: every pair).
      const forms = (phase: Step[], caller: string) => [...tried(phase, caller)].filter((t) => / as (HEAD|OPTIONS)$/.test(t));
      for (const [phase, callers] of [
        [never, [actor, "wrong", "none"]],
        [added, [actor]],
        [removed, [actor]],
        [after, [owner, actor, "wrong", "none"]],
      ] as const)
        for (const caller of callers) {
          const sent = forms(phase, caller);
          for (const view of ["get", "users", "files", "urls", "copy"])
            expect(
              sent.some((t) => t.startsWith(`read ${view} as `)),
              `${caller} ${view}`,
            ).toBe(true);
          for (const method of ["HEAD", "OPTIONS"])
            expect(
              sent.some((t) => t.endsWith(` as ${method}`)),
              `${caller} ${method}`,
            ).toBe(true);
        }
      // Seeded: the same seed, the same matrix; a larger budget, more reads in other methods.
      expect(accessMatrix(owner, "pcs-contract-test tag", 20261127)).toEqual(steps);
      const count = (all: Step[]) => all.filter((s) => s.kind === "read" && s.method).length;
      expect(count(accessMatrix(owner, "pcs-contract-test tag", 20261127, count(steps) + 20))).toBe(count(steps) + 20);
      // Delete only where it cannot end the record before the next relation.
      expect(tried(never, actor).has("delete")).toBe(true);
      expect(tried(added, actor).has("delete")).toBe(false);
      expect(tried(removed, actor).has("delete")).toBe(true);
      for (const nobody of ["wrong", "none"]) expect([...tried(never, nobody)]).toEqual(expect.arrayContaining([...every, "delete"]));
      // Read back by every caller after each relation, and after deletion.
      for (const phase of [never, added, removed, after])
        for (const caller of [owner, actor, "wrong", "none"])
          expect(tried(phase, caller).has("read get"), `${caller} reads it back`).toBe(true);
      // Each update sends one property alone.
      for (const step of steps) if (step.kind === "update") expect(Object.keys(step.fields)).toHaveLength(1);
    });
});

describe("the disguises", () => {
  const all = disguises({ ids: [1001], emails: ["dana@northwind.example"], hidden: "/public/api/projects/7.json" });
  it("name a user in every form (id, address in another case, user name), each by every header and parameter at once, and are taken apart into each", () => {
    const forms = all.filter((d) => d.headers?.["X-User-Id"]);
    expect(forms.map((d) => d.query?.sudo)).toEqual(["1001", "dana@northwind.example", "DANA@NORTHWIND.EXAMPLE", "dana"]);
    for (const user of forms) {
      expect(Object.keys(user.headers!)).toEqual(expect.arrayContaining(["X-User-Id", "Impersonate-User", "X-Remote-User"]));
      expect(user.query).toMatchObject({ as_user: user.query!.sudo, _switch_user: user.query!.sudo });
      const named = parts(user);
      expect(named).toHaveLength(Object.keys(user.headers!).length + Object.keys(user.query!).length);
      expect(named.every((p) => Object.keys(p.headers ?? {}).length + Object.keys(p.query ?? {}).length === 1)).toBe(true);
    }
    // An address goes in the address headers too, as given and re-cased.
    expect(forms[2]!.headers?.["X-Forwarded-Email"]).toBe("DANA@NORTHWIND.EXAMPLE");
    expect(forms[0]!.headers?.["X-Forwarded-Email"]).toBeUndefined();
  });
  it("include forwarded addresses, a rewritten path and widening parameters; without a key, only what names who the caller is", () => {
    expect(all.map((d) => d.name).join("\n")).toMatch(/X-Forwarded-For[\s\S]*X-Original-URL[\s\S]*include/);
    const keyless = disguises({ ids: [1001], emails: [], hidden: "/x", keyless: true });
    expect(keyless.some((d) => d.headers?.["X-Original-URL"] || d.query?.all)).toBe(false);
    expect(keyless).toHaveLength(2); // the user by id (no address known), the forwarded address
  });
  it("paging out of range, and a read told to delete (only with writes)", () => {
    expect(OUT_OF_RANGE.some((q) => Number(q.offset) < 0 || Number(q.limit) < 0)).toBe(true);
    // Each bound the description gives listProjects' parameters, at and past it, each alone (limit 1–100, offset ≥ 0).
    expect(boundaries("listProjects")).toEqual(
      expect.arrayContaining([{ limit: 0 }, { limit: 1 }, { limit: 100 }, { limit: 101 }, { offset: -1 }, { offset: 0 }]),
    );
    expect(OUT_OF_RANGE).toEqual(expect.arrayContaining(boundaries("listProjects")));
    expect(METHOD_OVERRIDES.writes).toBe(true);
    expect(METHOD_OVERRIDES.headers?.["X-HTTP-Method-Override"]).toBe("DELETE");
  });
});
