// `npm run test:compilers`: the package's types under every TypeScript the README promises — the oldest
// it states, the current 5.x and 7 — in both module resolutions a project uses, with libraries'
// declarations checked. It installs the older compilers itself (into a temporary folder, from npm's
// cache or the registry), so it is a CI step of its own (.ci/run), not part of `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/compilers/**/*.test.ts"],
    // The tsc runs start in beforeAll and queue two at a time: a test may wait for several.
    testTimeout: 300_000,
    hookTimeout: 240_000,
  },
});
