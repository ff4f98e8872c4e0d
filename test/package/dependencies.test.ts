// What the package makes its users install: openapi-fetch and its one (types-only) dependency, exact
// versions, no install scripts. `npm run audit:prod` (npm audit --omit=dev) checks the same tree for
// known vulnerabilities where the registry's audit endpoint is reachable; this test keeps the tree
// that audit has to cover small and deliberate, offline.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { envWithoutNpm, run } from "../support/run.js";

interface Tree {
  version?: string;
  dependencies?: Record<string, Tree>;
}

function flatten(tree: Tree, into = new Map<string, string>()): Map<string, string> {
  for (const [name, node] of Object.entries(tree.dependencies ?? {})) {
    into.set(name, node.version ?? "?");
    flatten(node, into);
  }
  return into;
}

it("ships exactly openapi-fetch 0.17.0 and openapi-typescript-helpers, none with install scripts", async () => {
  // --workspaces=false: the root's workspaces (mcp/, a package of its own) are not this package's dependencies.
  const ls = await run("npm", ["ls", "--omit=dev", "--all", "--json", "--workspaces=false"], { env: envWithoutNpm() });
  expect(ls.status, ls.stderr).toBe(0);
  const shipped = flatten(JSON.parse(ls.stdout));
  expect([...shipped.keys()].sort()).toEqual(["openapi-fetch", "openapi-typescript-helpers"]);
  expect(shipped.get("openapi-fetch")).toBe("0.17.0");

  const manifest = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
  expect(manifest.dependencies).toEqual({ "openapi-fetch": "0.17.0" });
  for (const name of shipped.keys()) {
    const scripts = JSON.parse(readFileSync(`${repoRoot}node_modules/${name}/package.json`, "utf8")).scripts ?? {};
    expect(Object.keys(scripts).filter((s) => ["preinstall", "install", "postinstall"].includes(s))).toEqual([]);
  }
});
