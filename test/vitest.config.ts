// Vitest configuration; lives with the tests it configures. `npm test` passes it with --config.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["test/**/*.test.ts"],
    // One Prism mock (or the real server named by PCS_BASE_URL) for every test file: see test/support/README.md.
    globalSetup: ["test/support/global-setup.ts"],
    // Linters and the mock are separate processes: give them time on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
