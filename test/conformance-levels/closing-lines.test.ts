// The checker's console output as a person reads it at the end of a run (issue 49), against the
// in-process sandbox: read-only, and with writes and a second key (the command's own `--target sandbox`,
// unpaced): two whole runs, so in `npm run test:levels`, not `npm test`. No line runs past 200 characters outside quoted server text, and the stated rules not
// exercised stand one a line within 80 columns, each under one reason that is true of the run: nothing
// a run had is named as what "would add some", and what its coverage shows it did is not listed as
// not done. The seed of the generated sequences is printed only when some ran (only with writes).
import { beforeAll, describe, expect, it } from "vitest";
import { consoleReport, main, runContract, targetOf, type RunResult } from "../../contract/src/index.js";

/** The report's lines without the blocks that quote what the server sent (failures, assumptions the
 * server chose otherwise, unstable checks): each block runs from its heading to the next blank line. */
function ownLines(report: string): string[] {
  const quoting = /^(Documented facts the server breaks|Assumptions of the description|Unstable)/;
  const lines: string[] = [];
  let skipping = false;
  for (const line of report.split("\n")) {
    if (quoting.test(line)) skipping = true;
    else if (line === "") skipping = false;
    if (!skipping) lines.push(line);
  }
  return lines;
}

/** The closing block of stated rules: its heading and every line after it up to the blank line. */
function rulesBlock(report: string): string[] {
  const lines = report.split("\n");
  const start = lines.findIndex((line) => line.startsWith("Stated rules of the interface exercised:"));
  const end = lines.indexOf("", start);
  return lines.slice(start, end);
}

/** The rules listed as not exercised (lines of four spaces and an id), and the reason lines above them. */
function notExercised(report: string): { rules: string[]; reasons: string[] } {
  const block = rulesBlock(report).slice(1);
  return {
    rules: block.filter((line) => /^ {4}[a-z]/.test(line)).map((line) => line.trim().split(" ")[0]!),
    reasons: block.filter((line) => /^ {2}\S/.test(line)),
  };
}

const SEED_LINE = /^The model's generated sequences used seed \d+/m;

describe("the closing lines of a read-only run (no second key, no invite address)", () => {
  let report: string;
  beforeAll(async () => {
    const sandbox = targetOf({ target: { kind: "sandbox" } } as Parameters<typeof targetOf>[0]);
    const { otherApiKey: _, ...withoutOther } = sandbox;
    const run: RunResult = await runContract({
      target: { ...withoutOther, name: "the sandbox, read-only", allowWrites: false, disposable: false },
      level: "documented",
      limits: { rate: 10_000 },
    });
    report = consoleReport(run);
  }, 240_000);

  it("has no line over 200 characters outside quoted server text, and the rules within 80 columns", () => {
    expect(ownLines(report).filter((line) => line.length > 200)).toEqual([]);
    expect(rulesBlock(report).filter((line) => line.length > 80)).toEqual([]);
  });

  it("lists each rule not exercised once, each reason once, and never a vague 'would add some'", () => {
    const { rules, reasons } = notExercised(report);
    expect(report).not.toMatch(/would add some/);
    expect(rules.length).toBeGreaterThan(10);
    expect(new Set(rules).size).toBe(rules.length);
    // A reason of several lines starts with a capital letter; its continuation lines do not.
    const heads = reasons.filter((line) => /^ {2}[A-Z]/.test(line));
    expect(new Set(heads).size).toBe(heads.length);
    // Writes are what this run lacked: the rules of a created project are under that reason.
    const block = rulesBlock(report).join("\n");
    expect(block).toMatch(/read-only[^\n]*\n[\s\S]*?create-returns-project/);
  });

  it("prints no seed: no generated sequence ran", () => {
    expect(report).not.toMatch(SEED_LINE);
  });

  it("says what was not checked and what would check it, not only why", () => {
    expect(report).not.toMatch(/owns the organization's state in this run/);
    const own = ownLines(report);
    const notChecked = own.slice(own.findIndex((line) => line.startsWith("Not checked: ")) + 1);
    const block = notChecked.slice(0, notChecked.indexOf(""));
    const entries = block.filter((line) => line.startsWith("    "));
    expect(entries.length).toBeGreaterThan(0);
    // Under what would check them ("  With writes allowed (--allow-writes …):"), each reason on one line:
    // "68 times: createProject, … — why" or "once: listCopy (GET …): why": what was not checked comes first.
    expect(block[0]).toMatch(/^ {2}[A-Z].*:$/);
    for (const entry of entries) expect(entry).toMatch(/^ {4}(once|twice|\d+ times): (the model's scenarios|[a-z]+[A-Z]\w*)/);
  });
});

describe("the closing lines of `pcs-contract --target sandbox` (writes and a second key, unpaced)", () => {
  let report: string;
  let run: RunResult;
  beforeAll(async () => {
    const out: string[] = [];
    const result = await main(["--target", "sandbox"], {}, { out: (text) => out.push(text), err: () => {} });
    run = result.run!;
    report = out.join("\n");
  }, 240_000);

  it("runs the in-process sandbox unpaced, and says so first", () => {
    expect(run.limits.rate).toBe(Number.POSITIVE_INFINITY);
    // The limits follow what is checked, on the first line or (past 160 columns) the second.
    expect(report.split("\n").slice(0, 2).join("\n")).toMatch(/unpaced/);
  });

  it("has no line over 200 characters outside quoted server text, and the rules within 80 columns", () => {
    expect(ownLines(report).filter((line) => line.length > 200)).toEqual([]);
    expect(rulesBlock(report).filter((line) => line.length > 80)).toEqual([]);
  });

  it("does not list as not exercised what its coverage shows it did", () => {
    const coverage = (operation: string) => report.split("\n").find((line) => line.startsWith(`  ${operation}: `)) ?? "";
    // A user added (201) and the creator's removal refused (409): the two rules the issue found unlisted.
    expect(coverage("addProjectUser")).toMatch(/201 ✓/);
    expect(coverage("removeProjectUser")).toMatch(/409 ✓/);
    const { rules } = notExercised(report);
    expect(rules).not.toContain("add-existing-user");
    expect(rules).not.toContain("creator-not-removable");
  });

  it("never names writes or a second key as missing, nor 'would add some'", () => {
    const { reasons } = notExercised(report);
    expect(report).not.toMatch(/would add some/);
    expect(reasons.join(" ")).not.toMatch(/read-only|second key|PCS_OTHER_API_KEY|--allow-writes/);
  });

  it("prints the seed once: its generated sequences ran", () => {
    expect(report.match(new RegExp(SEED_LINE.source, "gm"))).toHaveLength(1);
    expect(report).toContain(`--seed ${run.seed} runs them again`);
  });
});
