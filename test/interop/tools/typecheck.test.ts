// The interop tests type-check against the tools they drive (installed here by `npm run test:interop`);
// the repository's own type check (`npm run typecheck`) leaves this folder to this test.
import { expect, it } from "vitest";
import { TSC } from "../../../scripts/lib/typescript.mjs";
import { run } from "../../support/run.js";

it("the interop tests type-check (TypeScript 7)", async () => {
  const { status, output } = await run(process.execPath, [TSC, "--noEmit", "-p", "test/interop/tools/tsconfig.json"]);
  expect(output.trim()).toBe("");
  expect(status).toBe(0);
}, 120_000);
