// The checker's rules and constants come from one place each: the page default and maximum and the
// field limits from the description (contract/src/description/description.ts reads them from
// generated/openapi.json), who holds which permission from the sandbox's rules, the key-like query
// parameters and headers from callers/credentials.ts. Any copy of them typed again elsewhere in
// contract/src fails here (comments, which quote the interface, are not code and are not read).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const src = join(root, "contract/src");

/** What a copy looks like, the one file allowed to hold it (if any), and a copy it must catch. */
const COPIES: ReadonlyArray<{ what: string; pattern: RegExp; home?: string; example: string }> = [
  { what: "a page size", pattern: /\blimit\b\W{0,6}(?:30|100)\b/i, example: "query: { limit: 30, ...disguise.query }" },
  { what: "a page size", pattern: /\b\w*(?:PAGE|LIMIT)\w*\s*=\s*(?:30|100)\b/, example: "const PAGE = 100;" },
  {
    what: "a field limit",
    pattern: /\b(?:name|description|job_code)\s*:\s*(?:50|1_?000|20)\b/,
    example: "export const LIMITS = { name: 50, description: 1000, job_code: 20 } as const;",
  },
  { what: "a field limit", pattern: /\.slice\(0,\s*50\)/, example: "return name.slice(0, 50);" },
  {
    what: "who may delete a project or update the organization",
    pattern: /\[\s*"deleteProject",\s*"updateOrganization"\s*\]|deleteProject"?\s*:\s*"company-administrator"/,
    example: 'for (const permission of ["deleteProject", "updateOrganization"] satisfies Permission[])',
  },
  {
    what: "the permissions' assumption entries (the sandbox's PERMISSION_ASSUMPTIONS)",
    pattern: /"(?:company-administrator|edit-permission|manage-users-permission)"/,
    example: '  createProject: "edit-permission",',
  },
  {
    what: "a key-like query parameter or header",
    pattern: /"(?:access_token|apikey|x-auth-token|api-key)"/,
    home: "callers/credentials.ts",
    example: 'const KEY_PARAMETERS = ["api_key", "apikey", "key", "token", "access_token"];',
  },
];

/** A source's code, its comments blanked (a line comment, a block comment's lines). */
const code = (text: string) =>
  text
    .split("\n")
    .map((line) => (/^\s*(?:\/\/|\/\*|\*)/.test(line) ? "" : line.replace(/\s\/\/\s.*$/, "")))
    .join("\n");

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [{ file: relative(src, path), text: code(readFileSync(path, "utf8")) }] : [];
  });
}

describe("rules and constants once", () => {
  it("each pattern catches the copy it was written against (so the scan can fail)", () => {
    for (const { what, pattern, example } of COPIES) expect(pattern.test(code(example)), `${what}: ${example}`).toBe(true);
  });

  it("no file of contract/src types one of them again", () => {
    const copies = sources(src).flatMap(({ file, text }) =>
      COPIES.filter(({ pattern, home }) => file !== home && pattern.test(text)).map(({ what }) => `${file}: ${what}`),
    );
    expect(copies).toEqual([]);
  });
});
