// The bundled description, loaded once, and the questions tests ask of it: which operations exist,
// and does a value validate against a schema. Each answer comes from the OpenAPI toolkit
// (scripts/lib/openapi.mjs), bound here to the bundle the tests share.
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
export const pathPattern = toolkit.pathPattern;

export type Operation = Omit<toolkit.Operation, "method" | "pathItem"> & { method: string };

/** Follows a local $ref ("#/components/...") until it reaches a value that is not a $ref. */
export function deref(node: Json, document: Json = openapi): Json {
  return toolkit.resolveRef(document, node);
}

export function operations(document: Json = openapi): Operation[] {
  return toolkit.operations(document);
}

/** Where an operation's ids come from, as the description writes it: each shared parameter's
 * `x-id-source`, then the operation's own `x-id-sources` (which wins). Written here, not the toolkit's. */
export function idSourcesOf(op: { operation: Json; parameters: Json[] }): Record<string, Json> {
  const shared = op.parameters.filter((p) => p["x-id-source"] !== undefined).map((p) => [p.name, p["x-id-source"]]);
  return { ...Object.fromEntries(shared), ...op.operation["x-id-sources"] };
}

// Schema validation: the checker's (contract/src/description/description.ts), one Ajv per document.
export { schemaErrors, schemaFailures, validatorFor } from "../../contract/src/description/description.js";

/** The `x-assumption` marker of a node ({} when it has none): assumption entry → relaxed keywords. */
export const markersOf: (node: Json) => Record<string, string[]> = toolkit.markerOf;
