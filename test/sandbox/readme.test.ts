// The README's vitest example for the sandbox is the file test/sandbox/readme-example.test.ts, which
// npm test runs (importing the package by its own name, through its exports): pasted, it works.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

it("the README's vitest example is test/sandbox/readme-example.test.ts, word for word", () => {
  const readme = readFileSync(`${repoRoot}README.md`, "utf8");
  const section = readme.slice(readme.indexOf("\n### In process, in your own tests"));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block).toBe(readFileSync(`${repoRoot}test/sandbox/readme-example.test.ts`, "utf8"));
});
