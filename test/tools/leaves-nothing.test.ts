// The guard of `npm test` (test/support/leaves-nothing.ts, its first global setup): a run that leaves a
// file in its temporary directory or a new entry in the working tree fails, naming each, and the
// temporary directory is removed either way.
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import setup, { leftBehind } from "../support/leaves-nothing.js";

const envTmp = process.env.TMPDIR;
const tmpOfThisWorker = tmpdir();
afterEach(() => {
  if (envTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = envTmp;
  process.exitCode = undefined; // the guard's failure, provoked here on purpose, is not this run's
});

describe("the guard that npm test leaves nothing behind", () => {
  it("points TMPDIR at a folder of its own, and fails the run naming what a test left there", () => {
    const teardown = setup();
    const runTmp = tmpdir();
    expect(runTmp).not.toBe(tmpOfThisWorker);
    expect(dirname(runTmp)).toBe(tmpOfThisWorker);
    writeFileSync(join(runTmp, "pcs-forgotten-report.json"), "{}");
    expect(() => teardown()).toThrow(/left in the temporary directory: pcs-forgotten-report\.json/);
    expect(process.exitCode).toBe(1);
    expect(existsSync(runTmp)).toBe(false);
    expect(tmpdir()).toBe(tmpOfThisWorker);
  });

  it("names each new entry of the working tree, ignored ones included, but not what was there or is meant to stay", () => {
    const treeBefore = ["!! node_modules/", "?? notes.txt"];
    const treeAfter = [...treeBefore, "?? test/output-readme-x1/", "!! project-collaboration-api-0.2.0.tgz", " M docs/index.html"];
    expect(leftBehind({ leftInTmp: [], treeBefore, treeAfter: [...treeAfter, "!! test/output/", "!! .ci/results/"] })).toEqual([
      "new in the working tree: ?? test/output-readme-x1/",
      "new in the working tree: !! project-collaboration-api-0.2.0.tgz",
      "new in the working tree:  M docs/index.html",
    ]);
    expect(leftBehind({ leftInTmp: [], treeBefore, treeAfter: treeBefore })).toEqual([]);
  });
});
