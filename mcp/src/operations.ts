// The tools, one per operation of the description (generated/openapi.json of the main package): the
// name is the operationId, the title the summary, the description the operation's own (after any
// warning), the input one JSON object holding the path and query parameters and the body's properties.
import { readFileSync } from "node:fs";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { annotationsOf, READ_METHODS, WARNINGS } from "./annotations.js";
import { inlineSchema, type JsonObject } from "./openapi-schema.js";

export interface OperationTool {
  /** The operationId. */
  name: string;
  /** The operation's summary. */
  title: string;
  description: string;
  /** Upper case, as openapi-fetch's client.request takes it. */
  method: string;
  /** The path template of the description, e.g. "/projects/{project_id}.json". */
  path: string;
  tags: string[];
  /** False for GET and HEAD: every other tool is left out unless writes are allowed. */
  writes: boolean;
  annotations: ToolAnnotations;
  /** What the MCP client sees and what arguments are checked against. */
  inputSchema: JsonObject & { type: "object"; properties: Record<string, JsonObject> };
  /** Which of the input's properties go where. */
  pathParameters: string[];
  queryParameters: string[];
  /** The JSON body's own schema (its rules across properties, such as "exactly one of", live here). */
  body?: { schema: JsonObject; required: boolean };
  /** The shape of a result's structuredContent: the success body's schema (a list as `{ items }`, no
   * content as `{ status }`), types and rules only — descriptions and examples are in the reference. */
  outputSchema: JsonObject & { type: "object" };
  /** The operation pages with offset and limit. */
  paginated: boolean;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

/** The description as the main package ships it. */
export function loadDescription(): JsonObject {
  const url = new URL(import.meta.resolve("@project-collaboration/api/openapi.json"));
  return JSON.parse(readFileSync(url, "utf8")) as JsonObject;
}

/** The tool table the build wrote (scripts/build/build-mcp.mjs: dist/tools.json, from the main package's
 * description), read once: the server does not walk the description at run time. */
let built: OperationTool[] | undefined;
export function builtTools(): OperationTool[] {
  built ??= JSON.parse(readFileSync(new URL("../dist/tools.json", import.meta.url), "utf8")) as OperationTool[];
  return built;
}

/** The tools of a description (the build runs this on the main package's; tests on their own). */
export function operationTools(document: JsonObject = loadDescription()): OperationTool[] {
  const paths = (document.paths ?? {}) as Record<string, JsonObject>;
  const tools: OperationTool[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (operation) tools.push(toolOf(document, path, method.toUpperCase(), operation, shared));
    }
  }
  const names = new Set(tools.map((t) => t.name));
  for (const warned of Object.keys(WARNINGS)) {
    if (!names.has(warned)) throw new Error(`WARNINGS names ${warned}, which is not an operation of the description`);
  }
  return tools;
}

function toolOf(document: JsonObject, path: string, method: string, operation: JsonObject, shared: unknown[]): OperationTool {
  const name = operation.operationId;
  if (typeof name !== "string") throw new Error(`${method} ${path} has no operationId: a tool needs a name`);
  // An operation's own parameter replaces a path item's of the same name and location (OpenAPI).
  const byKey = new Map<string, Parameter>();
  for (const raw of [...shared, ...((operation.parameters ?? []) as unknown[])]) {
    const parameter = inlineSchema(document, raw) as Parameter;
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const pathParameters: string[] = [];
  const queryParameters: string[] = [];
  for (const parameter of byKey.values()) {
    if (parameter.in === "path") pathParameters.push(parameter.name);
    else if (parameter.in === "query") queryParameters.push(parameter.name);
    else throw new Error(`${name}: ${parameter.in} parameter ${parameter.name} has no place in a tool's input`);
    const schema = lean(parameter.schema) as JsonObject;
    const description = pagingDescription(parameter.name) ?? parameter.description;
    properties[parameter.name] = { ...schema, ...(description ? { description } : {}) };
    if (parameter.required || parameter.in === "path") required.push(parameter.name);
  }

  let body: OperationTool["body"];
  const requestBody = inlineSchema(document, operation.requestBody) as JsonObject | undefined;
  if (requestBody) {
    const content = (requestBody.content ?? {}) as Record<string, { schema?: JsonObject }>;
    const schema = content["application/json"]?.schema;
    if (!schema) throw new Error(`${name}: only JSON bodies can be a tool's input`);
    body = { schema, required: requestBody.required === true };
    for (const [property, propertySchema] of Object.entries(bodyProperties(schema))) {
      if (property in properties) throw new Error(`${name}: body property ${property} has the name of a parameter`);
      properties[property] = propertySchema;
    }
    // Required body properties are required inputs only when the body's schema says so for every body.
    for (const property of (schema.required ?? []) as string[]) required.push(property);
  }

  const summary = typeof operation.summary === "string" ? operation.summary : name;
  const own = typeof operation.description === "string" ? operation.description : summary;
  const warning = WARNINGS[name];
  const bodyRules = body && typeof body.schema.description === "string" ? body.schema.description : undefined;
  return {
    name,
    title: summary,
    description: [warning, own].filter(Boolean).join("\n\n"),
    method,
    path,
    tags: ((operation.tags ?? []) as string[]).slice(),
    writes: !READ_METHODS.has(method),
    // The title is the tool's own (MCP 2025-06-18); annotations carry only the hints.
    annotations: annotationsOf(method, own),
    inputSchema: {
      type: "object",
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
      ...(bodyRules ? { description: bodyRules } : {}),
    },
    pathParameters,
    queryParameters,
    ...(body ? { body } : {}),
    outputSchema: outputSchemaOf(document, operation, queryParameters.includes("limit")),
    paginated: queryParameters.includes("limit"),
  };
}

/** An input schema as small as it can be for a tool list that every request of an agent carries:
 * without examples, integer formats, and bounds that only say "fits in 32 or 53 bits". */
function lean(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lean);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema as JsonObject)
      .filter(([key, value]) => {
        if (key === "examples" || key === "$comment") return false;
        if (key === "format") return value !== "int32" && value !== "int64";
        if (key === "maximum") return typeof value !== "number" || value < 2 ** 31 - 1;
        return true;
      })
      .map(([key, value]) => [
        key,
        key === "properties" ? Object.fromEntries(Object.entries(value as JsonObject).map(([n, v]) => [n, lean(v)])) : lean(value),
      ]),
  );
}

/** A resource's shape at its top level: the fields it always has (`required`), and for a list, that
 * it is one. Types, nested fields and rules are the reference's (llms-full.txt, the rendered page):
 * every agent request carries the tool list, so it stays small. */
function shallow(schema: JsonObject): JsonObject {
  if (schema.type === "array") return { type: "array", ...(schema.items ? { items: shallow(schema.items as JsonObject) } : {}) };
  const required = [schema, ...((schema.allOf ?? []) as JsonObject[])].flatMap((b) => (b.required ?? []) as string[]);
  return { type: "object", ...(required.length ? { required } : {}) };
}

/** offset and limit are on every list, and their schema (minimum, maximum, default) says what they are. */
function pagingDescription(name: string): string | undefined {
  // Their schema says it all (minimum, maximum, default): no words needed.
  return name === "offset" || name === "limit" ? "" : undefined;
}

function outputSchemaOf(document: JsonObject, operation: JsonObject, paginated: boolean): JsonObject & { type: "object" } {
  const [, response] = Object.entries((operation.responses ?? {}) as JsonObject).find(([code]) => code.startsWith("2")) ?? [];
  const content = ((inlineSchema(document, response) as JsonObject | undefined)?.content ?? {}) as Record<string, { schema?: JsonObject }>;
  const schema = content["application/json"]?.schema;
  if (!schema) return { type: "object", properties: { status: { type: "integer" } }, required: ["status"] };
  const rules = shallow(schema);
  if (rules.type !== "array") return { ...rules, type: "object" };
  return {
    type: "object",
    properties: { items: rules, ...(paginated ? { next_offset: { type: ["integer", "null"] } } : {}) },
    required: ["items"],
  };
}

/** The properties a body may have: its own, and those of each alternative (oneOf, anyOf, allOf). */
function bodyProperties(schema: JsonObject): Record<string, JsonObject> {
  const found: Record<string, JsonObject> = {};
  for (const branch of ["allOf", "oneOf", "anyOf"].flatMap((k) => (schema[k] ?? []) as JsonObject[])) {
    Object.assign(found, bodyProperties(branch));
  }
  return { ...found, ...((schema.properties ?? {}) as Record<string, JsonObject>) };
}
