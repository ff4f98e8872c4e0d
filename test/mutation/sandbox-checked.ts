// The test `npm run mutation:sandbox` gives Stryker (test/mutation/stryker.sandbox.config.mjs): the contract
// checker, as compiled and published, judges the reference sandbox built from src/sandbox — which Stryker
// mutates. The sandbox implements the whole description, so at level `full` any failure is a defect the
// mutant put there: the mutant is killed exactly when the checker's verdict at `full` is not a pass.
// The other tests record, per mutant (Stryker's `killedBy`), whether level `documented` would have
// caught it too, and whether the run left the server as it found it (a mutant that only that test
// kills is one the checker missed). Only the package's public API is used (runContract, SetupFailed, verdict,
// findings), so this keeps working whatever the checker's engine becomes.
import { createSandbox as compiledSandbox } from "@project-collaboration/api/sandbox";
import { findings, type RunResult, runContract, SetupFailed, type Target, verdict } from "@project-collaboration/contract";
import { beforeAll, describe, expect, it } from "vitest";
import type { SandboxSeed } from "../../src/sandbox/index.js";
import { userServer } from "../support/stand-in/target.js";

/** An existing account of the seed, as test/conformance-levels/levels.test.ts invites. */
const INVITE_EMAIL = "lee.park@northwind.example";
/** In this process nothing is slow. */
const FAST = { rate: 10_000, concurrency: 8 };
/** Stryker's instrumenter calls this in every mutated function (@stryker-mutator/instrumenter). */
const MUTANT_MARKER = "stryMutAct_9fa48";

/** How often instrumented code has run in this process, loading included: Stryker's coverage counters,
 * which every mutated file bumps as it runs (0 outside Stryker). */
function instrumentedHits(): number {
  type Counts = Record<string, number>;
  const coverage = (globalThis as { __stryker__?: { mutantCoverage?: { static: Counts; perTest: Record<string, Counts> } } }).__stryker__
    ?.mutantCoverage;
  const sum = (counts: Counts) => Object.values(counts).reduce((a, b) => a + b, 0);
  return coverage ? sum(coverage.static) + Object.values(coverage.perTest).reduce((a, c) => a + sum(c), 0) : 0;
}

/** The sandbox's data, less what a run with writes is allowed to change: the organization's `modified`
 * (it is changed, in two writes, and restored once). */
function kept(seed: SandboxSeed): string {
  return JSON.stringify({ ...seed, organizations: seed.organizations.map(({ modified: _modified, ...o }) => o) });
}

async function checkSandbox(): Promise<{ run: RunResult; before: string; after: string; mutatedCodeRan: boolean }> {
  // Imported here, not at the top: a mutant that breaks the sandbox as it loads must fail the tests, and
  // Stryker's vitest runner (9.6.1) reports a test file that fails to import as a survivor (it ran no
  // test, so none failed).
  const { createSandbox } = await import("../../src/sandbox/index.js");
  const { STAND_IN_KEY, STAND_IN_OTHER_KEY, standInSeed } = await import("../support/stand-in/seed.js");
  const sandbox = createSandbox({ seed: standInSeed() });
  const before = kept(sandbox.snapshot());
  const target: Target = userServer({
    name: "the mutated sandbox",
    baseUrl: "https://sandbox-under-mutation.invalid/public/api",
    apiKey: STAND_IN_KEY,
    otherApiKey: STAND_IN_OTHER_KEY,
    inviteEmail: INVITE_EMAIL,
    allowWrites: true,
    fetch: (request: Request) => sandbox.fetch(request),
  });
  // A run that stops before any check throws, with the run (its setupError) behind it: judged like any other.
  const run = await runContract({ target, level: "full", limits: FAST }).catch((error: unknown) => {
    if (error instanceof SetupFailed) return error.run;
    throw error;
  });
  return { run, before, after: kept(sandbox.snapshot()), mutatedCodeRan: instrumentedHits() > 0 };
}

/** What failed, one line each, for the test's message. */
const failureLines = (run: RunResult) => [
  ...(run.setupError ? [`stopped: ${run.setupError}`] : []),
  ...findings(run).failures.map((r) => `${r.title}: ${r.reason}`),
  ...(run.cleanUpFailed ? run.cleanUp : []),
];

describe("the contract checker against the sandbox of src/sandbox", () => {
  // One run for every test below, outside any test: Stryker then counts the sandbox's code as reached by
  // all of them ("static" coverage) and runs them all for each mutant, not only the first.
  let checked: Awaited<ReturnType<typeof checkSandbox>>;
  beforeAll(async () => {
    checked = await checkSandbox();
  });

  it("the target runs src/sandbox as Stryker instrumented it; the checker and its sandbox are the compiled ones", () => {
    const underStryker = "__stryker__" in globalThis;
    expect(checked.mutatedCodeRan, "the sandbox is the instrumented src/sandbox").toBe(underStryker);
    expect(runContract.toString(), "the checker is contract/dist, never a mutant").not.toContain(MUTANT_MARKER);
    expect(compiledSandbox.toString(), "the sandbox the checker may use (generated/lib) is never a mutant").not.toContain(MUTANT_MARKER);
  });

  it("level full: passes", () => {
    const { run } = checked;
    expect(failureLines(run)).toEqual([]);
    expect(verdict(run).code, verdict(run).line).toBe(0);
  });

  it("level documented: passes", () => {
    // Every check runs at every level; the level only decides which failures count (documented facts at
    // `documented`, assumptions too at `full`): the same run, judged at the other level.
    const { run } = checked;
    const documented: RunResult = { ...run, level: "documented" };
    expect(failureLines(documented)).toEqual([]);
    expect(verdict(documented).code, verdict(documented).line).toBe(0);
  });

  it("leaves the server as it found it", () => {
    const { before, after } = checked;
    expect(after).toBe(before);
  });
});
