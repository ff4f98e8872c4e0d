// A failing report a person reads in one pass (issue 59, item 2), on the two runs that fail the most:
// the stateless Prism mock taken as a real server (with writes: every create answers the same example,
// so much fails and much cannot run), and the stand-in with three realistic defects at once (writes and
// a second key). Each report as the command prints it (consoleReport): no line over 160 characters, no
// stack trace of the checker's, no reason calling an answer a refusal that quotes a 2xx, every "could
// not run" with its why, every distinct failing check named on the first screen, and what was not
// checked counted in words, one line each, under what would check it. Two whole runs: `npm run
// test:levels`, not `npm test`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleReport, findings, runContract, type RunResult } from "../../contract/src/index.js";
import { byKind } from "../../contract/src/reports/verdict.js";
import { startPrism, type RunningPrism } from "../support/prism.js";
import { REALISTIC_DEFECTS } from "../support/stand-in/realistic-defects.js";
import { standInRun } from "../support/stand-in/run.js";
import { userServer } from "../support/stand-in/target.js";

const FIRST_SCREEN = 40;
/** Three defects of different kinds: who may write, what a write does, how a value is written. */
const DEFECTS = ["non-member-may-update", "patch-replaces", "timestamps-without-offset"] as const;

const runs: Array<[string, () => RunResult]> = [];
let prism: RunningPrism;
let onMock: RunResult;
let withDefects: RunResult;
beforeAll(async () => {
  prism = await startPrism("mock", { verboseLevel: "error" });
  const [mock, defects] = await Promise.all([
    runContract({
      target: userServer({ name: "the mock, as a server", baseUrl: prism.url, apiKey: "a-key-of-someone", allowWrites: true }),
      level: "documented",
      limits: { rate: 10_000, concurrency: 4 },
      seed: 20261202,
    }),
    standInRun({
      writes: true,
      otherKey: true,
      wrap: (handler) => DEFECTS.reduce((served, defect) => REALISTIC_DEFECTS[defect]!(served), handler),
    }),
  ]);
  onMock = mock;
  withDefects = defects.run;
}, 240_000);
afterAll(() => prism?.stop());
runs.push(["the stateless mock taken as a real server", () => onMock], ["three realistic defects at once", () => withDefects]);

describe.each(runs)("the failing report of %s", (_, runOf) => {
  const report = () => consoleReport(runOf());
  const lines = () => report().split("\n");

  it("fails, with documented failures to explain", () => {
    expect(findings(runOf()).failures.length).toBeGreaterThan(0);
    expect(lines()[0]).toMatch(/^Result: FAIL/);
  });

  it("has no line over 160 characters", () => {
    expect(lines().filter((line) => line.length > 160)).toEqual([]);
  });

  it("shows no stack trace of the checker's own", () => {
    expect(report()).not.toMatch(/^\s+at |\bat file:|\.js:\d+:\d+/m);
  });

  it("never calls an answer a refusal while it quotes a success", () => {
    expect(report()).not.toMatch(/\b(?:was|were) refused\b[^\n]*→ 2\d\d/);
    expect(report()).not.toMatch(/refused \(2\d\d\)/);
  });

  it("says why each check could not run", () => {
    for (const line of lines().filter((l) => /could not run/.test(l))) expect(line).toMatch(/could not run: (?!Error\b)\w+/);
  });

  it("names every distinct failing check on its first screen", () => {
    const screen = lines().slice(0, FIRST_SCREEN).join("\n");
    const documented = findings(runOf()).failures.filter((r) => r.entries.length === 0);
    for (const [first] of byKind(documented)) {
      // The list names each check by its title without the level tag, cut to the line's width.
      const name = first!.title.replace(/^\[[^\]]*\]\s*/, "").slice(0, 100);
      expect(screen, first!.title).toContain(name);
    }
  });

  it("explains each distinct check in a block of at most a dozen lines", () => {
    const blocks = report()
      .split("\n\n")
      .filter((block) => block.startsWith("  ✗ "));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.split("\n").length, block).toBeLessThanOrEqual(12);
  });

  it("counts what was not checked in words, one line each, under what would check it", () => {
    const section = report().slice(report().indexOf("Not checked: "));
    const entries = section.slice(0, section.indexOf("\n\n")).split("\n").slice(1);
    expect(entries.length).toBeGreaterThan(1);
    expect(section).not.toMatch(/×\d/);
    for (const entry of entries) expect(entry).toMatch(/^ {2}[A-Z][^:]*:$|^ {4}(?:once|twice|\d+ times): \S/);
  });
});
