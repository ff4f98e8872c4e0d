// Runs the repository's type check (the npm script `typecheck`: TypeScript 7's tsc --noEmit -p
// tsconfig.json) so the type tests in this folder are enforced: a @ts-expect-error that meets no error,
// or an expectTypeOf that does not hold, fails tsc and so this test. It also type-checks src/, every
// test and scripts/.
import { expect, it } from "vitest";
import { TSC } from "../../scripts/lib/typescript.mjs";
import { run } from "../support/run.js";

it("the whole project type-checks, type tests included", async () => {
  const { status, output } = await run(process.execPath, [TSC, "--noEmit", "-p", "tsconfig.json"]);
  expect(output.trim()).toBe("");
  expect(status).toBe(0);
}, 120_000);
