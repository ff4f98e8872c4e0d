// `npm run test:browser`: the tests that drive Debian's Chromium (the rendered reference and its
// console, the client in a page of another origin). They need a system browser beside npm's packages
// and most of a core for half a minute, so they are kept out of `npm test` (its 60 s budget); CI
// installs Chromium and runs them as their own step, and their report joins the summary.
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/** Without the guard that a run leaves nothing (test/support/leaves-nothing.ts): what Chromium leaves in
 * the temporary directory has not been checked (no Chromium on the machine where the guard was written). */
const globalSetup = [base.test?.globalSetup ?? []].flat().filter((file) => !file.endsWith("leaves-nothing.ts"));

export default defineConfig({
  ...base,
  test: { ...base.test, globalSetup, include: ["test/**/browser.test.ts"], exclude: [...configDefaults.exclude] },
});
