// Every schema of the description has a type of the same name in the package (src/types.ts), so a
// schema added to the description without one fails here rather than in a user's code. (What else the
// package exports is API Extractor's report, src/public-api.api.md, checked by the build in CI.)
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { openapi } from "../support/openapi.js";

it("names a type after every schema of the description", () => {
  const types = readFileSync(new URL("../../src/types.ts", import.meta.url), "utf8");
  const named = new Set([...types.matchAll(/^export type (\w+) = components\["schemas"\]\["(\w+)"\];$/gm)].filter((m) => m[1] === m[2]).map((m) => m[1]));
  const missing = Object.keys(openapi.components.schemas).filter((name) => !named.has(name));
  expect(missing).toEqual([]);
});
