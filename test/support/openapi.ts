// The bundled description, loaded once, and the questions tests ask of it: which operations exist,
// and does a value validate against a schema. Each answer comes from the OpenAPI toolkit
// (scripts/lib/openapi.mjs), bound here to the bundle the tests share.
import type { ValidateFunction } from "ajv/dist/2020.js";
import * as toolkit from "../../scripts/lib/openapi.mjs";

export const repoRoot = new URL("../../", import.meta.url).pathname;
export const bundlePath = `${repoRoot}generated/openapi.json`;

export type Json = any; // the document is untyped JSON
/** Frozen, deeply: the test files of a worker share this one object (test/vitest.config.ts: no
 * isolation), so a test or a library that changed it would change it for the files after it, which
 * must fail at the change, not three files later. Tests that need a changed copy structuredClone it. */
export const openapi: Json = deepFreeze(toolkit.loadBundle(bundlePath));

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const HTTP_METHODS = toolkit.HTTP_METHODS;

export type Operation = Omit<toolkit.Operation, "method" | "pathItem"> & { method: string };

/** Follows a local $ref ("#/components/...") until it reaches a value that is not a $ref. */
export function deref(node: Json, document: Json = openapi): Json {
  return toolkit.resolveRef(document, node);
}

export function operations(document: Json = openapi): Operation[] {
  return toolkit.operations(document);
}

/** One Ajv instance per document (the whole document added, so schemas compile with their $refs), and its compiled schemas. */
const compilers = new Map<Json, { ajv: ReturnType<typeof toolkit.createAjv>; cache: Map<string, ValidateFunction> }>();

/** A validator for a schema object of `document` (default: the bundle), given inline or as {$ref: "#/…"}. */
export function validatorFor(schema: Json, document: Json = openapi): ValidateFunction {
  let compiler = compilers.get(document);
  if (!compiler) compilers.set(document, (compiler = { ajv: toolkit.createAjv(document), cache: new Map() }));
  const key = JSON.stringify(schema);
  let validate = compiler.cache.get(key);
  if (!validate) {
    validate = compiler.ajv.compile(toolkit.rebaseRefs(schema));
    compiler.cache.set(key, validate);
  }
  return validate;
}

/** Validates and returns Ajv's errors as readable lines (empty when valid). */
export function schemaErrors(schema: Json, value: unknown, document: Json = openapi): string[] {
  return schemaFailures(schema, value, document).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Ajv's errors themselves (keyword, instancePath, message), for callers that explain them further. */
export function schemaFailures(
  schema: Json,
  value: unknown,
  document: Json = openapi,
): Array<{ keyword: string; instancePath: string; message?: string }> {
  const validate = validatorFor(schema, document);
  return validate(value) ? [] : (validate.errors ?? []);
}

/** The `x-assumption` marker of a node ({} when it has none): assumption entry → relaxed keywords. */
export const markersOf: (node: Json) => Record<string, string[]> = toolkit.markerOf;
