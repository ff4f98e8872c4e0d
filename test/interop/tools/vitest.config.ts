// `npm run test:interop`: the interop matrix — the validators integrators load the bundles into, code
// generators, the Postman collection run by newman and the Arazzo workflows run by `redocly respect`,
// both against `npm run sandbox`. Its tools are installed from package.json here by the npm script, not
// by the repository's npm ci, and want Node 22 or later (CI runs the step on Node 24). Kept out of
// `npm test`; CI runs it as its own step and its report joins the summary.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["test/interop/tools/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
