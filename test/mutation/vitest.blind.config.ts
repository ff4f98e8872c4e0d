// The blind rounds' own test (test/mutation/app-layer-blind-1.test.ts): each defect is live, without the
// checker. Out of `npm test` with the rest of test/mutation: npx vitest run --config test/mutation/vitest.blind.config.ts
import { defineConfig } from "vitest/config";
import { generatedBesideSource } from "../support/generated-beside-source.js";

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/mutation/app-layer-blind-*.test.ts"],
  },
});
