// The README's first steps hold for a newcomer on the oldest supported Node.js: its JavaScript example
// runs as shown (`node first-call.mjs`, where the package resolves, as in a clone), the commands it
// names exist, each row of "Use it today" runs as written in a fresh clone (its script defined, its
// file in the repository or saved by a section above it), every other test suite is named, and the
// registry's commands stand only where they are marked as what works once the packages are published.
// (Its `ts` and `js` blocks are also type-checked and run from the packed tarball:
// test/package/packed.test.ts, in `npm run test:tools`.)
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";

const readme = readFileSync(`${repoRoot}README.md`, "utf8");
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
const jsBlocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** Inside the repository, so `@project-collaboration/api` resolves as in a clone (test/output/ is ignored by git). */
const dir = mkdtempSync(join(repoRoot, "test/output-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the README's first call", () => {
  it("is JavaScript that Node.js runs as it is (no TypeScript syntax, no flag)", () => {
    expect(jsBlocks.length).toBeGreaterThan(0);
    expect(readme).toContain("`node first-call.mjs`");
  });

  it.each(jsBlocks.map((code, i) => [i + 1, code] as const))(
    "example %i runs with `node` on this Node.js, against the in-process sandbox",
    async (i, code) => {
      writeFileSync(join(dir, `example-${i}.mjs`), code);
      const { status, stdout, stderr } = await run(process.execPath, [`example-${i}.mjs`], { cwd: dir });
      expect(stderr).toBe("");
      expect(status).toBe(0);
      expect(stdout).toContain("Sandbox demo");
    },
  );
});

describe("the README's commands", () => {
  it("name npm scripts that exist", () => {
    const named = [...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !(name in pkg.scripts))).toEqual([]);
  });

  it("in the rows of “Use it today” run as written: a script defined, a binary of this repository, a file there or saved above", () => {
    const heading = readme.indexOf("## Use it today");
    const tableStart = readme.indexOf("\n|", heading);
    const table = readme.slice(tableStart, readme.indexOf("\n\n", tableStart));
    const rows = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
    expect(rows.length).toBeGreaterThan(5);
    const above = readme.slice(0, heading);
    const bins = ["cli/", "contract/", "mcp/"].flatMap((dir) =>
      Object.keys(JSON.parse(readFileSync(`${repoRoot}${dir}package.json`, "utf8")).bin ?? {}),
    );
    const cannotRun = rows.filter((command) => {
      const [tool, first, second] = command.split(" ");
      if (tool === "npm" && first === "run") return !(second! in pkg.scripts);
      if (tool === "npx") return !bins.includes(first!);
      if (tool === "node") return !existsSync(`${repoRoot}${first}`) && !above.includes(`Save it as \`${first}\``);
      return true; // a command this test does not know how to check
    });
    expect(cannotRun).toEqual([]);
  });

  it("name every test suite apart from `npm test`", () => {
    const suites = Object.keys(pkg.scripts).filter((name) => name.startsWith("test:") && name !== "test:contract");
    expect(suites.length).toBeGreaterThan(3);
    expect(suites.filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`npm run ${name}`))).toEqual([]);
  });

  it("install the tarballs `npm pack` writes, named as npm names them", () => {
    const install = readme.split("\n").find((line) => line.startsWith("npm install ../"))!;
    for (const dir of ["", "cli/", "contract/"]) {
      const { name } = JSON.parse(readFileSync(`${repoRoot}${dir}package.json`, "utf8"));
      expect(install).toContain(`${name.replace(/^@/, "").replace("/", "-")}-*.tgz`);
    }
  });

  it("from the registry stand only under the marks that say they work once published", () => {
    const unpublished = /^\*\*Once published\*\* \(not yet[^\n]*\n\n```sh\n[\s\S]*?```/m;
    expect(readme).toMatch(unpublished);
    expect(readme).toMatch(/Not on the npm registry yet/);
    const outside = readme
      .replace(unpublished, "")
      .split("\n")
      .filter((line) => /(npm install|npx( -p)?) @project-collaboration\/[a-z]/.test(line));
    expect(outside).toEqual([]);
  });
});
