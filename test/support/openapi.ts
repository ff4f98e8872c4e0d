// The bundled description, loaded once, and the questions tests ask of it: which operations exist,
// and does a value validate against a schema (Ajv, JSON Schema 2020-12, formats on).
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

export const repoRoot = new URL("../../", import.meta.url).pathname;
export const bundlePath = `${repoRoot}generated/openapi.json`;

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document is untyped JSON
export const openapi: Json = JSON.parse(readFileSync(bundlePath, "utf8"));

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
export function deref(node: Json): Json {
  let current = node;
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    const pointer = current.$ref.replace(/^#\//, "").split("/").map((p: string) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    current = pointer.reduce((at: Json, key: string) => at?.[key], openapi);
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
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(deref);
      found.push({ method, path, operationId: operation.operationId, operation, parameters });
    }
  }
  return found;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOCUMENT_ID = "https://pcs.invalid/openapi.json";

/** One Ajv instance holding the whole document, so schemas compile with their internal $refs. */
function createAjv(): Ajv2020 {
  // strict: false because the document carries OpenAPI keywords (info, paths…) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(openapi, DOCUMENT_ID);
  return ajv;
}
const ajv = createAjv();
const cache = new Map<string, ValidateFunction>();

/** A validator for a schema object of the document (given inline, or as {$ref: "#/…"}). */
export function validatorFor(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    // Rewrite local refs so they resolve against the document added above.
    const rebased = JSON.parse(key.replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`));
    validate = ajv.compile(rebased);
    cache.set(key, validate);
  }
  return validate;
}

/** Validates and returns Ajv's errors as readable lines (empty when valid). */
export function schemaErrors(schema: Json, value: unknown): string[] {
  const validate = validatorFor(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
