// The reference says only what works today (issue 59): the packages are not on the npm registry yet, so
// its first screen, its Markdown for assistants and its Try it console offer no `npx`/`npm install` of
// them, and send a reader without a key to what does work — the page's own console, a clone's
// `npm run sandbox`. (The README marks its registry commands as "once published": readme-start.test.ts.)
// When the packages are published, this test goes, and the registry's commands come back.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

const REGISTRY_COMMAND = /(npx( -p)?|npm (install|i)( -g)?) @project-collaboration\//;
const bundle = JSON.parse(readFileSync(`${repoRoot}generated/openapi.json`, "utf8"));
const read = (path: string) => readFileSync(`${repoRoot}${path}`, "utf8");

describe("the reference, while the packages are unpublished", () => {
  it.each([
    ["its landing text and guides (info.description)", bundle.info.description as string],
    ["docs/llms.txt", read("docs/llms.txt")],
    ["its Try it console", read("scripts/docs-page/console/console.js")],
  ])("%s offers no command of the npm registry", (_, text) => {
    expect(text.split("\n").filter((line) => REGISTRY_COMMAND.test(line))).toEqual([]);
  });

  it("sends a reader without a key to the page's console and a clone's sandbox", () => {
    const firstScreen = (bundle.info.description as string).split("\n# ")[0]!;
    expect(firstScreen).toMatch(/No key yet\?[\s\S]*Try it[\s\S]*`npm run sandbox` in a clone/);
  });
});
