// The package's metadata and types as the linters of published packages see them: publint (strict,
// warnings included) and Are the Types Wrong (the ESM-only profile: node16 ESM and bundler) on the
// packed tarball. Tools that lint, so a step of `npm run test:tools`; test/package/packed.test.ts
// installs the same tarball and uses it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run, runBin } from "../support/run.js";

let dir = "";
let tarball = "";
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pcs-package-lint-"));
  const pack = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir]);
  expect(pack.status, pack.stderr).toBe(0);
  tarball = join(dir, JSON.parse(pack.stdout)[0].filename);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("passes publint, warnings included", async () => {
    const { status, output } = await runBin("publint", ["run", tarball, "--strict"]);
    expect(output).not.toMatch(/suggestion|warning|error/i);
    expect(status, output).toBe(0);
  });

  it("passes Are the Types Wrong (ESM-only profile: node16 ESM and bundler)", async () => {
    // openapi.yaml is a file for tools to read, not a module: no resolution to check.
    const args = [
      tarball,
      "--profile",
      "esm-only",
      "--exclude-entrypoints",
      "./openapi.yaml",
      "./openapi.3.0.yaml",
      "--format",
      "table-flipped",
      "--no-emoji",
      "--no-color",
    ];
    const { status, output } = await run(process.execPath, [`${repoRoot}node_modules/@arethetypeswrong/cli/dist/index.js`, ...args]);
    // attw exits 1 on any problem in the profile's resolutions; the table proves it analysed the entry.
    expect(output).toMatch(/"@project-collaboration\/api"\s+│ OK \(ESM\)\s+│ OK /);
    expect(output).toMatch(/"@project-collaboration\/api\/sandbox"\s+│ OK \(ESM\)\s+│ OK /);
    expect(status, output).toBe(0);
  });
});
