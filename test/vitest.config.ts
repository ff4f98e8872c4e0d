// Vitest configuration; lives with the tests it configures. `npm test` passes it with --config.
import { configDefaults, defineConfig } from "vitest/config";
import { generatedBesideSource } from "./support/generated-beside-source.js";

const root = new URL("..", import.meta.url).pathname;

/** `npm run test:tools` (test/vitest.tools.config.ts): tsc, Biome, the import graph, the description's
 * linters, and the packed tarball (publint, attw, a consumer project installing it). They run external
 * tools over the whole repository, about half of what `npm test` would cost with them: CI runs them as
 * their own step (.ci/run), and their report joins the summary. */
export const TOOL_TESTS = [
  "test/types/typecheck.test.ts",
  "test/types/compiler-messages.test.ts",
  "test/tools/code-style.test.ts",
  "test/tools/import-circles.test.ts",
  "test/tools/tool-edges.test.ts",
  "test/description/linters.test.ts",
  "test/package/package-lint.test.ts",
  "test/package/packed.test.ts",
  // Whole processes started and stopped as a user's shell does: `npm run sandbox` behind Prism (one
  // started, killed and started again) and `pcs --sandbox`'s state file shared by several processes —
  // about 18 s of the main suite's budget, moved here when issues 47–49 added their tests.
  "test/sandbox/http.test.ts",
  "cli/test/sandbox-state.test.ts",
  // Every script and binary started with --help (and most with an unknown option): 45 processes, 20–40 s.
  "test/tools/help.test.ts",
];

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root,
    // mcp/ and cli/: the MCP server and the pcs command, packages of their own (npm workspaces of this one).
    include: ["test/**/*.test.ts", "mcp/test/**/*.test.ts", "cli/test/**/*.test.ts"],
    // Whole nested runs of the contract suite: `npm run test:levels`, run by CI after `npm test`.
    // The validators, code generators, newman and `redocly respect`: `npm run test:interop` (its tools are
    // not in this install), run by CI after it too.
    // The tests in Chromium: `npm run test:browser` (test/vitest.browser.config.ts), likewise.
    // The compiler matrix, which installs older TypeScript releases: `npm run test:compilers`, likewise.
    exclude: [
      ...configDefaults.exclude,
      "test/conformance-levels/**",
      "test/interop/tools/**",
      "test/compilers/**",
      "test/**/browser.test.ts",
      // External tools over the repository and its tarball: `npm run test:tools`, likewise.
      ...TOOL_TESTS,
      // Generated requests and responses against the mock: `npm run test:properties`, likewise.
      "test/properties/**",
      // Measurements against every defective stand-in, a live run each: `npm run mutation:*`, by hand.
      "test/mutation/**",
    ],
    // First, a fresh TMPDIR for the run and a check that the tests left nothing there or in the tree
    // (test/support/leaves-nothing.ts); then one Prism mock for every test file: see test/support/README.md.
    globalSetup: ["test/support/leaves-nothing.ts", "test/support/target.ts"],
    // Speed, measured with `npm run bench` on this 2-core machine (one worker, isolated: 58 s):
    // - no isolation (46 files share a worker's module cache: the bundle, Ajv, TypeScript's API are
    //   loaded once instead of once per file; no test file patches a global another one reads): 50 s;
    // - two workers (most files wait on child processes — tsc, Spectral, Chromium, Prism — so two
    //   keep both cores busy): 40 s.
    isolate: false,
    maxWorkers: 2,
    // Linters and the mock are separate processes: give them time on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
