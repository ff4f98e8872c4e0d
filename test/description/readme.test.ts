// The README's promises that can drift silently: every npm script is in its table, and the two
// set-up commands are the ones CI runs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

const readme = readFileSync(`${repoRoot}README.md`, "utf8");
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
const ciRun = readFileSync(`${repoRoot}.ci/run`, "utf8");

describe("README", () => {
  it.each(Object.keys(pkg.scripts))("documents the npm script %s in its scripts table", (name) => {
    const invocation = name === "test" ? "`npm test`" : `\`npm run ${name}`;
    expect(readme).toMatch(new RegExp(`^\\| ${invocation.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
  });

  it("gives the set-up commands that CI runs", () => {
    expect(readme).toContain("npm ci && npm run build");
    expect(readme).toContain("npm test");
    expect(ciRun).toMatch(/npm ci\b/);
    expect(ciRun).toMatch(/npm run build\b/);
    expect(ciRun).toMatch(/npm test\b/);
  });
});
