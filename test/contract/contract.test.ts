// The contract checker (contract/, the package implementers run with npx) against this run's Prism
// mock, through its programmatic entry: the same checks, the same runner. One vitest test per check,
// so a failure shows under the check's own title with its reason and curl line. The mock honours
// `Prefer`, keeps no state and takes any well-formed key: the checks that need otherwise are not
// registered for it (the stand-ins and the sandbox carry them: `npm run test:levels`).
import { describe, expect, it } from "vitest";
import { runContract, type CheckResult } from "../../contract/src/index.js";
import { target } from "../support/target.js";

const { baseUrl, apiKey } = target();
const run = await runContract({
  target: {
    name: "the Prism mock",
    baseUrl,
    apiKey,
    isMock: true,
    stateful: false,
    allowWrites: true,
    checksKeys: false,
    disposable: true,
  },
  level: "full",
  // Prism is one process on this 2-core machine: a few at a time, unpaced.
  limits: { rate: 10_000, concurrency: 6 },
});

const explain = (result: CheckResult) =>
  [result.reason ?? "", result.exchange ? `${result.exchange.method} ${result.exchange.url} → ${result.exchange.status}` : ""].join("\n");

describe("the contract checker against the mock", () => {
  it("registers checks of both levels and sends requests", () => {
    expect(run.results.filter((r) => r.entries.length === 0).length).toBeGreaterThan(150);
    expect(run.results.filter((r) => r.entries.length > 0).length).toBeGreaterThan(150);
    expect(run.requests).toBeGreaterThan(300);
  });

  it("names every check by an id of its own, stable across runs and versions (a baseline lists them)", () => {
    const ids = run.results.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Written here by hand: a change of the id scheme breaks every baseline users keep.
    for (const id of [
      "operations/listprojects-get-projects-json-the-documented-status-and-body-through-the-package-s-client",
      "errors/listprojects-get-projects-json-no-authorization-header-refused-with-nothing-in-the-answer",
      "bad input/createproject-name-of-51-characters-limit-50-never-a-2xx",
    ])
      expect(ids).toContain(id);
  });

  for (const result of run.results) {
    it(result.title, () => {
      expect(result.status === "not checked" ? `not checked: ${result.reason}` : result.status, explain(result)).toBe("passed");
    });
  }
});
