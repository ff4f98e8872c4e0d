// The line CI reads (.ci/summarize.mjs): "N passed, N failed" from vitest's JSON reports, where a run that
// broke without a failed test must still count as failed. Reports are written here, by hand.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";

const dir = mkdtempSync(join(tmpdir(), "ci-summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
/** A report of `passed` passing tests (and what `extra` says), with an exit code beside it when given. */
function report(passed: number, { exit, ...extra }: { exit?: number; [key: string]: unknown } = {}): string {
  const file = join(dir, `report-${written++}.json`);
  writeFileSync(file, JSON.stringify({ numPassedTests: passed, numFailedTests: 0, success: true, testResults: [], ...extra }));
  if (exit !== undefined) writeFileSync(`${file}.exit`, `${exit}\n`);
  return file;
}

async function summary(...files: string[]) {
  const { status, stdout, stderr } = await run(process.execPath, [`${repoRoot}.ci/summarize.mjs`, ...files], {
    env: { PATH: process.env.PATH },
  });
  return { status, line: stdout.trim(), why: stderr };
}

describe("the CI summary line", () => {
  it("adds the reports up, and passes when nothing failed", async () => {
    expect(await summary(report(3, { exit: 0 }), report(2))).toMatchObject({ status: 0, line: "5 passed, 0 failed" });
  });

  it("counts a run that exited non-zero with no failed test (an unhandled error) as one failure", async () => {
    const result = await summary(report(3, { exit: 1 }), report(2, { exit: 0 }));
    expect(result).toMatchObject({ status: 1, line: "5 passed, 1 failed" });
    expect(result.why).toMatch(/exit 1\) with no failed test/);
  });

  it("counts failed tests, a missing report and a run that tested nothing", async () => {
    expect((await summary(report(1, { numFailedTests: 2, exit: 1 }))).line).toBe("1 passed, 2 failed");
    expect((await summary(join(dir, "none.json"))).line).toBe("0 passed, 1 failed");
    expect((await summary(report(0, { exit: 0 }))).line).toBe("0 passed, 1 failed");
  });

  it("names each failed test, with the first line of its message, before the line", async () => {
    const failedTest = {
      name: "/somewhere/else/test/conformance-levels/traffic.test.ts",
      status: "failed",
      assertionResults: [
        { status: "passed", fullName: "a passing one", failureMessages: [] },
        { status: "failed", fullName: "the proxy > forwards bytes", failureMessages: ["AssertionError: expected 1 to be 2\n  at line"] },
      ],
    };
    const result = await summary(report(1, { numFailedTests: 1, exit: 1, testResults: [failedTest] }));
    expect(result.line).toBe("1 passed, 1 failed");
    expect(result.why).toContain(
      "FAILED test/conformance-levels/traffic.test.ts > the proxy > forwards bytes: AssertionError: expected 1 to be 2\n",
    );
    expect(result.why).not.toContain("a passing one");
  });

  it("prints the message's further lines up to its stack, at most eight", async () => {
    const text = [
      "AssertionError: projects of the run still on the server; the clean-up:",
      "project 700041 was found by the run's tag and deleted now",
      "",
      ...Array.from({ length: 10 }, (_, i) => `line ${i + 3}`),
      "    at Object.<anonymous> (clean-up.test.ts:81:7)",
      "line after the stack",
    ].join("\n");
    const failedTest = {
      name: "/x/test/conformance-levels/clean-up.test.ts",
      status: "failed",
      assertionResults: [{ status: "failed", fullName: "nothing is left", failureMessages: [text] }],
    };
    const { why } = await summary(report(1, { numFailedTests: 1, exit: 1, testResults: [failedTest] }));
    expect(why).toContain("nothing is left: AssertionError: projects of the run still on the server; the clean-up:\n");
    expect(why).toContain("  | project 700041 was found by the run's tag and deleted now\n");
    expect(why).toContain("  | line 9\n");
    expect(why).not.toContain("line 10");
    expect(why).toContain("  | … 3 more lines in the report\n");
    expect(why).not.toContain("at Object");
    expect(why).not.toContain("line after the stack");
  });
});
