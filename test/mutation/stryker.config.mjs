// Stryker (`npm run mutation`): mutates the client in src/ and runs the client and fault tests against
// each mutant (test/mutation/vitest.config.ts). Not part of `npm test` or CI: it takes minutes. The
// score and the mutants it leaves alive go to the README (Benchmarks); the ones that cannot be killed
// because they do not change behaviour are listed, each with its reason, in equivalent-mutants.md here.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "test/mutation/vitest.config.ts", related: false },
  // Every hand-written module; version.ts holds constants that the version test pins.
  mutate: ["src/*.ts", "!src/version.ts"],
  coverageAnalysis: "perTest",
  // Two cores shared with others: one mutant at a time keeps the machine usable.
  concurrency: 1,
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "test/output/mutation/mutation.json" },
  ignorePatterns: ["docs", "bench", "test/output", ".ci", "openapi"],
  tempDirName: "node_modules/.cache/stryker",
  cleanTempDir: "always",
};
