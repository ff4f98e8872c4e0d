// Every schema of the description has a type of the same name in the package (openapi-typescript's
// root types, re-exported by src/types.ts), so a schema added to the description without one fails
// here rather than in a user's code. Read from API Extractor's report of the public surface
// (src/public-api.api.md, which the build writes and CI checks for drift).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { openapi } from "../support/openapi.js";

it("names a type after every schema of the description", () => {
  const report = readFileSync(new URL("../../src/public-api.api.md", import.meta.url), "utf8");
  // API Extractor renames a local alias that shares a global's name (MimeType_2, exported as MimeType).
  const renamed = new Map([...report.matchAll(/^export \{ (\w+) as (\w+) \}$/gm)].map((m) => [m[1], m[2]]));
  const aliases = [...report.matchAll(/^(export )?type (\w+) = components\["schemas"\]\["(\w+)"\];$/gm)];
  const named = new Set(
    aliases
      .map(([, exported, local, schema]) => [exported ? local : renamed.get(local!), schema])
      .filter(([name, schema]) => name === schema)
      .map(([name]) => name),
  );
  const missing = Object.keys(openapi.components.schemas).filter((name) => !named.has(name));
  expect(missing).toEqual([]);
});
