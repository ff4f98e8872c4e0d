// The description the checks rest on, from the main package (@project-collaboration/api): the full
// bundle and the documented-only one (every assumption relaxed), each asked through the one OpenAPI
// toolkit (scripts/lib/openapi.mjs, copied beside dist/ by the build), and schema validation against
// either. Loaded once per process; frozen, because concurrent runs share it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv/dist/2020.js";
import * as toolkit from "../toolkit/openapi.mjs";

export type Json = any; // the document is untyped JSON
export type Operation = Omit<toolkit.Operation, "method" | "pathItem"> & { method: string };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// createRequire rather than import.meta.resolve, which vitest's module runner does not support.
const load = (name: string): Json =>
  deepFreeze(JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@project-collaboration/api/${name}`), "utf8")));

/** The full description (the package's generated/openapi.json). */
export const openapi: Json = load("openapi.json");
/** The description with every assumption relaxed (generated/openapi.documented.json): what documented checks validate against. */
export const documentedBundle: Json = load("openapi.documented.json");

export const ASSUMPTIONS: Record<string, { title: string; text: string }> = openapi["x-assumptions"];

const limit = openapi.components.parameters.Limit.schema;
/** A list's page without `limit` ("limit (int, default 30)", stated) and the largest `limit` (the
 * description's choice: max-limit), as the description gives them. */
export const DEFAULT_LIMIT: number = limit.default;
export const MAX_LIMIT: number = limit.maximum;
/** The longest value of each field of a project's create (the interface states them), from its schema. */
export const FIELD_LIMITS: Readonly<Record<"name" | "description" | "job_code", number>> = Object.fromEntries(
  Object.entries(openapi.components.schemas.ProjectCreate.properties).map(([name, s]) => [name, deref(s).maxLength]),
) as never;

export function deref(node: Json, document: Json = openapi): Json {
  return toolkit.resolveRef(document, node);
}

export function operations(document: Json = openapi): Operation[] {
  return toolkit.operations(document);
}

export const markerOf: (node: Json) => Record<string, string[]> = toolkit.markerOf;

const compilers = new Map<
  Json,
  { ajv: ReturnType<typeof toolkit.createAjv>; cache: Map<string, ValidateFunction>; bySchemaObject: WeakMap<object, ValidateFunction> }
>();

export function validatorFor(schema: Json, document: Json = openapi): ValidateFunction {
  let compiler = compilers.get(document);
  if (!compiler)
    compilers.set(document, (compiler = { ajv: toolkit.createAjv(document), cache: new Map(), bySchemaObject: new WeakMap() }));
  // A schema of the frozen documents is the same object every time: found without serializing it (the
  // model validates every answer); an equal schema built anew is found by its text.
  const isObject = typeof schema === "object" && schema !== null;
  let validate = isObject ? compiler.bySchemaObject.get(schema) : undefined;
  if (validate) return validate;
  const key = JSON.stringify(schema);
  validate = compiler.cache.get(key);
  if (!validate) {
    validate = compiler.ajv.compile(toolkit.rebaseRefs(schema));
    compiler.cache.set(key, validate);
  }
  if (isObject) compiler.bySchemaObject.set(schema, validate);
  return validate;
}

/** The longest array validated whole: one item more than the largest `maxItems` of the description, so
 * a longer one still breaks each `maxItems` it should. A server that ignores `limit` can send tens of
 * thousands of items; validating each (every failing field of every item) would hold the run for seconds
 * at a time, and the first ones show what its items break. */
const VALIDATED_ITEMS = Math.max(0, ...[...JSON.stringify(openapi).matchAll(/"maxItems":(\d+)/g)].map((m) => Number(m[1]))) + 1;

export function schemaFailures(
  schema: Json,
  value: unknown,
  document: Json = openapi,
): Array<{ keyword: string; instancePath: string; message?: string }> {
  const validate = validatorFor(schema, document);
  const validated = Array.isArray(value) && value.length > VALIDATED_ITEMS ? value.slice(0, VALIDATED_ITEMS) : value;
  return validate(validated) ? [] : [...(validate.errors ?? [])];
}

/** Readable lines, empty when `value` is valid against `schema` of `document`. */
export function schemaErrors(schema: Json, value: unknown, document: Json = openapi): string[] {
  return schemaFailures(schema, value, document).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Every (entry, keyword) that `x-assumption` markers place on `node` or anything it refers to. */
export function markersUnder(node: Json, document: Json = openapi): Array<{ entry: string; keyword: string }> {
  return toolkit
    .markedNodes(node, { document })
    .flatMap(({ node: marked }) =>
      Object.entries(toolkit.markerOf(marked)).flatMap(([entry, keywords]) => keywords.map((keyword) => ({ entry, keyword }))),
    );
}

/** Failures against the full description, each with the assumption entries whose markers constrain its
 * keyword (none: a documented fact, or an entry marked elsewhere in the schema). */
export function assumedSchemaFailures(
  schema: Json,
  value: unknown,
): Array<{ keyword: string; instancePath: string; message?: string; entries: string[] }> {
  const failures = schemaFailures(schema, value);
  if (failures.length === 0) return [];
  const markers = markersUnder(schema);
  return failures.map((error) => ({
    ...error,
    entries: [...new Set(markers.filter((m) => m.keyword === error.keyword).map((m) => m.entry))],
  }));
}

/** Errors against the full description, each naming the assumption entries that relax its keyword. */
export function assumedSchemaErrors(schema: Json, value: unknown): string[] {
  return assumedSchemaFailures(schema, value).map(
    ({ instancePath, message, entries }) =>
      `${instancePath || "/"} ${message} (${entries.length ? `assumption: ${entries.join(", ")}` : "no assumption: a documented fact"})`,
  );
}

/** The assumption entries whose markers constrain a schema (those whose keywords the documented bundle drops). */
export function constrainingEntries(schema: Json): string[] {
  return [
    ...new Set(
      markersUnder(schema)
        .filter((m) => m.keyword !== "status")
        .map((m) => m.entry),
    ),
  ].sort();
}

/** The success response of an operation: its status and the schema of its JSON body (if any). */
export function successResponse(op: Operation, document: Json = openapi): { status: number; schema?: Json } {
  const success = toolkit.successResponse(document, op.operation);
  if (!success) throw new Error(`${op.operationId} describes no success response`);
  return { status: success.status, schema: success.schema };
}

/** The operation's JSON request body schema, if it takes one. */
export const requestBodySchema = (op: Operation): Json | undefined => toolkit.requestBodySchema(openapi, op.operation);

/** The first example of the operation's JSON request body, or undefined when it takes none. */
export const exampleBody = (op: Operation): unknown => toolkit.requestBodyExamples(openapi, op.operation)[0]?.value;

/** The description's example of a parameter; 1 (a valid id, page size or offset) when it gives none. */
export const exampleOf = (parameter: Json): unknown => toolkit.parameterExample(openapi, parameter) ?? 1;

/** A schema with its $ref followed and sibling keywords kept. */
export function resolveSchema(schema: Json): Json {
  if (!schema?.$ref) return schema ?? {};
  const { $ref, ...siblings } = schema;
  return { ...resolveSchema(deref({ $ref })), ...siblings };
}

export function label(op: Pick<Operation, "operationId" | "method" | "path">): string {
  return `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
}

export const PROBLEM_SCHEMA = { $ref: "#/components/schemas/Problem" };
export const PROBLEM_TYPE = /^application\/problem\+json\b/;

const patterns = operations().map((op) => ({ op, pattern: new RegExp(`^${toolkit.pathPattern(op.path).source}$`) }));

/** The methods (upper case) the description lists on the path a request went to (relative to the base URL). */
export function methodsAt(path: string): string[] {
  const bare = path.replace(/[?#].*$/, "");
  return patterns.filter(({ pattern }) => pattern.test(bare)).map(({ op }) => op.method.toUpperCase());
}

/** The path of a request's URL under `baseUrl`, without its query; undefined when it went elsewhere. */
const pathUnder = (url: string, baseUrl: string) =>
  url.startsWith(baseUrl) ? url.slice(baseUrl.length).replace(/[?#].*$/, "") : undefined;

/** The path template of the description a request went to (`url` under `baseUrl`), whatever its
 * method, if the description lists the path. */
export function listedPathOf(url: string, baseUrl: string): string | undefined {
  const path = pathUnder(url, baseUrl);
  return path === undefined ? undefined : patterns.find(({ pattern }) => pattern.test(path))?.op.path;
}

/** The operation of the description a request went to (`url` under `baseUrl`), if one. */
export function operationOf(method: string, url: string, baseUrl: string): Operation | undefined {
  const path = pathUnder(url, baseUrl);
  return path === undefined ? undefined : patterns.find(({ op, pattern }) => op.method === method.toLowerCase() && pattern.test(path))?.op;
}
