// Vitest configuration; lives with the tests it configures. `npm test` passes it with --config.
import { configDefaults, defineConfig } from "vitest/config";
import { generatedBesideSource } from "./support/generated-beside-source.js";

const root = new URL("..", import.meta.url).pathname;

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root,
    include: ["test/**/*.test.ts"],
    // Whole nested runs of the contract suite: `npm run test:levels`, run by CI after `npm test`.
    exclude: [...configDefaults.exclude, "test/conformance-levels/**"],
    // One Prism mock (or the real server named by PCS_BASE_URL) for every test file: see test/support/README.md.
    globalSetup: ["test/support/global-setup.ts"],
    // Linters and the mock are separate processes: give them time on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
