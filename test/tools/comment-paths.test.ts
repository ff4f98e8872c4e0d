// Comments that name a file of this repository name one that exists: a file renamed or removed leaves
// comments pointing at it, which mislead the next reader. Every repository path in a comment of the
// code (scripts/, src/, test/, openapi/, bench/, .ci/) must exist, checked from the repository root,
// or from the commenting file's folder for a path starting with ./ or ../. Not checked: a quoted module
// specifier ("./schema.js", resolved where the importing file is built), and what git ignores (outputs
// that exist only after a run, such as .ci/results/).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

const CODE = /\.(?:ts|mts|mjs|cjs|js|yaml|sh)$|^\.ci\/run$/;
const ROOTS = ["scripts", "src", "test", "openapi", "generated", "docs", "bench", ".ci"];
/** A path under one of the roots (or relative), ending in a file name with an extension or a folder's slash. */
const PATH = new RegExp(
  String.raw`(?<![\w./@"-])((?:\.\.?/)+[\w.-]+(?:/[\w.-]+)*|(?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/(?:[\w.-]+/)*[\w.-]*)`,
  "g",
);

/** The comment text of one line: after `//` or `#` (at a line start or after a space), or inside a block comment. */
function commentOf(line: string, yamlOrShell: boolean): string {
  const trimmed = line.trimStart();
  if (!yamlOrShell && (trimmed.startsWith("*") || trimmed.startsWith("/*"))) return trimmed;
  const marker = yamlOrShell ? /(?:^|\s)#(.*)$/.exec(line) : /(?:^|\s)\/\/(.*)$/.exec(line);
  return marker?.[1] ?? "";
}

export function missingPaths(file: string, text: string): string[] {
  const yamlOrShell = /\.(?:yaml|sh)$|\/run$/.test(file);
  const missing: string[] = [];
  text.split("\n").forEach((line, i) => {
    const comment = commentOf(line, yamlOrShell);
    for (const match of comment.matchAll(PATH)) {
      const path = match[1]!.replace(/[.,:;)]+$/, "");
      const next = comment[match.index! + match[0].length];
      // Globs, templates, brace lists (`openapi.{json,yaml}`) and generated-at-run-time names are patterns, not paths.
      if (next === "{" || /[*{}<>$]/.test(path) || !/[./]/.test(path.slice(path.indexOf("/") + 1))) continue;
      const base = path.startsWith(".") && !path.startsWith(".ci/") ? dirname(join(repoRoot, file)) : repoRoot;
      if (!existsSync(join(base, path)) && !ignoredByGit(relative(repoRoot, join(base, path)))) missing.push(`${file}:${i + 1} ${path}`);
    }
  });
  return missing;
}

/** Whether git ignores `path` as a file or as a folder (a pattern such as `build/` matches only the latter). */
function ignoredByGit(path: string): boolean {
  try {
    execFileSync("git", ["check-ignore", "--no-index", path, `${path.replace(/\/$/, "")}/`], { cwd: repoRoot, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

it("names only repository files that exist in the code's comments", () => {
  const files = execFileSync("git", ["ls-files", ...ROOTS.filter((r) => r !== "generated" && r !== "docs")], {
    cwd: repoRoot,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => CODE.test(file) && !file.startsWith("test/package/consumer/"));
  expect(files.length).toBeGreaterThan(100);
  const missing = files.flatMap((file) => missingPaths(file, readFileSync(join(repoRoot, file), "utf8")));
  expect(missing).toEqual([]);
});

it("catches a comment naming a file that is not there", () => {
  const file = relative(repoRoot, join(repoRoot, "scripts/example.mjs"));
  const comment = "/" + "/"; // written apart, so this file's own scan does not read the fixture as a comment
  expect(
    missingPaths(file, `${comment} see scripts/no-such-file.mjs and ./lib/openapi.mjs\nconst a = 1; ${comment} test/release/gate.test.ts`),
  ).toEqual(["scripts/example.mjs:1 scripts/no-such-file.mjs", "scripts/example.mjs:2 test/release/gate.test.ts"]);
});
