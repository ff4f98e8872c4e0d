// One format and one set of lint rules for every hand-written script, source and test: Biome, configured
// once in .biome.jsonc. `npm run lint:code` is the same check; `npx biome format --write .` fixes format.
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

it("the code is formatted and lint-clean (biome ci)", () => {
  const result = spawnSync(`${repoRoot}node_modules/.bin/biome`, ["ci", ".", "--colors=off"], { cwd: repoRoot, encoding: "utf8" });
  expect(`${result.stdout}${result.stderr}`).toMatch(/Checked \d{3,} files/);
  expect(result.status, `${result.stdout}${result.stderr}`.slice(0, 4000)).toBe(0);
});
