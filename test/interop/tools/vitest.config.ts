// `npm run test:interop`: the interop matrix's slow half — code generators, the Postman collection run
// by newman and the Arazzo workflows run by `redocly respect`, both against `npm run sandbox`. Kept out
// of `npm test` (its 60 s budget); CI runs it as its own step and its report joins the summary.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["test/interop/tools/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
