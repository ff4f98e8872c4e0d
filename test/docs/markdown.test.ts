// The reference as Markdown (issues 29 and 36): docs/llms.txt has the shape llmstxt.org gives (an H1, a
// summary as a blockquote, H2 sections of links, "Optional" last) and links only to files that exist;
// docs/llms-full.txt holds every operation, parameter, body field, status and limit of the bundle —
// expectations read from the bundle here, not from the Markdown — and every assumption entry. Each
// docs/reference/<operationId>.md stands alone: who may call it, where its ids come from, each status
// with its cause, the request and response fields in full; addProjectUser.md is read as an integrator
// would, with expectations written here. And every file is small enough for a model's context.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deref, idSourcesOf, openapi, operations, repoRoot, type Json } from "../support/openapi.js";

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
/** Every field of a schema: [dotted name, schema] (alternatives and allOf merged, arrays of objects as `name[].`). */
const fieldsOf = (schema: Json, prefix = ""): Array<[string, Json]> => {
  const s = deref(schema ?? {});
  const branches = [...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((branch: Json) => fieldsOf(branch, prefix));
  return [
    ...branches,
    ...Object.entries<Json>(s.properties ?? {}).flatMap(([name, p]) => {
      const resolved = deref(p);
      const nested =
        resolved.type === "array" && deref(resolved.items ?? {}).properties
          ? fieldsOf(resolved.items, `${prefix}${name}[].`)
          : [resolved.type].flat().includes("object") || resolved.allOf
            ? fieldsOf(resolved, `${prefix}${name}.`)
            : [];
      return [[`${prefix}${name}`, p] as [string, Json], ...nested];
    }),
  ];
};
/** Text as a Markdown table cell or list item holds it: on one line. */
const oneLine = (text: string) => String(text).replace(/\s+/g, " ").trim();
const page = (operationId: string) => readFileSync(join(docs, "reference", `${operationId}.md`), "utf8");

describe("docs/llms.txt", () => {
  it("has the llmstxt.org shape: an H1, a blockquote summary, H2 sections of links, Optional last", () => {
    const lines = llms.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.trim() !== "" && !l.startsWith("# "))).toMatch(/^> \S/);
    const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3));
    expect(sections).toEqual(["How to use this API well", "Tasks", "Reference", "Guides", "Optional"]);
  });

  it("links only to files beside it, each of which exists, and to every operation", () => {
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((href) => /^[a-z]+:/.test(href))).toEqual([]);
    for (const href of links) expect(existsSync(join(docs, href)), href).toBe(true);
    for (const op of operations()) expect(links).toContain(`reference/${op.operationId}.md`);
  });
});

describe("docs/llms-full.txt: everything an assistant needs, from the description", () => {
  it.each(operations().map((op) => [op.operationId, op] as const))(
    "%s: path, parameters, body fields, statuses and limits",
    (operationId, op) => {
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
    },
  );

  it("names every assumption of the description, and every schema", () => {
    for (const entry of Object.keys(openapi["x-assumptions"])) expect(full).toContain(`\`${entry}\``);
    for (const name of Object.keys(openapi.components.schemas)) expect(full).toContain(`### ${name}`);
  });
});

describe("docs/reference/<operationId>.md: each operation on a page of its own", () => {
  it.each(operations().map((op) => [op.operationId, op] as const))(
    "%s: who may call it, where its ids come from, each status with its cause",
    (operationId, op) => {
      const text = page(operationId);
      const o = op.operation;
      const who = text.slice(text.indexOf("## Who may call it"), text.indexOf("## Where its ids come from"));
      expect(o["x-who-may-call"].length).toBeGreaterThan(0);
      for (const rule of o["x-who-may-call"]) {
        expect(who).toContain(oneLine(rule.rule));
        // Each rule says what it rests on: the service's words, or the assumption entries, by id.
        if (rule.stated) expect(who).toContain(`the service's documentation: "${oneLine(rule.stated)}"`);
        else for (const entry of Object.keys(rule["x-assumption"])) expect(who).toContain(`\`${entry}\``);
      }
      const ids = text.slice(
        text.indexOf("## Where its ids come from"),
        text.indexOf("\n## ", text.indexOf("## Where its ids come from") + 1),
      );
      const sources = Object.entries<Json>(idSourcesOf(op));
      if (!sources.length) expect(ids).toContain("It takes no id.");
      for (const [name, source] of sources) {
        expect(ids).toContain(`\`${name}\``);
        for (const from of source.from) expect(ids).toContain(`(${from}.md)`);
      }
      // Every path parameter has its source (the lint requires it; the page must show it).
      for (const parameter of op.parameters.filter((p) => p.in === "path")) expect(ids).toContain(`\`${parameter.name}\` (path)`);
      for (const status of Object.keys(o.responses)) {
        // Its own cause, or the shared response's (x-status-cause).
        const given = o["x-status-causes"][status] ?? deref(o.responses[status])["x-status-cause"];
        expect(text).toContain(`| ${status} | ${oneLine(typeof given === "string" ? given : given.cause)}`);
      }
    },
  );

  it.each(operations().map((op) => [op.operationId, op] as const))("%s: the request and response fields in full", (operationId, op) => {
    const text = page(operationId);
    const body = deref(op.operation.requestBody ?? {}).content?.["application/json"]?.schema;
    for (const [name] of body ? fieldsOf(body) : []) expect(text, `request ${name}`).toContain(`| \`${name}\` |`);
    for (const [status, ref] of Object.entries<Json>(op.operation.responses)) {
      const schema = deref(ref).content?.[/^2/.test(status) ? "application/json" : "application/problem+json"]?.schema;
      if (!schema) continue;
      const resolved = deref(schema);
      for (const [name] of fieldsOf(resolved.type === "array" ? resolved.items : schema))
        expect(text, `${status} ${name}`).toContain(`| \`${name}\` |`);
    }
  });

  // The integrator's question of issue 36, answered by this one page: expectations written here.
  it("addProjectUser.md alone says who may add, what 400, 403, 404 and a second add mean, where `user` comes from, and that exactly one of `user` or `email` is sent", () => {
    const text = page("addProjectUser");
    const row = (status: number) => text.split("\n").find((line) => line.startsWith(`| ${status} |`)) ?? "";
    expect(text).toMatch(
      /## Who may call it\n\n- A caller added to the project whose group may manage users \(Administrator[^\n]*Editor[^\n]*403/,
    );
    expect(text).toContain("`manage-users-permission`");
    expect(row(403)).toMatch(/may not manage the project's users/);
    expect(row(404)).toMatch(/no user has that id/);
    expect(row(404)).toMatch(/not added to/);
    expect(row(400)).toMatch(/exactly one of `user` or `email`/);
    expect(row(201)).toMatch(/already is one changes nothing and answers 201 again, never 409/);
    expect(text).not.toMatch(/^\| 409 \|/m); // no conflict on adding: said in the 201 row
    expect(text).toMatch(/`user` \(body\): The `id` of a user in List project users[^\n]*\(listProjectUsers\.md\)/);
    expect(text).toContain("No operation lists users outside a project");
    expect(text).toContain("Send exactly one of `user` or `email`");
    // Each field is required within its own shape: the two are never rows of one table.
    const tables = text.split(/\n\n/).filter((block) => block.startsWith("| Field |"));
    expect(tables.filter((table) => table.includes("| `user` |") && table.includes("| `email` |"))).toEqual([]);
    expect(text).toMatch(/full administrator access/);
  });

  // Which statuses are the description's choices, written here (llms.txt's "Statuses to branch on"):
  // a row says "status: assumption" for those only, never for a documented status whose response
  // carries a marker about its cause or body (404's `hidden-is-404`, 400's `unknown-query-parameters`).
  const CHOSEN_STATUSES: Record<string, string> = {
    "400": "invalid-input-400",
    "409": "creator-removal-409",
    "429": "rate-limit-429",
    "500": "server-error-500",
  };
  it.each(operations().map((op) => [op.operationId] as const))(
    "%s: only 400, 409, 429 and 500 are labelled assumed statuses",
    (operationId) => {
      for (const line of page(operationId)
        .split("\n")
        .filter((l) => /^\| \d{3} \|/.test(l))) {
        const status = line.slice(2, 5);
        // The row's labels: " *(status: assumption `a` (Title), `b` (Title); assumption `c` (Title))*".
        const labels = line.match(/ \*\((.*)\)\* \|/)?.[1]?.split("; ") ?? [];
        const statusLabel = labels.find((label) => label.startsWith("status: "));
        const entries = [...(statusLabel ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);
        expect(entries, `${operationId} ${status}`).toEqual(CHOSEN_STATUSES[status] ? [CHOSEN_STATUSES[status]] : []);
      }
    },
  );
});

describe("sizes for a model's context", () => {
  // afdocs (the Agent-Friendly Documentation Spec's checker) passes llms.txt under 50,000 characters
  // and a page under 50,000, fails one over 100,000.
  it("llms.txt is under 50,000 characters, every reference page under 20,000, llms-full.txt under 100,000", () => {
    expect(llms.length).toBeLessThan(50_000);
    for (const op of operations()) expect(page(op.operationId).length, op.operationId).toBeLessThan(20_000);
    expect(full.length).toBeLessThan(100_000);
  });
});

// The Agent-Friendly Documentation Spec's discovery rules that a static reference can meet: a pointer
// to llms.txt near the top of every Markdown page, and a Markdown twin at the HTML page's address + .md.
describe("for agents: where the Markdown is", () => {
  it("every reference page says under its title where llms.txt and llms-full.txt are", () => {
    for (const op of operations())
      expect(page(op.operationId).split("\n").slice(0, 3).join("\n")).toMatch(
        /^# .*\n\n> .*\[llms\.txt\]\(\.\.\/llms\.txt\).*\[llms-full\.txt\]\(\.\.\/llms-full\.txt\)/,
      );
  });

  // index.md is llms.txt with the page's landing text put in: what is checked is what the build adds,
  // not llms.txt again (written from the same string, that could not fail).
  it("docs/index.md, the twin of index.html, says so and holds the page's landing text, its links as Markdown", () => {
    const twin = readFileSync(join(docs, "index.md"), "utf8");
    expect(twin).toMatch(/^# .*\n\n> .*\[llms\.txt\]\(\.\/llms\.txt\)/);
    expect(twin).toContain("\nThe Markdown twin of [index.html](index.html), the rendered reference.\n");
    expect(twin).toContain(String(openapi.info.description).split(/^# /m)[0]!.trim().split("\n")[0]);
    // The landing's HTML links (reader.js writes them for Redoc) become Markdown ones.
    expect(twin).toContain("this reference as Markdown: [llms.txt](./llms.txt) (an index) and [llms-full.txt](llms-full.txt)");
    expect(twin).not.toContain("<a href");
    expect(twin).toContain(
      "Questions and reports about this reference (not the service): [its issue tracker](https://github.com/project-collaboration/api/issues).",
    );
    // The page's own routes point into the page.
    expect(twin).toContain("[Getting started](index.html#/getting-started)");
    expect(twin).not.toMatch(/\]\(#\//);
  });
});
