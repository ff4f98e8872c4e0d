// The judge (contract/src/model/judge.ts) is the one place a verdict of the model is recorded: a step, a
// read-back, a list walked or a recorded exchange hands it what it found (a Finding: what is wrong, if
// anything), never a verdict. So nowhere else in contract/src is an observation recorded into a world or
// a ledger, nor is a `passed:` set — but in the ledger, which keeps the verdicts it is given.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { handWrittenModules } from "../support/import-circles.js";

const root = new URL("../..", import.meta.url).pathname;
const prefix = "contract/src/";
const JUDGE = `${prefix}model/judge.ts`;
const LEDGER = `${prefix}model/ledger.ts`;
/** The one place besides the judge that calls a record: the world's sink, which forwards the judge's verdicts to its ledger. */
const SINK = "    this.ledger.record(observation);";

/** The rooms that observe servers (reports, the command and the runner read results, and may name a
 * parameter `passed`). */
const OBSERVING = ["model/", "sequences/", "traffic/", "callers/", "checks/"].map((room) => `${prefix}${room}`);

/** Each line of `source` that records a verdict or sets one, with its number. */
function verdictLines(source: string): string[] {
  return source
    .split("\n")
    .map((line, index) => ({ line, at: index + 1 }))
    .filter(({ line }) => line !== SINK && (/\.record\(/.test(line) || /(?:^|[{,])\s*passed:/.test(line)))
    .map(({ line, at }) => `${at}: ${line.trim()}`);
}

describe("verdicts", () => {
  const files = handWrittenModules(root).filter((file) => OBSERVING.some((room) => file.startsWith(room)));

  it("are recorded by the judge alone", () => {
    expect(files.length).toBeGreaterThan(40);
    const elsewhere = files
      .filter((file) => file !== JUDGE && file !== LEDGER)
      .flatMap((file) => verdictLines(readFileSync(`${root}${file}`, "utf8")).map((line) => `${file.slice(prefix.length)}:${line}`));
    expect(elsewhere).toEqual([]);
    expect(verdictLines(readFileSync(`${root}${JUDGE}`, "utf8")).length).toBeGreaterThan(0);
  });

  it("a verdict set or recorded outside the judge is found (the test can fail)", () => {
    expect(verdictLines("  world.record({\n    passed: same,\n  });")).toEqual(["1: world.record({", "2: passed: same,"]);
    expect(verdictLines("  ledger.amend({ ...failure, passed: false });")).toHaveLength(1);
    expect(verdictLines(`${SINK}\n  const record = (x) => x;\n  status: "passed",`)).toEqual([]);
  });
});
