// The Node.js versions the package (and the packages beside it, workspaces.test.ts) declares in
// `engines`: the lines where Node.js loads an ES module from require() (20.19+, 22.12+, 24 and later),
// so a CommonJS project works too (test/package/packed.test.ts runs one). CI runs this suite on the
// machine's Node.js and on 22, 24 and 26 (.ci/node-lines.sh), so each of those is proven inside the range.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

// semver ships no types (scripts/release/ uses it from JavaScript); this is the one function used.
const semver = createRequire(import.meta.url)("semver") as { satisfies(version: string, range: string): boolean };

const range: string = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).engines.node;

it(`the Node.js running this suite (${process.versions.node}) is within engines`, () => {
  expect(semver.satisfies(process.versions.node, range), range).toBe(true);
});

it("engines holds the lines that require() an ES module, and no older release of them", () => {
  const inside = ["20.19.0", "22.12.0", "24.0.0", "26.0.0"];
  const outside = ["18.20.8", "20.18.3", "21.7.3", "22.11.0", "23.11.1"];
  expect(inside.filter((version) => !semver.satisfies(version, range))).toEqual([]);
  expect(outside.filter((version) => semver.satisfies(version, range))).toEqual([]);
});
