// The bundled description, loaded once, and the questions tests ask of it: which operations exist,
// and does a value validate against a schema (Ajv, JSON Schema 2020-12, formats on).
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

export const repoRoot = new URL("../../", import.meta.url).pathname;
export const bundlePath = `${repoRoot}generated/openapi.json`;

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document is untyped JSON
/** Frozen, deeply: the test files of a worker share this one object (test/vitest.config.ts: no
 * isolation), so a test or a library that changed it would change it for the files after it, which
 * must fail at the change, not three files later. Tests that need a changed copy structuredClone it. */
export const openapi: Json = deepFreeze(JSON.parse(readFileSync(bundlePath, "utf8")));

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"] as const;

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  operation: Json;
  /** Parameters of the path item and of the operation, $refs resolved. */
  parameters: Json[];
}

/** Follows a local $ref ("#/components/...") until it reaches a value that is not a $ref. */
export function deref(node: Json, document: Json = openapi): Json {
  let current = node;
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    const pointer = current.$ref.replace(/^#\//, "").split("/").map((p: string) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    current = pointer.reduce((at: Json, key: string) => at?.[key], document);
    if (current === undefined) throw new Error(`Unresolvable $ref ${node.$ref}`);
  }
  return current;
}

export function operations(document: Json = openapi): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(p, document));
      found.push({ method, path, operationId: operation.operationId, operation, parameters });
    }
  }
  return found;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOCUMENT_ID = "https://pcs.invalid/openapi.json";

/** One Ajv instance per document, holding the whole document, so schemas compile with their internal $refs. */
function createAjv(document: Json): Ajv2020 {
  // strict: false because the document carries OpenAPI keywords (info, paths…) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}
const compilers = new Map<Json, { ajv: Ajv2020; cache: Map<string, ValidateFunction> }>();

/** A validator for a schema object of `document` (default: the bundle), given inline or as {$ref: "#/…"}. */
export function validatorFor(schema: Json, document: Json = openapi): ValidateFunction {
  let compiler = compilers.get(document);
  if (!compiler) compilers.set(document, (compiler = { ajv: createAjv(document), cache: new Map() }));
  const key = JSON.stringify(schema);
  let validate = compiler.cache.get(key);
  if (!validate) {
    // Rewrite local refs so they resolve against the document added above.
    const rebased = JSON.parse(key.replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`));
    validate = compiler.ajv.compile(rebased);
    compiler.cache.set(key, validate);
  }
  return validate;
}

/** Validates and returns Ajv's errors as readable lines (empty when valid). */
export function schemaErrors(schema: Json, value: unknown, document: Json = openapi): string[] {
  return schemaFailures(schema, value, document).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Ajv's errors themselves (keyword, instancePath, message), for callers that explain them further. */
export function schemaFailures(schema: Json, value: unknown, document: Json = openapi): Array<{ keyword: string; instancePath: string; message?: string }> {
  const validate = validatorFor(schema, document);
  return validate(value) ? [] : (validate.errors ?? []);
}

/** The `x-assumption` marker of a node ({} when it has none): assumption entry → relaxed keywords. */
export function markersOf(node: Json): Record<string, string[]> {
  return node?.["x-assumption"] ?? {};
}
