// `npm run test:properties`: the description's request schemas and dynamic responses tried with
// generated inputs against the Prism mock (about 2,300 requests, fixed seeds; PCS_PROPERTY_SEED explores
// others). Prism answering them is most of `npm test`'s 60 s budget on a 2-core machine, so CI runs them
// as their own step (.ci/run), and their report joins the summary.
import { defineConfig } from "vitest/config";
import base from "../vitest.config.js";

export default defineConfig({
  ...base,
  test: { ...base.test, include: ["test/properties/**/*.test.ts"], exclude: [] },
});
