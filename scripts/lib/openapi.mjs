// The OpenAPI toolkit: the few questions the build scripts, the docs plugins, the Spectral rules, the
// release tooling and the tests ask of the bundled description, each answered once.
//   loadBundle      the bundle (generated/openapi.json, every $ref local)
//   resolveRef      a local $ref followed to its value
//   operations      every operation, with its path item's and its own parameters resolved
//   markedNodes     every node carrying an `x-assumption` marker; markerOf / assumedKeywords read one
//   createAjv       Ajv (JSON Schema 2020-12, formats) holding the whole document; rebaseRefs points a
//                   schema's local $refs into it
// Plain JavaScript, so Node runs it as is; its types are in openapi.d.mts for the TypeScript tests.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// import.meta.url is read only inside functions: Spectral bundles its custom functions (which import
// this module) into CommonJS evaluated without __filename, which rollup's rewrite of import.meta.url
// needs, so a top-level use fails when the ruleset loads.

/** The bundle as plain JSON (a fresh copy each call). */
export function loadBundle(path = new URL("../../generated/openapi.json", import.meta.url)) {
  return JSON.parse(readFileSync(path, "utf8"));
}

// ---- $refs -------------------------------------------------------------------------------------

const unescapeToken = (token) => token.replace(/~1/g, "/").replace(/~0/g, "~");
export const escapeToken = (token) => String(token).replace(/~/g, "~0").replace(/\//g, "~1");

/** Follows local $refs ("#/components/…") from `node` until a value that is not a $ref. */
export function resolveRef(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    if (!current.$ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${current.$ref}`);
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = current.$ref
      .slice(2)
      .split("/")
      .map(unescapeToken)
      .reduce((at, key) => at?.[key], document);
    if (current === undefined) throw new Error(`unresolvable $ref ${[...seen].pop()}`);
  }
  return current;
}

/** Follows `path` (a list of keys) into `document`, resolving $refs on the way; undefined where nothing is. */
export function valueAt(document, path) {
  let node = document;
  for (const key of path) {
    node = resolveRef(document, node)?.[key];
    if (node === undefined) return undefined;
  }
  return resolveRef(document, node);
}

// ---- operations --------------------------------------------------------------------------------

/** The operation fields of an OpenAPI 3.1 path item. */
export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"];
export const isHttpMethod = (key) => HTTP_METHODS.includes(String(key));

/** Every operation: { method, path, operationId, operation, pathItem, parameters ($refs resolved) }. */
export function operations(document) {
  return Object.entries(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => {
      const operation = pathItem[method];
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p));
      return { method, path, operationId: operation.operationId, operation, pathItem, parameters };
    }),
  );
}

// ---- assumption markers ------------------------------------------------------------------------
// The root's `x-assumptions` lists the description's assumptions (entry → { title, text }); every node
// one applies to is marked `x-assumption: { <entry>: [keywords it relaxes] }` (see openapi/README.md).

export const MARKER = "x-assumption";

/** A node's marker ({} when it has none): entry → the keywords it relaxes. */
export const markerOf = (node) => node?.[MARKER] ?? {};

/** The keywords a node's marker lists (every entry's), [] when it has none. */
export const assumedKeywords = (node) => Object.values(markerOf(node)).flat();

/**
 * Every node under `root` that has an `x-assumption` key, as { node, path, marker } (`path`: keys from
 * `root`; `marker`: the raw value, for checks of its shape), each node once. Examples are data and the
 * root's `x-assumptions` is the list itself, so neither is searched. With `document`, $refs are
 * followed into it (the markers that apply to a schema and everything it refers to).
 */
export function markedNodes(root, { document, path = [] } = {}) {
  const found = [];
  const seen = new Set();
  const visit = (node, at) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (document && typeof node.$ref === "string") visit(resolveRef(document, node), at);
    if (Object.hasOwn(node, MARKER)) found.push({ node, path: at, marker: node[MARKER] });
    for (const [key, child] of Object.entries(node)) {
      if (key === MARKER || key === "x-assumptions" || key === "examples" || key === "example") continue;
      visit(child, [...at, key]);
    }
  };
  visit(root, path);
  return found;
}

// ---- schema validation -------------------------------------------------------------------------

export const DOCUMENT_ID = "https://pcs.invalid/openapi.json";

/**
 * Ajv for JSON Schema 2020-12 with formats, holding `document` under DOCUMENT_ID so that schemas
 * compile with their $refs into it (pass them through rebaseRefs). allErrors: every failing field, not
 * only the first. strict: false because the document carries OpenAPI keywords that are not JSON Schema.
 * `options` adds to Ajv's (e.g. `code` for standalone code).
 */
export function createAjv(document, options = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...options });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

/** A copy of `schema` whose local $refs ("#/…") point into the document createAjv added. */
export function rebaseRefs(schema) {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`));
}
