// Stryker (`npm run mutation:sandbox`): mutates the reference sandbox's rules in src/sandbox and runs the
// contract checker against each mutant (test/mutation/sandbox-checked.ts, vitest.sandbox.config.ts): a
// plausible server defect per mutant, with the checker as the test (issue 41). Run it with
// `npm run build && npm run mutation:sandbox` (the checker is the compiled contract/dist). Not part of
// `npm test` or CI: 864 mutants, about 45 minutes on a shared 2-core machine. It ends with
// `node test/mutation/sandbox-survivors.mjs`, which writes the score and every survivor, each marked as
// listed in bench/RESULTS.md (the interface allows it or no client can tell; or a check the checker
// lacks), or new.
import client from "./stryker.config.mjs";

// The client's run (stryker.config.mjs), with another test, other source, its own report and its own folder.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...client,
  vitest: { configFile: "test/mutation/vitest.sandbox.config.ts", related: false },
  // What a server does. Left out: the HTTP wrapper and what only it uses (server.ts, cors.ts, loopback.ts,
  // owner.ts, limits.ts), the seed data and its types (example-seed.ts, seed.ts), re-exports (index.ts).
  mutate: [
    "src/sandbox/operations/*.ts",
    "src/sandbox/credentials.ts",
    "src/sandbox/field-errors.ts",
    "src/sandbox/paging.ts",
    "src/sandbox/permissions.ts",
    "src/sandbox/problem.ts",
    "src/sandbox/request-input.ts",
    "src/sandbox/router.ts",
    "src/sandbox/sandbox.ts",
    "src/sandbox/state.ts",
  ],
  // One checker run serves every test of the file, so Stryker runs them all for each mutant it reaches
  // (and all of them: the tests after the first say what else caught it).
  // The run happens in the test file's beforeAll, so every mutant it reaches is "static" to Stryker: the
  // warning that static mutants are slow says nothing here.
  coverageAnalysis: "all",
  disableBail: true,
  warnings: { slow: false },
  // One checker run is about 3.5 s of one core (642 requests); each of the two runners takes one mutant.
  concurrency: 2,
  // Stryker's limit is this on top of the unmutated run's time. A mutant that hangs the sandbox is a
  // Timeout (counted as detected), so the limit must stay well above a checker run on a busy machine
  // (about 4 s alone, 15 s with other sessions' load): at 10 s, load alone "killed" mutants.
  timeoutMS: 60_000,
  jsonReporter: { fileName: "test/output/mutation/sandbox.json" },
  tempDirName: "node_modules/.cache/stryker-sandbox",
};
