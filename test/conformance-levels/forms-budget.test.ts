// --forms: a larger budget for the access matrix's covering array sends more of its read forms (HEAD
// and OPTIONS by every caller in every relation), and a faithful server still passes every one of them.
import { describe, expect, it } from "vitest";
import { main } from "../../contract/src/command/main.js";
import { findings, type RunResult } from "../../contract/src/index.js";
import { standInRun } from "../support/stand-in/run.js";

const failed = (run: RunResult) => findings(run).failures;
const readForms = (requests: string[]) => requests.filter((r) => /^(HEAD|OPTIONS) /.test(r)).length;

describe("--forms", () => {
  it("more rows of the access matrix: more read forms sent, no failure on a faithful server", async () => {
    const [plain, wide] = await Promise.all([
      standInRun({ writes: true, otherKey: true }),
      standInRun({ writes: true, otherKey: true, formsAtLeast: 200 }),
    ]);
    expect(failed(plain.run)).toEqual([]);
    expect(failed(wide.run)).toEqual([]);
    // Pairs alone need about one row in three of the whole product; 200 rows reach nearly all of it.
    expect(readForms(wide.requests)).toBeGreaterThan(readForms(plain.requests) * 1.5);
  });

  it("takes a whole number from 1 to 10000, and says so otherwise (exit 2, one line)", async () => {
    for (const value of ["0", "2.5", "many", "10001"]) {
      const lines: string[] = [];
      const { code } = await main(["--target", "sandbox", "--forms", value], {}, { out: () => {}, err: (line) => lines.push(line) });
      expect(code, value).toBe(2);
      expect(lines.join("\n"), value).toMatch(/--forms takes a whole number from 1 to 10000/);
    }
  });
});
