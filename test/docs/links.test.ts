// Every relative link and anchor of every Markdown file of the repository and of its packages leads
// somewhere: the file exists, and an anchor into a Markdown file is one of its headings as GitHub names
// them (or an explicit `<a id>`). Links written as this repository's GitHub address (the README and
// the package READMEs ship to npm, where relative links break) are checked as the files they name.
// Reads files only: well under a second.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";

/** This repository on GitHub: a link there is a link into the repository. */
const REPO = /^https:\/\/github\.com\/project-collaboration\/api\/(?:blob|tree)\/main\//;
/** Not Markdown of this repository: installed packages, the checker's copies, CI's and tests' outputs. */
const SKIPPED = new Set(["node_modules", ".git", "dist", ".ci", "output"]);

function markdownFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [relative(repoRoot, path)] : [];
  });
}

/** The text outside fenced code blocks and inline code, where links and headings are Markdown. */
function prose(markdown: string): string {
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, "``");
}

/** GitHub's anchor for a heading's text (github-slugger): formatting dropped, lower case, punctuation
 * other than `-` and `_` removed, each space a `-`. */
export function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown text: its headings' slugs, a repeated one suffixed -1, -2…, and `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const text = markdown.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, "");
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, atx, setext] of text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$|^(\S[^\n]*)\n {0,3}(?:=+|-+)[ \t]*$/gm)) {
    const base = slug((atx ?? setext)!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** The links of a Markdown text: inline, images, reference definitions and HTML `href`/`src`. */
export function linksOf(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const html = [...text.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...definitions, ...html];
}

/** What a link names in the repository, or nothing for a link elsewhere (another site, an email). */
function inRepository(file: string, href: string): { path: string; anchor?: string } | undefined {
  const local = REPO.test(href) ? `/${href.replace(REPO, "")}` : href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(local) || local.startsWith("//")) return undefined;
  const [target, anchor] = local.split("#") as [string, string | undefined];
  const path = !target
    ? join(repoRoot, file)
    : target.startsWith("/")
      ? join(repoRoot, target)
      : resolve(dirname(join(repoRoot, file)), target);
  return { path: decodeURIComponent(path), anchor: anchor === undefined ? undefined : decodeURIComponent(anchor) };
}

/** Why a link leads nowhere, or undefined when it leads somewhere. */
function brokenBecause(file: string, href: string, anchorsOfFile: (path: string) => Set<string>): string | undefined {
  const target = inRepository(file, href);
  if (!target) return undefined;
  if (!existsSync(target.path)) return `${file}: ${href} (no such file)`;
  if (!target.anchor || !target.path.endsWith(".md") || statSync(target.path).isDirectory()) return undefined;
  // The description's Markdown is rendered into the reference page, whose routes are `#/<heading>`.
  const anchor = file.startsWith("openapi/") ? target.anchor.replace(/^\//, "") : target.anchor;
  return anchorsOfFile(target.path).has(anchor) ? undefined : `${file}: ${href} (no such heading)`;
}

describe("GitHub's heading anchors, as this test computes them", () => {
  it("drop formatting and punctuation, lower-case, and turn spaces into hyphens", () => {
    expect(slug("Versioning and releasing")).toBe("versioning-and-releasing");
    expect(slug("Conformance levels: documented facts and assumptions")).toBe("conformance-levels-documented-facts-and-assumptions");
    expect(slug("Servers under hostile clients (`npm run soak:servers`)")).toBe("servers-under-hostile-clients-npm-run-soakservers");
    expect(slug("The sandbox: a mock that keeps state")).toBe("the-sandbox-a-mock-that-keeps-state");
    expect(slug("[The client](client.md) — in **one** call")).toBe("the-client--in-one-call");
    expect(slug("snake_case & 3.1")).toBe("snake_case--31");
  });

  it("number a repeated heading -1, -2…, and ignore headings in code", () => {
    const anchors = anchorsOf("# Notes\n\n## Notes\n\n```sh\n# Notes\n```\n\n## Notes ##\n\nSetext\n---\n");
    expect([...anchors]).toEqual(["notes", "notes-1", "notes-2", "setext"]);
  });

  it("find inline links, images, definitions and HTML links outside code", () => {
    const text = '[a](a.md) ![i](i.png "t") `[x](no.md)`\n\n```md\n[y](no.md)\n```\n\n[d]: d.md#h\n<a href="h.md">h</a>\n';
    expect(linksOf(text)).toEqual(["a.md", "i.png", "d.md#h", "h.md"]);
  });

  it("report a missing file and a missing heading, and pass what exists", () => {
    const anchors = (path: string) => anchorsOf(readFileSync(path, "utf8"));
    expect(brokenBecause("CHANGELOG.md", "docs/guides/versioning.md#no-such-heading", anchors)).toMatch(/no such heading/);
    expect(brokenBecause("CHANGELOG.md", "README.md#versioning", anchors)).toMatch(/no such heading/);
    expect(brokenBecause("docs/guides/client.md", "../missing.md", anchors)).toMatch(/no such file/);
    expect(brokenBecause("README.md", "https://github.com/project-collaboration/api/blob/main/missing.md", anchors)).toMatch(
      /no such file/,
    );
    expect(
      brokenBecause("README.md", "https://github.com/project-collaboration/api/blob/main/CONTRIBUTING.md#npm-scripts", anchors),
    ).toBeUndefined();
    expect(brokenBecause("README.md", "https://example.com/missing.md", anchors)).toBeUndefined();
    expect(brokenBecause("openapi/info-description.md", "#/pagination", anchors)).toBeUndefined();
    expect(brokenBecause("openapi/info-description.md", "#/no-such-route", anchors)).toMatch(/no such heading/);
  });
});

describe("the repository's Markdown", () => {
  const files = markdownFiles();
  const cache = new Map<string, Set<string>>();
  const anchorsOfFile = (path: string) => cache.get(path) ?? cache.set(path, anchorsOf(readFileSync(path, "utf8"))).get(path)!;

  it("is found: the root's, the guides', each package's, the scripts' and the tests' READMEs", () => {
    for (const file of [
      "README.md",
      "CHANGELOG.md",
      "CONTRIBUTING.md",
      "AGENTS.md",
      "docs/guides/client.md",
      "docs/guides/tasks/README.md",
    ])
      expect(files).toContain(file);
    for (const file of [
      "contract/README.md",
      "cli/README.md",
      "mcp/README.md",
      "scripts/release/README.md",
      "test/support/README.md",
      "openapi/README.md",
    ])
      expect(files).toContain(file);
  });

  it("has no relative link or anchor that leads nowhere", () => {
    const broken = files.flatMap((file) =>
      linksOf(readFileSync(join(repoRoot, file), "utf8")).flatMap((href) => brokenBecause(file, href, anchorsOfFile) ?? []),
    );
    expect(broken).toEqual([]);
  });

  // A package's README and the Markdown its `files` ship are read from the tarball and on npm's site,
  // where a relative link leads nowhere: they link to the repository on GitHub.
  const shipped = ["", "contract/", "cli/", "mcp/"].flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, dir, "package.json"), "utf8"));
    return [`${dir}README.md`, ...(pkg.files as string[]).filter((f) => f.endsWith(".md")).map((f) => `${dir}${f}`)];
  });
  it.each(shipped)("%s, which ships in a package, links only absolutely (or within itself)", (file) => {
    const relativeLinks = linksOf(readFileSync(join(repoRoot, file), "utf8")).filter((href) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(href));
    expect(relativeLinks).toEqual([]);
  });
});
