// `npm run docs:markdown`: the reference as Markdown, for readers that are programs (an assistant, a
// search index) — per llmstxt.org: docs/llms.txt (an H1, a one-paragraph summary, a short "how to use
// this API well", sections of links, "Optional" last), docs/llms-full.txt (the whole reference in one
// file) and docs/reference/<operationId>.md (one per operation). Every fact comes from the bundle
// (generated/openapi.json) through the one OpenAPI toolkit; the description's assumptions are named as
// such. The guides are Markdown already (docs/guides/); they are linked, not copied.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadBundle, markerOf, operations, resolveRef } from "../lib/openapi.mjs";

const root = new URL("../..", import.meta.url).pathname;
const docs = join(root, "docs");
const bundle = loadBundle(join(root, "generated/openapi.json"));
const ops = operations(bundle);
const deref = (node) => resolveRef(bundle, node);
const assumptions = bundle["x-assumptions"];
const guides = readdirSync(join(docs, "guides"))
  .filter((file) => file.endsWith(".md"))
  .sort();

/** One line: no table cell may hold a line break or a bare pipe. */
const cell = (text) =>
  String(text ?? "")
    .replace(/\s+/g, " ")
    .replace(/\|/g, "\\|")
    .trim();

/** A schema's type in words: "integer", "string (date-time)", "array of Project", "string or null". */
function typeOf(node) {
  const name = node?.$ref?.split("/").pop();
  const schema = deref(node ?? {});
  if (schema.oneOf) return schema.oneOf.map(typeOf).join(" or ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  const types = [schema.type ?? (schema.properties ? "object" : "any")].flat();
  const base = types.map((t) => (t === "object" && name ? name : t)).join(" or ");
  return schema.format ? `${base} (${schema.format})` : base;
}

/** The rules of a value, as numbers and words: the limits a reader must keep. */
function rulesOf(node) {
  const schema = deref(node ?? {});
  const rules = [];
  if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) rules.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) rules.push(`maximum ${schema.maximum}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.enum) rules.push(`one of ${schema.enum.map((v) => `\`${v}\``).join(", ")}`);
  if (schema.pattern) rules.push(`pattern \`${schema.pattern}\``);
  if (schema.minProperties) rules.push(`at least ${schema.minProperties} propert${schema.minProperties === 1 ? "y" : "ies"}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  return rules.join("; ");
}

/** The assumption entries marked on a node or anything under it, with their titles. */
function assumedUnder(node, seen = new Set()) {
  if (!node || typeof node !== "object" || seen.has(node)) return [];
  seen.add(node);
  const here = Object.keys(markerOf(node));
  const target = typeof node.$ref === "string" ? [deref(node)] : [];
  return [
    ...new Set([
      ...here,
      ...[
        ...target,
        ...Object.entries(node)
          .filter(([k]) => k !== "examples" && k !== "example")
          .map(([, v]) => v),
      ].flatMap((child) => assumedUnder(child, seen)),
    ]),
  ];
}
const assumptionLine = (entries) =>
  entries.length
    ? `\n**Assumptions** (choices of this description where the service's documentation is silent): ${entries
        .sort()
        .map((entry) => `\`${entry}\` — ${assumptions[entry]?.title ?? entry}`)
        .join("; ")}.\n`
    : "";

/** The fields of a body schema, nested objects and alternatives flattened into dotted names. */
function fieldRows(node, prefix = "", required = []) {
  const schema = deref(node ?? {});
  if (schema.oneOf)
    return schema.oneOf.flatMap((branch, i) =>
      fieldRows(branch, prefix, deref(branch).required ?? []).map((row) => ({ ...row, note: `alternative ${i + 1}` })),
    );
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = deref(property);
    const row = {
      name: `${prefix}${name}`,
      type: typeOf(property),
      required: (schema.required ?? required).includes(name),
      rules: rulesOf(property),
      description: resolved.description ?? "",
    };
    return resolved.type === "object" && resolved.properties ? [row, ...fieldRows(resolved, `${prefix}${name}.`)] : [row];
  });
}

function fieldTable(rows) {
  if (!rows.length) return "";
  return [
    "| Field | Type | Required | Rules | Description |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| \`${r.name}\` | ${cell(r.type)} | ${r.required ? "yes" : "no"} | ${cell(r.rules)}${r.note ? ` (${r.note})` : ""} | ${cell(r.description)} |`,
    ),
  ].join("\n");
}

/** One operation as Markdown, its heading at `level`. */
function operationMarkdown(op, level) {
  const h = "#".repeat(level);
  const o = op.operation;
  const lines = [
    `${h} ${o.summary} (\`${o.operationId}\`)`,
    "",
    `\`${op.method.toUpperCase()} ${op.path}\` — tag ${o.tags?.join(", ") ?? "none"}`,
    "",
    o.description ?? "",
  ];
  if (op.parameters.length) {
    lines.push(
      "",
      `${h}# Parameters`,
      "",
      "| Name | In | Type | Required | Rules | Description |",
      "|---|---|---|---|---|---|",
      ...op.parameters.map(
        (p) =>
          `| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required || p.in === "path" ? "yes" : "no"} | ${cell(rulesOf(p.schema))} | ${cell(p.description)} |`,
      ),
    );
  }
  const body = deref(o.requestBody ?? {});
  const media = body.content?.["application/json"];
  if (media) {
    const schema = deref(media.schema);
    lines.push("", `${h}# Request body (application/json${body.required ? ", required" : ""})`, "", schema.description ?? "");
    const rules = rulesOf(media.schema);
    if (rules) lines.push("", `The body as a whole: ${rules}.`);
    lines.push("", fieldTable(fieldRows(media.schema)));
  }
  lines.push("", `${h}# Responses`, "", "| Status | Meaning | Body |", "|---|---|---|");
  for (const [status, ref] of Object.entries(o.responses)) {
    const response = deref(ref);
    const content = Object.entries(response.content ?? {})
      .map(([type, m]) => `${type}: ${typeOf(m.schema)}`)
      .join("; ");
    lines.push(`| ${status} | ${cell(response.description)} | ${cell(content) || "no body"} |`);
  }
  lines.push(assumptionLine(assumedUnder(o)));
  return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** Every named schema, as a field table: what the responses name by type. */
function schemasMarkdown() {
  return Object.entries(bundle.components?.schemas ?? {})
    .map(([name, schema]) => {
      const rows = fieldRows({ $ref: `#/components/schemas/${name}` });
      const resolved = deref(schema);
      return [
        `### ${name}`,
        "",
        cell(resolved.description),
        "",
        rows.length ? fieldTable(rows) : `${typeOf(schema)}${rulesOf(schema) ? `: ${rulesOf(schema)}` : ""}`,
      ].join("\n");
    })
    .join("\n\n");
}

const param = (name) => deref(bundle.components.parameters[name]).schema;
const offset = deref(param("Offset"));
const limit = deref(param("Limit"));
const server = bundle.servers?.[0]?.url ?? "";
const statuses = [...new Set(ops.flatMap((op) => Object.keys(op.operation.responses)))].sort();
const summary = `${bundle.info.summary} A JSON API at \`${server}\`: ${ops.length} operations, every answer JSON, errors as RFC 9457 problems. This is version ${bundle.info.version} of its OpenAPI ${bundle.openapi} description.`;

const howTo = [
  "## How to use this API well",
  "",
  `- **Credential**: HTTP Basic with the API key as the user name and an empty password (\`Authorization: Basic base64("<key>:")\`). The service's documentation does not show its mechanism: this is the description's choice (assumption \`credential-basic\`).`,
  `- **Paging**: every list but the groups takes \`offset\` (default ${offset.default}, minimum ${offset.minimum}) and \`limit\` (default ${limit.default}, ${limit.minimum} to ${limit.maximum}; the maximum is an assumption, \`max-limit\`) and answers one JSON array. Read pages until one is shorter than \`limit\`.`,
  `- **Statuses to branch on**: ${statuses.join(", ")}. 200, 201, 204, 401, 403 and 404 are documented by the service; 400, 409, 429 and 500 are the description's choices. Branch on the status, never on the error body's wording. A 404 also means "not visible to you".`,
  "- **Deleting a project is permanent** (its files, comments and assets too); adding a user by an address without an account creates an account with full administrator access.",
  "- **Without an account**: the sandbox, a stateful reference implementation: `createSandbox()` from `@project-collaboration/api/sandbox` in your tests (keys `sandbox-admin-key`, `sandbox-editor-key`, `sandbox-viewer-key`), or over HTTP with `npx -p @project-collaboration/cli pcs sandbox`.",
  "- **From TypeScript**: `npm install @project-collaboration/api`, then `createClient({ baseUrl, apiKey })` — typed paths and bodies, retries, timeouts; `unwrap()` and `paginate()`.",
].join("\n");

const reference = ops.map((op) => `- [${op.operation.summary}](reference/${op.operationId}.md): \`${op.method.toUpperCase()} ${op.path}\``);
const llms = [
  `# ${bundle.info.title}`,
  "",
  `> ${summary}`,
  "",
  howTo,
  "",
  "## Reference",
  "",
  ...reference,
  "",
  "## Guides",
  "",
  ...guides.map((file) => {
    const title = /^# (.+)$/m.exec(readFileSync(join(docs, "guides", file), "utf8"))?.[1] ?? file;
    return `- [${title}](guides/${file})`;
  }),
  "",
  "## Optional",
  "",
  "- [The whole reference in one file](llms-full.txt)",
  "- [The OpenAPI 3.1 description](openapi.json) ([YAML](openapi.yaml), [3.0](openapi.3.0.json))",
  "- [The rendered reference](index.html)",
  "",
].join("\n");

const full = [
  `# ${bundle.info.title} — the whole reference`,
  "",
  `> ${summary}`,
  "",
  howTo,
  "",
  "## About this API",
  "",
  bundle.info.description.replace(/^(#+) /gm, "##$1 "),
  "",
  "## Operations",
  "",
  ...ops.map((op) => operationMarkdown(op, 3)),
  "",
  "## Schemas",
  "",
  schemasMarkdown(),
  "",
  "## Assumptions",
  "",
  "Where the service's documentation is silent, the description makes one conventional choice, named here. A server may choose otherwise; the documented facts are the rest.",
  "",
  ...Object.entries(assumptions).map(([entry, { title, text }]) => `- **\`${entry}\` — ${title}.** ${cell(text)}`),
  "",
].join("\n");

rmSync(join(docs, "reference"), { recursive: true, force: true });
mkdirSync(join(docs, "reference"), { recursive: true });
for (const op of ops)
  writeFileSync(
    join(docs, "reference", `${op.operationId}.md`),
    `${operationMarkdown(op, 1)}\n\n[All operations](../llms.txt) · [The whole reference](../llms-full.txt)\n`,
  );
writeFileSync(join(docs, "llms.txt"), llms);
writeFileSync(join(docs, "llms-full.txt"), full);
console.log(
  `docs:markdown: docs/llms.txt (${Buffer.byteLength(llms)} bytes), docs/llms-full.txt (${Buffer.byteLength(full)} bytes), docs/reference/*.md (${ops.length})`,
);
