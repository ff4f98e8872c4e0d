// One format and one set of lint rules for every hand-written script, source and test: Biome, configured
// once in .biome.jsonc. `npm run lint:code` is the same check; `npx biome format --write .` fixes format.
import { expect, it } from "vitest";
import { runBin } from "../support/run.js";

it("the code is formatted and lint-clean (biome ci)", async () => {
  const { status, output } = await runBin("biome", ["ci", ".", "--colors=off"]);
  expect(output).toMatch(/Checked \d{3,} files/);
  expect(status, output.slice(0, 4000)).toBe(0);
}, 120_000);
