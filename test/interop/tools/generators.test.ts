// Code generators integrators run on the 3.1 bundle: each finishes with no error or warning in its
// output, and the TypeScript it writes compiles under --strict. The generators run side by side.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePath } from "../../support/openapi.js";
import { TSC } from "../../../scripts/lib/typescript.mjs";
import { type Finished, run, runBin } from "../../support/run.js";

/** Where the generators are installed (package.json here; `npm run test:interop` installs them). */
const TOOLS = "test/interop/tools/";

const dir = mkdtempSync(join(tmpdir(), "pcs-interop-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A line a tool prints when something went wrong or may have. */
const complaint = /\b(warn(ing)?|error|fail(ed)?|invalid|unsupported|deprecated)\b|[⚠✖❌]/i;
const complaints = (output: string) => output.split("\n").filter((line) => complaint.test(line));

// orval: the fetch client (no runtime dependency to install), one file.
const orvalConfig = join(dir, "orval.config.mjs");
const orvalOut = join(dir, "orval", "client.ts");
const heyOut = join(dir, "hey-api");

let orval: Finished;
let heyApi: Finished;
beforeAll(async () => {
  writeFileSync(
    orvalConfig,
    `export default { pcs: { input: { target: ${JSON.stringify(bundlePath)} }, output: { target: ${JSON.stringify(orvalOut)}, client: "fetch", mode: "single" } } };\n`,
  );
  [orval, heyApi] = await Promise.all([
    runBin("orval", ["--config", orvalConfig], { from: TOOLS, cwd: dir, timeoutMs: 150_000 }),
    runBin("openapi-ts", ["--input", bundlePath, "--output", heyOut], { from: TOOLS, cwd: dir, timeoutMs: 150_000 }),
  ]);
});

describe.each([
  ["orval", () => orval, join(dir, "orval", "client.ts")],
  ["@hey-api/openapi-ts", () => heyApi, join(heyOut, "index.ts")],
])("%s", (_name, result, entry) => {
  it("generates with no error or warning", () => {
    expect(result().status, result().output).toBe(0);
    expect(complaints(result().output)).toEqual([]);
  });
  it("writes TypeScript that compiles under --strict (TypeScript 7)", async () => {
    const tsc = await strictCheck(entry);
    expect(tsc.output.trim()).toBe("");
    expect(tsc.status).toBe(0);
  });
});

/** TypeScript 7 on one file, strictly: the generated code, and the add-user bodies below. */
const strictCheck = (file: string) =>
  run(
    process.execPath,
    [
      TSC,
      "--strict",
      "--noEmit",
      "--skipLibCheck",
      "--target",
      "es2022",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--lib",
      "es2022,dom,dom.iterable",
      file,
    ],
    { cwd: dir, timeoutMs: 150_000 },
  );

// The add-user body is a oneOf of by-id and by-email (openapi/README.md, "The add-user body"): each
// generator types it as the union, so either alternative compiles and an empty or unrelated body does
// not. (A body with both properties compiles with every one of them, TypeScript unions being open; the
// server refuses it.)
describe.each([
  ["orval", "./orval/client.js"],
  ["@hey-api/openapi-ts", "./hey-api/types.gen.js"],
])("%s: the add-user body", (name, module) => {
  it("is one of its alternatives: by id or by email, never empty or unrelated", async () => {
    const file = join(dir, `add-user-${name.replace(/\W/g, "")}.ts`);
    writeFileSync(
      file,
      [
        `import type { ProjectUserAdd } from ${JSON.stringify(module)};`,
        `export const byId: ProjectUserAdd = { user: "2087" };`,
        `export const byEmail: ProjectUserAdd = { email: "sam.okafor@agency.example" };`,
        "// @ts-expect-error: one of the two is required",
        "export const empty: ProjectUserAdd = {};",
        "// @ts-expect-error: neither alternative has it",
        `export const unrelated: ProjectUserAdd = { name: "Sam" };`,
        "",
      ].join("\n"),
    );
    const tsc = await strictCheck(file);
    expect(tsc.output.trim()).toBe("");
    expect(tsc.status).toBe(0);
  });
});

describe("the complaint filter bites", () => {
  it("finds warning and error lines in a tool's output", () => {
    expect(complaints("ok\n⚠ something odd\nError: bad\nall done")).toHaveLength(2);
  });
});
