// `npm run mutation:traffic` (test/mutation/traffic-defects.test.ts): judging the HAR of a live run
// against every defective stand-in. Out of every suite: a live run each.
import { defineConfig } from "vitest/config";
import { generatedBesideSource } from "../support/generated-beside-source.js";

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/mutation/traffic-defects.test.ts"],
    testTimeout: 240_000,
    maxConcurrency: 2,
  },
});
