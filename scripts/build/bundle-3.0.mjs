#!/usr/bin/env node
// `npm run bundle:3.0`: generated/openapi.3.0.{json,yaml}, the OpenAPI 3.0.3 form of the 3.1 bundle for
// tools that read 3.0 best. @apiture/openapi-down-convert does the schema work (type arrays with null →
// `nullable`, `examples` → `example`, `const` → one-value `enum`, 3.1-only keywords dropped);
// `fixes` below finish what it leaves invalid in 3.0. What 3.0 cannot say is listed in
// `info.description` of the result and in docs/guides/description-forms.md ("What 3.0 cannot express").
import { readFileSync, writeFileSync } from "node:fs";
import { Converter } from "@apiture/openapi-down-convert";
import { stringify } from "yaml";
import { noOptions } from "../lib/cli.mjs";

const root = new URL("../..", import.meta.url).pathname;
const source = JSON.parse(readFileSync(`${root}generated/openapi.json`, "utf8"));

/** The 3.0 document of a 3.1 bundle. */
export function toOpenApi30(document) {
  const converted = new Converter(structuredClone(document), { allOf: true, convertSchemaComments: false }).convert();
  return fixes(converted);
}

/** What the converter leaves that 3.0 does not allow. */
function fixes(document) {
  // 3.0's Info object has no `summary`: kept as an extension.
  const { summary, ...info } = document.info;
  document.info = { ...info, ...(summary ? { "x-summary": summary } : {}), description: `${info.description.trimEnd()}\n\n${NOTE}` };
  // 3.0's License object has no SPDX `identifier` (the converter drops it): its page becomes the `url`.
  const identifier = source.info.license?.identifier;
  if (identifier && !document.info.license.url) document.info.license.url = `https://spdx.org/licenses/${identifier}.html`;
  return document;
}

const NOTE = `# About this OpenAPI 3.0 form

This is the OpenAPI 3.0.3 form of the description, converted from the OpenAPI 3.1 original (\`openapi.json\`),
which is the authoritative one. What 3.0 cannot express, and how it is approximated here:

- **null**: a 3.1 type list with \`null\` (\`type: [string, "null"]\`) becomes \`nullable: true\`.
- **examples**: a schema's \`examples\` list becomes its single \`example\` (the first one).
- **const**: becomes an \`enum\` with one value.
- **info.summary**: kept as the extension \`x-summary\`.
- **license.identifier** (SPDX) becomes the licence's \`url\`, its SPDX page.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  await noOptions("bundle:3.0", "The bundle converted to OpenAPI 3.0: generated/openapi.3.0.json and .yaml (a step of npm run build).");
  const converted = toOpenApi30(source);
  writeFileSync(`${root}generated/openapi.3.0.json`, JSON.stringify(converted, null, 2) + "\n");
  writeFileSync(`${root}generated/openapi.3.0.yaml`, stringify(converted, { lineWidth: 0 }));
}
