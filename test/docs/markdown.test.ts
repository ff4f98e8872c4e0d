// The reference as Markdown (issue 29): docs/llms.txt has the shape llmstxt.org gives (an H1, a
// summary as a blockquote, H2 sections of links, "Optional" last) and links only to files that exist;
// docs/llms-full.txt holds every operation, parameter, body field, status and limit of the bundle —
// expectations read from the bundle here, not from the Markdown — and every assumption entry.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deref, openapi, operations, repoRoot, type Json } from "../support/openapi.js";

const docs = join(repoRoot, "docs");
const llms = readFileSync(join(docs, "llms.txt"), "utf8");
const full = readFileSync(join(docs, "llms-full.txt"), "utf8");
/** The section of llms-full.txt about one operation. */
const sectionOf = (operationId: string) => {
  const start = full.indexOf(`(\`${operationId}\`)\n`);
  const end = full.indexOf("\n### ", start + 1);
  return start === -1 ? "" : full.slice(start, end === -1 ? undefined : end);
};
/** The limits a schema states, as the numbers a reader must find. */
const limitsOf = (schema: Json): number[] => {
  const s = deref(schema ?? {});
  return ["minLength", "maxLength", "minimum", "maximum", "default", "maxItems"].filter((k) => typeof s[k] === "number").map((k) => s[k]);
};
/** Every field of a body schema: [dotted name, schema]. */
const fieldsOf = (schema: Json, prefix = ""): Array<[string, Json]> => {
  const s = deref(schema ?? {});
  if (s.oneOf) return s.oneOf.flatMap((branch: Json) => fieldsOf(branch, prefix));
  return Object.entries<Json>(s.properties ?? {}).flatMap(([name, p]) => {
    const resolved = deref(p);
    return [[`${prefix}${name}`, p] as [string, Json], ...(resolved.type === "object" ? fieldsOf(resolved, `${prefix}${name}.`) : [])];
  });
};

describe("docs/llms.txt", () => {
  it("has the llmstxt.org shape: an H1, a blockquote summary, H2 sections of links, Optional last", () => {
    const lines = llms.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.trim() !== "" && !l.startsWith("# "))).toMatch(/^> \S/);
    const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3));
    expect(sections).toEqual(["How to use this API well", "Reference", "Guides", "Optional"]);
  });

  it("links only to files beside it, each of which exists, and to every operation", () => {
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((href) => /^[a-z]+:/.test(href))).toEqual([]);
    for (const href of links) expect(existsSync(join(docs, href)), href).toBe(true);
    for (const op of operations()) expect(links).toContain(`reference/${op.operationId}.md`);
  });
});

describe("docs/llms-full.txt: everything an assistant needs, from the description", () => {
  it.each(operations().map((op) => [op.operationId, op] as const))("%s: path, parameters, body fields, statuses and limits", (operationId, op) => {
    const section = sectionOf(operationId);
    expect(section).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
    for (const parameter of op.parameters) {
      expect(section).toContain(`\`${parameter.name}\``);
      for (const limit of limitsOf(parameter.schema)) expect(section, `${parameter.name} ${limit}`).toContain(String(limit));
    }
    const body = deref(op.operation.requestBody ?? {}).content?.["application/json"]?.schema;
    for (const [name, schema] of body ? fieldsOf(body) : []) {
      expect(section).toContain(`\`${name}\``);
      for (const limit of limitsOf(schema)) expect(section, `${name} ${limit}`).toContain(String(limit));
    }
    for (const status of Object.keys(op.operation.responses)) expect(section).toContain(`| ${status} |`);
    expect(readFileSync(join(docs, "reference", `${operationId}.md`), "utf8")).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
  });

  it("names every assumption of the description, and every schema", () => {
    for (const entry of Object.keys(openapi["x-assumptions"])) expect(full).toContain(`\`${entry}\``);
    for (const name of Object.keys(openapi.components.schemas)) expect(full).toContain(`### ${name}`);
  });
});
