// The contract suite, checked against servers whose behaviour is known:
//   - the documented-only stand-in (test/support/stand-in/) follows every documented fact and none of
//     the description's assumptions: the documented level passes it, the full level fails it, and every
//     failure there names an assumption;
//   - each deliberately broken stand-in breaks one documented fact: the documented level fails it, in the
//     check written for that fact, with a message naming the operation and the URL;
//   - the reference sandbox behind Prism's validating proxy follows everything: both levels pass,
//     the write workflows included.
import { describe, expect, it } from "vitest";
import { DEFECTS } from "../support/stand-in/defects.js";
import { contractRun } from "./nested-run.js";

/** For each defect, the check that must catch it (by the words of its name). Written here, by hand. */
const CAUGHT_BY: Record<string, string> = {
  "limit-ignored": "never more items than limit",
  "offset-ignored": "offset pages",
  "any-key": "a well-formed but wrong API key gets 401",
  "string-id": "the documented status and body",
  "wrapped-list": "the documented status and body",
  "missing-field": "the documented status and body",
};
const URL_IN_MESSAGE = /\b(GET|POST|PATCH|DELETE) http:\/\/127\.0\.0\.1:\d+\/\S+ → \d{3}/;

describe("the contract suite against the documented-only stand-in", () => {
  it.concurrent("documented level: passes, with no failure", async () => {
    const run = await contractRun("stand-in", "documented");
    expect(run.failed.map((c) => `${c.name}: ${c.message}`)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.passed.length).toBeGreaterThan(150);
    expect(run.checks.some((c) => c.name.includes("[assumption:")), "no assumption is checked at the documented level").toBe(false);
    expect(run.output).toMatch(/documented facts: \d+ passed, 0 failed/);
  });

  it.concurrent("full level: fails, and every failure names the assumption it checks", async () => {
    const run = await contractRun("stand-in", "full");
    expect(run.exitCode).not.toBe(0);
    expect(run.failed.length).toBeGreaterThan(0);
    expect(run.failed.filter((c) => !/\[assumption: [a-z0-9-]+(, [a-z0-9-]+)*\]/.test(c.name)).map((c) => c.name)).toEqual([]);
    // The stand-in's known differences from the description, each reported under its entry.
    expect(run.output).toMatch(/assumptions the server does not follow: .*problem-body/);
    for (const entry of ["problem-body", "invalid-input-400", "max-limit", "www-authenticate", "creator-removal-409"]) {
      expect(run.failed.some((c) => c.name.includes(entry)), `a failure names ${entry}`).toBe(true);
    }
  });
});

describe("the documented level fails each deliberately broken stand-in", () => {
  it("has an expectation for every defect the stand-in offers", () => {
    expect(Object.keys(CAUGHT_BY).sort()).toEqual(Object.keys(DEFECTS).sort());
  });

  for (const defect of Object.keys(CAUGHT_BY)) {
    it.concurrent(`${defect}: caught by "${CAUGHT_BY[defect]}", naming the operation and URL`, async () => {
      const run = await contractRun(`stand-in:${defect}`, "documented");
      expect(run.exitCode).not.toBe(0);
      const caught = run.failed.filter((c) => c.name.includes(CAUGHT_BY[defect]!));
      expect(caught.length, `failures: ${run.failed.map((c) => c.name).join("\n") || "none"}\n${run.output.slice(-2000)}`).toBeGreaterThan(0);
      for (const check of caught) {
        expect(check.message, check.name).toMatch(URL_IN_MESSAGE);
        expect(check.message, check.name).toMatch(/\b(list|get|create|update|delete|add|remove)[A-Z]\w+\b/);
      }
    });
  }
});

describe("the contract suite against the reference sandbox behind Prism's validating proxy", () => {
  for (const level of ["documented", "full"] as const) {
    it.concurrent(`${level} level: passes, write workflows included`, async () => {
      const run = await contractRun("sandbox", level);
      expect(run.failed.map((c) => `${c.name}: ${c.message}`)).toEqual([]);
      expect(run.exitCode).toBe(0);
      const workflows = run.checks.filter((c) => c.name.startsWith("write workflows"));
      expect(workflows.length).toBeGreaterThanOrEqual(level === "full" ? 5 : 4);
      expect(workflows.every((c) => c.status === "passed")).toBe(true);
    });
  }
});
