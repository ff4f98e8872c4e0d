// `npm run test:levels`: the contract suite run against servers whose behaviour is known, checking the
// suite itself — it passes what it must pass and fails what it must fail. Each test is a whole nested
// run of test/contract (10–20 s), so this is kept out of `npm test` (its 60 s budget) and run by CI
// (.ci/run) after it. Also the packages and servers as a user's CI runs them: the packed tarballs with
// npx (packed-*.test.ts), and every server started in the background and stopped with `kill $!`
// (server-lifetime.test.ts: several Prism starts, too slow for `npm test` too).
import { defineConfig } from "vitest/config";
import { generatedBesideSource } from "../support/generated-beside-source.js";

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/conformance-levels/**/*.test.ts"],
    testTimeout: 240_000,
    // Two nested runs side by side: one per core.
    maxConcurrency: 2,
  },
});
