// `npm run test:tools`: the checks that run external tools over the repository and its packed tarball
// (the list and why: TOOL_TESTS in vitest.config.ts).
import { configDefaults, defineConfig } from "vitest/config";
import base, { TOOL_TESTS } from "./vitest.config.js";

export default defineConfig({
  ...base,
  test: { ...base.test, include: TOOL_TESTS, exclude: [...configDefaults.exclude] },
});
