#!/usr/bin/env node
// The documented-only bundle: generated/openapi.json with every assumption relaxed, so that anything
// the service's own documentation allows passes. It is what `PCS_CONFORMANCE=documented` checks a
// server against (the contract suite's documented checks, `npm run contract:proxy -- --level
// documented`), while the full bundle stays what the types, the docs and the mock use.
//
// The transform is driven only by the description's own markers (`x-assumption: { <entry>: [keywords] }`,
// see the root's `x-assumptions` and openapi/spectral/assumption-markers.js):
//   1. every keyword a marker lists is deleted from its node (`maximum` of `limit`, `maxItems` of the
//      lists, `required` of the create body, `content` of the error responses, `schema` of the add-user
//      201 body, …): the constraint was a choice, so it no longer constrains;
//   2. a response whose marker lists `status` (400, 409, 429, 500) is removed from every operation, with
//      its cause in the operation's `x-status-causes`: the service documents no such status, so a server
//      need not send it;
//   3. every operation gains a `default` response without content: any other status, with any body,
//      is allowed by the documentation (it documents 200, 201, 204, 401, 403 and 404 only);
//   4. components nothing refers to any more (the Problem schema…) are dropped, so the result lints.
// The markers stay in place, so a reader of this bundle still sees what was relaxed and why.
import { writeFileSync } from "node:fs";
import { assumedKeywords, escapeToken, loadBundle, markedNodes, operations, resolveRef, STATUS_CAUSES } from "../lib/openapi.mjs";

const DEFAULT_RESPONSE = {
  description:
    "Any other status, with any body or none. The service's documentation states the statuses 200, 201, 204, 401, 403 and 404 " +
    "and no error body; the full description's other statuses and its problem body are assumptions.",
};

function relaxKeywords(document) {
  for (const { node } of markedNodes(document)) {
    for (const keyword of assumedKeywords(node)) if (keyword !== "status") delete node[keyword];
  }
}

function dropUnusedComponents(document) {
  for (;;) {
    const text = JSON.stringify({ ...document, components: undefined }) + JSON.stringify(document.components);
    let dropped = 0;
    for (const [kind, members] of Object.entries(document.components ?? {})) {
      if (kind === "securitySchemes") continue; // referred to by name, not by $ref
      for (const name of Object.keys(members)) {
        const ref = `"#/components/${kind}/${escapeToken(name)}"`;
        if (!text.includes(ref)) {
          delete members[name];
          dropped++;
        }
      }
    }
    if (!dropped) return;
  }
}

export function documentedOnly(full) {
  const document = structuredClone(full);
  for (const { operation } of operations(document)) {
    if (!operation.responses) continue;
    for (const [code, response] of Object.entries(operation.responses)) {
      if (assumedKeywords(resolveRef(document, response)).includes("status")) {
        delete operation.responses[code];
        // The cause of a status no longer declared goes with it (x-status-causes names declared ones only).
        delete operation[STATUS_CAUSES]?.[code];
      }
    }
    operation.responses.default = structuredClone(DEFAULT_RESPONSE);
  }
  relaxKeywords(document);
  dropUnusedComponents(document);
  document.info["x-conformance"] = "documented";
  document.info.description =
    "**Documented-only conformance level.** This is the description with every assumption relaxed (see `x-assumptions`): " +
    "what the service's documentation leaves open is not checked. Use it to check a server against the documented facts only.\n\n" +
    document.info.description;
  return document;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(
    new URL("../../generated/openapi.documented.json", import.meta.url),
    JSON.stringify(documentedOnly(loadBundle()), null, 2) + "\n",
  );
}
