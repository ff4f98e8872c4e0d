// Vitest configuration for mutation testing (test/mutation/stryker.config.mjs): the tests that exercise
// src/ directly — the client's unit tests and the fault tests — without the Prism mock of the full
// suite, which none of them needs. The browser test runs the compiled package, not src/, so it could
// not see a mutant; the package, contract and description tests are the full suite's business, and so is
// the mock's fuzzing (hostile-requests), which needs that mock and tests no code in src/.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/client/**/*.test.ts", "test/faults/**/*.test.ts"],
    exclude: ["test/client/browser.test.ts", "test/client/exports.test.ts", "test/faults/hostile-requests.test.ts"],
    testTimeout: 20_000,
  },
});
