// `npm run docs:markdown`: the reference as Markdown, for readers that are programs (an assistant, a
// search index) — per llmstxt.org: docs/llms.txt (an H1, a one-paragraph summary, a short "how to use
// this API well", sections of links, "Optional" last), docs/llms-full.txt (the whole reference in one
// file) and docs/reference/<operationId>.md (one per operation, standing alone: who may call it, where
// its ids come from, its request and response structure in full, each status with its cause). Every
// fact comes from the bundle (generated/openapi.json) through the one OpenAPI toolkit; the description's
// assumptions are named as such. The guides are Markdown already (docs/guides/); they are linked, not
// copied.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { operationRoute } from "../../openapi/plugins/operation-facts.js";
import { landingLinks, slug, versionLine } from "../../openapi/plugins/reader.js";
import {
  bodyChoice,
  choiceSentence,
  loadBundle,
  markerOf,
  operationFacts,
  operations,
  requestBodyExamples,
  resolveRef,
  schemaProperties,
  STATUS_CAUSE,
} from "../lib/openapi.mjs";
import { factLines } from "./operation-facts-text.mjs";
import { noOptions } from "../lib/cli.mjs";

await noOptions(
  "docs:markdown",
  "The reference as Markdown for programs: docs/llms.txt, docs/llms-full.txt, docs/reference/ (a step of npm run build).",
);

const root = new URL("../..", import.meta.url).pathname;
const docs = join(root, "docs");
const bundle = loadBundle(join(root, "generated/openapi.json"));
const ops = operations(bundle);
const deref = (node) => resolveRef(bundle, node);
const assumptions = bundle["x-assumptions"];
/** The guides of a folder of docs/ (relative to docs/), by file name, each with its `# ` title. */
const guidesIn = (folder) =>
  existsSync(join(docs, folder))
    ? readdirSync(join(docs, folder))
        .filter((file) => file.endsWith(".md") && file !== "README.md")
        .sort()
        .map((file) => {
          const text = readFileSync(join(docs, folder, file), "utf8");
          return { href: `${folder}/${file}`, title: /^# (.+)$/m.exec(text)?.[1] ?? file, text };
        })
    : [];
const guides = guidesIn("guides");
const tasks = guidesIn("guides/tasks");

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
  const types = [schema.type ?? (schema.properties || schema.allOf ? "object" : "any")].flat();
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

/** The assumption entries marked on a node or anything under it, with their titles. A shared response's
 * default cause (x-status-cause) is left out: whether it applies is the operation's (operationFacts). */
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
          .filter(([k]) => k !== "examples" && k !== "example" && k !== STATUS_CAUSE)
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
/** "assumption `a` (its title)": how a fact resting on assumptions is labelled. */
const assumedLabel = (entries) =>
  `assumption ${entries.map((entry) => `\`${entry}\` (${assumptions[entry]?.title.replace(/`/g, "") ?? entry})`).join(", ")}`;

/** Names that are required of an object schema, its allOf's included. */
function requiredOf(node) {
  const schema = deref(node ?? {});
  return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap(requiredOf)];
}

/**
 * The fields of a schema as rows, nested objects as dotted names and arrays of objects as `name[].…`,
 * their allOf merged. A property's own description (beside its $ref) wins over its target's.
 */
function fieldRows(node, prefix = "") {
  const required = requiredOf(node);
  return Object.entries(schemaProperties(bundle, node)).flatMap(([name, property]) => {
    const resolved = deref(property);
    const row = {
      name: `${prefix}${name}`,
      type: typeOf(property),
      required: required.includes(name),
      rules: rulesOf(property),
      description: property.description ?? resolved.description ?? "",
    };
    const items = resolved.type === "array" ? deref(resolved.items ?? {}) : undefined;
    if (items && Object.keys(schemaProperties(bundle, resolved.items)).length)
      return [row, ...fieldRows(resolved.items, `${prefix}${name}[].`)];
    const isObject = [resolved.type].flat().includes("object") || resolved.allOf;
    return isObject && Object.keys(schemaProperties(bundle, property)).length ? [row, ...fieldRows(property, `${prefix}${name}.`)] : [row];
  });
}

function fieldTable(rows, requiredHeading = "Required") {
  if (!rows.length) return "";
  return [
    `| Field | Type | ${requiredHeading} | Rules | Description |`,
    "|---|---|---|---|---|",
    ...rows.map((r) => `| \`${r.name}\` | ${cell(r.type)} | ${r.required ? "yes" : "no"} | ${cell(r.rules)} | ${cell(r.description)} |`),
  ].join("\n");
}

/** How a page links to another operation's page: beside it, or from docs/ (llms-full.txt). */
const operationLink = (operationId, from) => `[\`${operationId}\`](${from === "reference" ? "" : "reference/"}${operationId}.md)`;

/** Who may call it, where its ids come from: the operation's own facts (x-who-may-call, x-id-sources). */
function factsMarkdown(facts, h, from) {
  const lines = factLines(facts, {
    text: cell,
    code: (text) => `\`${text}\``,
    basis: (stated, entries) => `*(${stated ? `the service's documentation: "${cell(stated)}"` : assumedLabel(entries)})*`,
    giver: (operationId) => operationLink(operationId, from),
    bullet: "- ",
  });
  const ids = lines.ids.length ? lines.ids : ["It takes no id."];
  return ["", `${h}# Who may call it`, "", ...lines.who, "", `${h}# Where its ids come from`, "", ...ids];
}

/** The request body: its fields, or the shapes of which exactly one is sent; its examples. */
function requestBodyMarkdown(op, h) {
  const body = deref(op.operation.requestBody ?? {});
  const media = body.content?.["application/json"];
  if (!media) return [];
  const schema = deref(media.schema);
  const lines = ["", `${h}# Request body (application/json${body.required ? ", required" : ""})`, "", schema.description ?? ""];
  const rules = rulesOf(media.schema);
  if (rules) lines.push("", `The body as a whole: ${rules}.`);
  const choice = bodyChoice(bundle, media.schema);
  if (choice) {
    lines.push("", `Send ${choiceSentence(choice)}: one of these ${choice.length} shapes, never two at once.`);
    schema.oneOf.forEach((branch, i) => {
      const alternative = choice[i];
      lines.push(
        "",
        `**${i + 1}. ${alternative.title ?? `Shape ${i + 1}`}.** ${cell(alternative.description)}`,
        "",
        fieldTable(fieldRows(branch)),
      );
    });
  } else lines.push("", fieldTable(fieldRows(media.schema)));
  const examples = requestBodyExamples(bundle, op.operation);
  if (examples.length)
    lines.push(
      "",
      `Example${examples.length > 1 ? "s" : ""}: ${examples.map((e) => `\`${JSON.stringify(e.value)}\`${e.summary ? ` (${e.summary})` : ""}`).join("; ")}.`,
    );
  return lines;
}

/** A response body's structure: its fields in full (reference pages), or the schema it names (llms-full). */
function bodyStructure(schemaNode, inFull) {
  const schema = deref(schemaNode);
  const isList = schema.type === "array";
  const item = isList ? schema.items : schemaNode;
  const name = item?.$ref?.split("/").pop();
  const shape = isList
    ? `An array${schema.maxItems !== undefined ? ` of at most ${schema.maxItems} items` : ""}, each a \`${name}\``
    : `A \`${name}\``;
  if (!inFull) return [`${shape}: its fields are under [Schemas › ${name}](#${name.toLowerCase()}).`];
  return [`${shape}. ${cell(deref(item).description)}`, "", fieldTable(fieldRows(item), "Always present")];
}

/** Each status with its cause here, then the structure of the bodies the operation answers. */
function responsesMarkdown(op, facts, h, inFull) {
  const lines = ["", `${h}# Responses`, "", "| Status | What causes it here | Body |", "|---|---|---|"];
  for (const { status, cause, assumptions: own, statusAssumptions } of facts.statuses) {
    const response = deref(op.operation.responses[status]);
    const content = Object.entries(response.content ?? {})
      .map(([type, m]) => `${type}: ${typeOf(m.schema)}`)
      .join("; ");
    const labels = [
      ...(statusAssumptions.length ? [`status: ${assumedLabel(statusAssumptions)}`] : []),
      ...(own.length ? [assumedLabel(own)] : []),
    ];
    lines.push(`| ${status} | ${cell(cause)}${labels.length ? ` *(${labels.join("; ")})*` : ""} | ${cell(content) || "no body"} |`);
  }
  for (const { status } of facts.statuses.filter(({ status }) => /^2/.test(status))) {
    const response = deref(op.operation.responses[status]);
    const media = response.content?.["application/json"];
    if (!media?.schema) continue;
    const mediaAssumed = Object.keys(markerOf(media));
    lines.push("", `${h}## Response body (${status}, application/json)`, "");
    if (mediaAssumed.length) lines.push(`${cell(response.description)} *(${assumedLabel(mediaAssumed)})*`, "");
    lines.push(...bodyStructure(media.schema, inFull));
  }
  const problem = Object.values(op.operation.responses)
    .map((ref) => deref(ref).content?.["application/problem+json"]?.schema)
    .find(Boolean);
  if (problem) {
    lines.push("", `${h}## Error body (every 4xx and 5xx, application/problem+json)`, "");
    lines.push(`Branch on the status, never on this body: a server may send another or none *(${assumedLabel(["problem-body"])})*.`, "");
    lines.push(...bodyStructure(problem, inFull));
  }
  return lines;
}

/** One operation as Markdown, its heading at `level`: on its own page (`reference`) or in llms-full.txt. */
function operationMarkdown(op, level, from) {
  const h = "#".repeat(level);
  const o = op.operation;
  const lines = [
    `${h} ${o.summary} (\`${o.operationId}\`)`,
    "",
    `\`${op.method.toUpperCase()} ${op.path}\` — tag ${o.tags?.join(", ") ?? "none"}`,
    "",
    o.description ?? "",
  ];
  const facts = operationFacts(bundle, op);
  lines.push(...factsMarkdown(facts, h, from));
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
  lines.push(...requestBodyMarkdown(op, h));
  lines.push(...responsesMarkdown(op, facts, h, from === "reference"));
  lines.push(assumptionLine([...new Set([...assumedUnder(o), ...facts.statuses.flatMap((fact) => fact.assumptions)])]));
  return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** Every named schema, as a field table: what the responses name by type. */
function schemasMarkdown() {
  return Object.entries(bundle.components?.schemas ?? {})
    .map(([name, schema]) => {
      const rows = fieldRows({ $ref: `#/components/schemas/${name}` });
      const resolved = deref(schema);
      const choice = bodyChoice(bundle, schema);
      const body = choice
        ? `Exactly one of: ${resolved.oneOf.map((branch) => `\`${branch.$ref?.split("/").pop()}\``).join(", ")} (${choiceSentence(choice)}).`
        : rows.length
          ? fieldTable(rows)
          : `${typeOf(schema)}${rulesOf(schema) ? `: ${rulesOf(schema)}` : ""}`;
      return [`### ${name}`, "", cell(resolved.description), "", body].join("\n");
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
  "- **Each operation's page** says who may call it, what causes each status for that operation, where each id it takes comes from (which operation returns it), and its request and response fields in full.",
  `- **Paging**: every list but the groups takes \`offset\` (default ${offset.default}, minimum ${offset.minimum}) and \`limit\` (default ${limit.default}, ${limit.minimum} to ${limit.maximum}; the maximum is an assumption, \`max-limit\`) and answers one JSON array. Read pages until one is shorter than \`limit\`.`,
  `- **Statuses to branch on**: ${statuses.join(", ")}. 200, 201 and 204 are the service's documented successes. Its interface names failures (no valid key, insufficient rights, an unknown identifier) but shows no error codes: 401, 403 and 404 are the conventional codes for them, which this description and its checker's documented level treat as the service's; 400, 409, 429 and 500 are the description's own choices. Branch on the status, never on the error body's wording. A 404 also means "not visible to you".`,
  "- **Deleting a project is permanent** (its files, comments and assets too). **Add a user by id** (`user`, an `id` from a project's user list), never by email for your own organization: an address without an account gets a new account with full administrator access.",
  // What works today: the packages are not on the npm registry yet (the README says the same).
  "- **Without an account**: the sandbox, a stateful reference implementation. In a clone of the package's repository (its npm packages are not published yet), after `npm ci && npm run build`, `npm run sandbox` serves it over HTTP on `http://127.0.0.1:4011` (keys `sandbox-admin-key`, `sandbox-editor-key`, `sandbox-viewer-key`), and `createSandbox()` from `@project-collaboration/api/sandbox` runs it inside your tests.",
  "- **From TypeScript**: the package `@project-collaboration/api` (until it is published, a tarball packed from that clone with `npm pack`), then `createClient({ baseUrl, apiKey })` — typed paths and bodies, retries, timeouts; `unwrap()` and `paginate()`.",
].join("\n");

const reference = ops.map((op) => `- [${op.operation.summary}](reference/${op.operationId}.md): \`${op.method.toUpperCase()} ${op.path}\``);
const llms = [
  `# ${bundle.info.title}`,
  "",
  `> ${summary}`,
  "",
  howTo,
  "",
  "## Tasks",
  "",
  ...tasks.map(({ href, title, text }) => `- [${title}](${href}): ${cell(/^> (.+)$/m.exec(text)?.[1] ?? "")}`),
  "",
  "## Reference",
  "",
  ...reference,
  "",
  "## Guides",
  "",
  ...guides.map(({ href, title }) => `- [${title}](${href})`),
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
  ...ops.map((op) => operationMarkdown(op, 3, "full")),
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
/** First under a page's title, where an agent reading the top finds it (the Agent-Friendly Documentation
 * Spec's llms.txt directive): where the rest of the reference is. */
const directive = (toDocs) =>
  `> Part of the ${bundle.info.title} reference: every operation is listed in [llms.txt](${toDocs}llms.txt), all of it in one file in [llms-full.txt](${toDocs}llms-full.txt).`;
const withDirective = (markdown, toDocs) => markdown.replace(/^(# .*\n)/, `$1\n${directive(toDocs)}\n`);
let largest = 0;
for (const op of ops) {
  const page = `${withDirective(operationMarkdown(op, 1, "reference"), "../")}\n\n[All operations](../llms.txt) · [The whole reference](../llms-full.txt) · [This operation in the rendered reference](../index.html${operationRoute(slug, op.operation)})\n`;
  writeFileSync(join(docs, "reference", `${op.operationId}.md`), page);
  largest = Math.max(largest, page.length);
}
writeFileSync(join(docs, "llms.txt"), llms);
// The Markdown twin of index.html (its address with .md): what the page shows first, its landing text
// (info.description before the first guide), then llms.txt's index of the rest.
// The same lines as the page (reader.js: where the Markdown is, the issue tracker, the version); links
// to the page's own routes, `#/getting-started`, go to the page.
const landing = [bundle.info.description.split(/^# /m)[0].trim(), landingLinks(bundle), versionLine(bundle)]
  .join("\n\n")
  .replace(/<a href="([^"]+)">([^<]+)<\/a>/g, "[$2]($1)")
  .replace(/\]\(#\//g, "](index.html#/");
writeFileSync(
  join(docs, "index.md"),
  withDirective(llms, "./").replace(
    "\n## How to use this API well",
    `\nThe Markdown twin of [index.html](index.html), the rendered reference.\n\n${landing}\n\n## How to use this API well`,
  ),
);
writeFileSync(join(docs, "llms-full.txt"), full);
console.log(
  `docs:markdown: docs/llms.txt (${llms.length} characters), docs/llms-full.txt (${full.length}), docs/reference/*.md (${ops.length}, the largest ${largest})`,
);
