// A vitest global setup that fails the run when its tests leave something behind: a file or folder in
// the system's temporary directory, or a new entry in `git status` (ignored files included). Listed
// first in the configuration, so that it sets TMPDIR before anything else starts (the mock, the
// workers, every child process inherit it) and checks after every other teardown has run (vitest runs
// them in reverse). Vitest only logs an error thrown by a teardown, and exits 0: the exit code is set
// here, and CI's summary (.ci/summarize.mjs) counts a run that exits non-zero as a failure.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repoRoot = new URL("../..", import.meta.url).pathname;
/** Written on purpose, for people to read: CI's own reports (.ci/run), and test/output/, the ignored
 * folder of a run's screenshots and counts (test:properties' property-counts.json, test:browser's pages). */
const MEANT_TO_STAY = /^!! (\.ci\/results|test\/output)\/$/;

export default function setup(): () => void {
  const systemTmp = tmpdir();
  const runTmp = mkdtempSync(join(systemTmp, "pcs-test-run-"));
  process.env.TMPDIR = runTmp;
  const treeBefore = treeEntries();
  return () => {
    process.env.TMPDIR = systemTmp;
    // Node.js 22 and later keep their module compile cache there (npx turns it on): the runtime's, not a test's.
    const leftInTmp = readdirSync(runTmp).filter((name) => name !== "node-compile-cache");
    rmSync(runTmp, { recursive: true, force: true });
    const problems = leftBehind({ leftInTmp, treeBefore, treeAfter: treeEntries() });
    if (problems.length === 0) return;
    process.exitCode = 1;
    throw new Error(
      `tests left ${problems.length} thing(s) behind; make the test that writes each remove it (test/support/scratch.ts):\n  ${problems.join("\n  ")}`,
    );
  };
}

/** One line per thing a run left: each name in its temporary directory, each new entry of the tree. */
export function leftBehind(run: { leftInTmp: string[]; treeBefore: string[]; treeAfter: string[] }): string[] {
  const before = new Set(run.treeBefore);
  const newInTree = run.treeAfter.filter((entry) => !before.has(entry) && !MEANT_TO_STAY.test(entry));
  return [
    ...run.leftInTmp.map((name) => `left in the temporary directory: ${name} (removed now)`),
    // A tracked file edited by hand while the run went on shows here too: run again to tell.
    ...newInTree.map((entry) => `new in the working tree: ${entry}`),
  ];
}

/** `git status --porcelain --ignored` of the repository, one entry a line ([] outside a git checkout). */
function treeEntries(): string[] {
  try {
    const out = execFileSync("git", ["status", "--porcelain", "--ignored"], { cwd: repoRoot, encoding: "utf8" });
    return out.split("\n").filter(Boolean);
  } catch {
    return [];
  }
}
