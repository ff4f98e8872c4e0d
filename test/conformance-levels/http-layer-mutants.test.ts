// The harness of `npm run mutation:http` (test/mutation/http-layer-mutants.mjs, its operators and runs),
// tested on a small, fast subset:
// the checker passes the faithful stand-in through it (nothing is mutated, nothing hit), and fails a few
// HTTP-layer mutants of different layers, each of which the run did make answer differently. The whole
// measurement (about a hundred mutants at two levels) stays out of every test suite.
import { describe, expect, it } from "vitest";
import { findings } from "../../contract/src/index.js";
import { FAITHFUL, mutants } from "../../test/mutation/http-layer-operators.js";
import { caught, checkerRun, outcomeOf, type Outcome } from "../../test/mutation/http-layer-run.js";

const byId = new Map(mutants().map((m) => [m.id, m]));

describe("the HTTP-layer mutants", () => {
  it("are generated the same way every time (seeded), each with a unique id, none of them faithful", () => {
    const ids = mutants().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mutants(48).map((m) => m.id)).toEqual(ids);
    expect(ids.length).toBeGreaterThan(60);
    const names = new Set(mutants().map((m) => m.operator));
    for (const faithful of FAITHFUL) expect(names.has(faithful.name), faithful.name).toBe(false);
    for (const breaks of ["stated", "assumption"]) expect(mutants().some((m) => m.breaks === breaks)).toBe(true);
  });

  it("at full, a catch is a check the faithful stand-in does not fail; a failure it shares is not one", () => {
    const faithful: Outcome = {
      mutant: "faithful",
      level: "full",
      code: 1,
      failing: ["a", "b"],
      facts: 0,
      cleanUpFailed: false,
      hits: 0,
      requests: 1,
      ms: 1,
    };
    expect(caught({ ...faithful, mutant: "m", failing: ["a"] }, faithful)).toBe(false);
    expect(caught({ ...faithful, mutant: "m", failing: ["a", "c"] }, faithful)).toBe(true);
    expect(caught({ ...faithful, mutant: "m", cleanUpFailed: true }, faithful)).toBe(true);
    const documented: Outcome = { ...faithful, level: "documented", code: 0, failing: [] };
    expect(caught({ ...documented, code: 1, failing: ["a"] }, documented)).toBe(true);
    expect(caught(documented, documented)).toBe(false);
  });
});

describe.concurrent("the checker through the harness, at the documented level", () => {
  it("passes the faithful stand-in", async () => {
    const { run, hits } = await checkerRun("documented");
    expect(findings(run).failures.map((r) => `${r.title}: ${r.reason}`)).toEqual([]);
    expect(outcomeOf("faithful", "documented", run, hits, 0)).toMatchObject({ code: 0, hits: 0, cleanUpFailed: false });
  });

  // One mutant from each of four layers; each must exist, be hit by the run, and fail it.
  for (const id of [
    "route-shadowed-by-project:listCopy",
    "int-as-string:project.id",
    "deleted-still-served:listProjects",
    "key-compared-by-prefix:8-characters",
  ]) {
    it(`fails ${id}`, async () => {
      const mutant = byId.get(id);
      expect(mutant, `${id} is generated`).toBeDefined();
      const { run, hits } = await checkerRun("documented", mutant!.wrap);
      expect(hits, "the mutant answered differently").toBeGreaterThan(0);
      expect(findings(run).failures.length, "the run fails").toBeGreaterThan(0);
    });
  }
});
