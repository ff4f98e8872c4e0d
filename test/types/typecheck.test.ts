// Runs `tsc --noEmit -p tsconfig.json` (the npm script `typecheck`) so the type tests in this folder
// are enforced by `npm test`: a @ts-expect-error that meets no error, or an expectTypeOf that does
// not hold, fails tsc and so this test. It also type-checks src/, every test and scripts/.
import { expect, it } from "vitest";
import { runBin } from "../support/run.js";

it("the whole project type-checks, type tests included", async () => {
  const { status, output } = await runBin("tsc", ["--noEmit", "-p", "tsconfig.json"]);
  expect(output.trim()).toBe("");
  expect(status).toBe(0);
}, 120_000);
