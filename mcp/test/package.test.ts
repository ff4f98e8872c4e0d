// @project-collaboration/mcp as npm would publish it: the command, the compiled server and nothing
// else; exact versions of its dependencies, the main package's in step with the root's. (The main
// package's own checks, untouched by this one, are in test/package/.)
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { envWithoutNpm, run } from "../../test/support/run.js";
import { repoRoot } from "./support.js";

const manifest = JSON.parse(readFileSync(`${repoRoot}mcp/package.json`, "utf8"));
const root = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
let packed: { files: { path: string }[] };

beforeAll(async () => {
  // npm's own variables of an enclosing `npm test` must not steer the nested npm.
  const pack = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: `${repoRoot}mcp`, env: envWithoutNpm() });
  if (pack.status !== 0) throw new Error(`npm pack failed (${pack.status}): ${pack.stderr}`);
  packed = JSON.parse(pack.stdout)[0];
});

it("packs the command, the compiled server with its types and its tool table, and nothing from src/ or test/", () => {
  const paths = packed.files.map((f) => f.path).sort();
  const compiled = readdirSync(`${repoRoot}mcp/src`, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .flatMap((f) => [`dist/${f.replace(/\.ts$/, ".js")}`, `dist/${f.replace(/\.ts$/, ".d.ts")}`]);
  expect(compiled.length).toBeGreaterThan(10);
  expect(paths).toEqual(
    ["LICENSE", "README.md", "bin/project-collaboration-mcp.js", ...compiled, "dist/tools.json", "package.json"].sort(),
  );
  expect(paths).toContain(manifest.bin["project-collaboration-mcp"]);
});

it("depends on exact versions: the MCP SDK's server, Ajv for the input schemas, the main package of the same release, and code mode's engine and compiler", () => {
  expect(Object.keys(manifest.dependencies).sort()).toEqual([
    "@jitl/quickjs-wasmfile-release-sync",
    "@modelcontextprotocol/server",
    "@project-collaboration/api",
    "ajv",
    "ajv-formats",
    "quickjs-emscripten-core",
    "typescript",
  ]);
  // The compiler is the repository's own 5.9 (one copy installed), not TypeScript 7, which has no JavaScript API.
  expect(manifest.dependencies.typescript).toBe(root.devDependencies.typescript);
  for (const [name, version] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }))
    expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
  // SDK 2's server, not the old single package: SDK 1 and SDK 2's client are the tests' clients only.
  expect(manifest.dependencies["@modelcontextprotocol/server"]).toMatch(/^2\./);
  expect(Object.keys(manifest.devDependencies).sort()).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/sdk"]);
  expect(manifest.dependencies["@project-collaboration/api"]).toBe(root.version);
  expect(manifest.version).toBe(root.version);
  // The main package's runtime dependencies do not grow for it (test/package/dependencies.test.ts checks the tree).
  expect(root.dependencies).toEqual({ "openapi-fetch": "0.17.0" });
});
