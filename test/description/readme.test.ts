// The promises of the README and CONTRIBUTING.md that can drift silently: every npm script is in
// CONTRIBUTING.md's scripts table, and the README's two set-up commands are the ones CI runs.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

const readme = readFileSync(`${repoRoot}README.md`, "utf8");
const contributing = readFileSync(`${repoRoot}CONTRIBUTING.md`, "utf8");
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
const ciRun = readFileSync(`${repoRoot}.ci/run`, "utf8");
/** Where the README's links point: it ships in the package, whose tarball holds none of these files. */
const REPO = "https://github.com/project-collaboration/api/blob/main/";

describe("README and CONTRIBUTING.md", () => {
  it.each(Object.keys(pkg.scripts))("CONTRIBUTING.md documents the npm script %s in its scripts table", (name) => {
    const invocation = name === "test" ? "`npm test`" : `\`npm run ${name}`;
    expect(contributing).toMatch(new RegExp(`^\\| ${invocation.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
  });

  it("gives the set-up commands that CI runs", () => {
    expect(readme).toContain("npm ci && npm run build");
    expect(readme).toContain("npm test");
    expect(ciRun).toMatch(/npm ci\b/);
    expect(ciRun).toMatch(/npm run build\b/);
    expect(ciRun).toMatch(/npm test\b/);
  });
});

// The README links out to a guide per audience; a link that leads nowhere is a guide nobody finds.
/** The guides: docs/guides/*.md and the task guides of docs/guides/tasks/. */
const guideFiles = readdirSync(`${repoRoot}docs/guides`, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/guides/${f}`)
  .sort();
// Whether each link of these and every other Markdown file leads somewhere: test/docs/links.test.ts.

it("the README stays an overview (about 150 lines) that reaches every guide", () => {
  const readme = readFileSync(`${repoRoot}README.md`, "utf8");
  expect(readme.split("\n").length).toBeLessThanOrEqual(160);
  // Every guide of docs/guides/; the task guides through their index.
  for (const guide of guideFiles.filter((f) => !f.startsWith("docs/guides/tasks/") || f.endsWith("/README.md")))
    expect(readme).toContain(`(${REPO}${guide})`);
  expect(readme).toContain(`(${REPO}CONTRIBUTING.md)`);
});

// It ships in the package: its links are absolute (test/docs/links.test.ts), and its commands say where they run.
it("the README names the repository's commands as such", () => {
  // Every paragraph that gives an `npm run …` command says it is this repository's.
  const paragraphs = readme.split(/\n\s*\n/);
  const unmarked = paragraphs.filter((p) => /`npm run [a-z]/.test(p) && !/this\s+repository/.test(p));
  expect(unmarked).toEqual([]);
});
