// `npm run test:tools`: the checks of the repository itself rather than of what it ships — tsc over
// every source and test (with the type tests in test/types/), Biome's format and lint rules, no circle
// of imports, and the description's linters (Redocly, Spectral) with the gates they must keep. They
// read the whole repository with external tools and take about half of `npm test`'s 60 s budget, so CI
// runs them as their own step (.ci/run), and their report joins the summary.
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.js";

export const TOOL_TESTS = [
  "test/types/typecheck.test.ts",
  "test/tools/code-style.test.ts",
  "test/tools/import-circles.test.ts",
  "test/description/linters.test.ts",
  "test/package/package-lint.test.ts",
];

export default defineConfig({
  ...base,
  test: { ...base.test, include: TOOL_TESTS, exclude: [...configDefaults.exclude] },
});
