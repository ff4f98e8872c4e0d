// Vitest configuration for `npm run mutation:sandbox` (test/mutation/stryker.sandbox.config.mjs): the one
// test Stryker runs against each mutant of src/sandbox, sandbox-checked.ts — the compiled contract checker
// judging the mutated sandbox. Not a *.test.ts file, so `npm test` never picks it up.
import { defineConfig } from "vitest/config";
import { generatedBesideSource } from "../support/generated-beside-source.js";

export default defineConfig({
  // src/sandbox imports the validators and the description the build writes to generated/lib/sandbox.
  plugins: [generatedBesideSource()],
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/mutation/sandbox-checked.ts"],
    // A fresh module graph for every run: one checker run is kept per run of the file, never across mutants.
    isolate: true,
    // The checker runs in a beforeAll hook: vitest's default 10 s for a hook is too short on a busy
    // machine, and a hook that times out would kill a mutant the checker did not catch.
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
