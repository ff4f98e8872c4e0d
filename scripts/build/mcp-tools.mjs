// The MCP server's tool table, one tool per operation of the description: the name is the operationId,
// the title the summary, the description the operation's own (after any warning) and then who may call
// it, where its ids come from and each status's cause (operation-facts-text.mjs), the input one JSON
// object holding the path and query parameters and the body's properties, the output the shape of the
// success body. Every question about the description goes to the toolkit; what the server decides
// (annotations, warnings) comes from the compiled MCP package. Run by compile.mjs; the shape of a
// tool is mcp/src/operations.ts's OperationTool.
import { inlineRefs, operations, requestBodySchema, successResponse } from "../lib/openapi.mjs";
import { factsParagraphs, factsText } from "./operation-facts-text.mjs";

/** An MCP client reads plain JSON Schema: OpenAPI's own keywords and extensions (x-…) say nothing to it. */
const OPENAPI_ONLY = new Set(["example", "discriminator", "xml", "externalDocs"]);
const notJsonSchema = (key) => key.startsWith("x-") || OPENAPI_ONLY.has(key);

/**
 * The tools of `document`. `annotationsOf`, `readMethods` and `warnings` are the MCP package's
 * (mcp/src/annotations.ts); a warning for an operation the description lacks is a build error.
 */
export function mcpTools(document, { annotationsOf, readMethods, warnings }) {
  const inline = (node) => inlineRefs(document, node, notJsonSchema);
  const tools = operations(document).map((op) => {
    const { method, path, operationId: name, operation, parameters } = op;
    const upper = method.toUpperCase();
    if (typeof name !== "string") throw new Error(`${upper} ${path} has no operationId: a tool needs a name`);
    const properties = {};
    const required = [];
    const pathParameters = [];
    const queryParameters = [];
    for (const parameter of parameters.map(inline)) {
      if (parameter.in === "path") pathParameters.push(parameter.name);
      else if (parameter.in === "query") queryParameters.push(parameter.name);
      else throw new Error(`${name}: ${parameter.in} parameter ${parameter.name} has no place in a tool's input`);
      // Every parameter keeps its description (offset and limit too: a model reads what they mean there).
      const description = parameter.description;
      properties[parameter.name] = { ...lean(parameter.schema), ...(description ? { description } : {}) };
      if (parameter.required || parameter.in === "path") required.push(parameter.name);
    }

    let body;
    const bodySchema = requestBodySchema(document, operation);
    if (operation.requestBody && !bodySchema) throw new Error(`${name}: only JSON bodies can be a tool's input`);
    if (bodySchema) {
      const schema = inline(bodySchema);
      body = { schema, required: inline(operation.requestBody).required === true };
      for (const [property, propertySchema] of Object.entries(bodyProperties(schema))) {
        if (property in properties) throw new Error(`${name}: body property ${property} has the name of a parameter`);
        properties[property] = propertySchema;
      }
      // Required body properties are required inputs only when the body's schema says so for every body.
      required.push(...(schema.required ?? []));
    }

    const summary = typeof operation.summary === "string" ? operation.summary : name;
    const own = typeof operation.description === "string" ? operation.description : summary;
    // A body that is one of several shapes says so first: its properties are side by side below.
    const facts = factsText(document, op);
    const choice = facts.choice;
    const ownRules = typeof body?.schema.description === "string" ? body.schema.description : undefined;
    const bodyRules = [choice, ownRules].filter(Boolean).join(" ") || undefined;
    const paginated = queryParameters.includes("limit");
    return {
      name,
      title: summary,
      // Who may call it, the ids it takes and each status's cause: the reference's facts, as text.
      description: [warnings[name], own, ...factsParagraphs(facts)].filter(Boolean).join("\n\n"),
      method: upper,
      path,
      tags: [...(operation.tags ?? [])],
      writes: !readMethods.has(upper),
      // The title is the tool's own (MCP 2025-06-18); annotations carry only the hints.
      annotations: annotationsOf(upper, own),
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
      outputSchema: outputSchemaOf(inline(successResponse(document, operation)?.schema), paginated),
      paginated,
    };
  });
  const names = new Set(tools.map((t) => t.name));
  for (const warned of Object.keys(warnings)) {
    if (!names.has(warned)) throw new Error(`WARNINGS names ${warned}, which is not an operation of the description`);
  }
  return tools;
}

/** An input schema as small as it can be for a tool list that every request of an agent carries:
 * without examples, integer formats, and bounds that only say "fits in 32 or 53 bits". */
function lean(schema) {
  if (Array.isArray(schema)) return schema.map(lean);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => {
        if (key === "examples" || key === "$comment") return false;
        if (key === "format") return value !== "int32" && value !== "int64";
        if (key === "maximum") return typeof value !== "number" || value < 2 ** 31 - 1;
        return true;
      })
      .map(([key, value]) => [
        key,
        key === "properties" ? Object.fromEntries(Object.entries(value).map(([n, v]) => [n, lean(v)])) : lean(value),
      ]),
  );
}

/** A resource's shape at its top level: the fields it always has (`required`), and for a list, that
 * it is one. Types, nested fields and rules are the reference's (llms-full.txt, the rendered page):
 * every agent request carries the tool list, so it stays small. */
function shallow(schema) {
  if (schema.type === "array") return { type: "array", ...(schema.items ? { items: shallow(schema.items) } : {}) };
  const required = [schema, ...(schema.allOf ?? [])].flatMap((b) => b.required ?? []);
  return { type: "object", ...(required.length ? { required } : {}) };
}

/** The shape of a result's structuredContent: a list as `{ items }`, no content as `{ status }`. */
function outputSchemaOf(schema, paginated) {
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
function bodyProperties(schema) {
  const found = {};
  for (const branch of ["allOf", "oneOf", "anyOf"].flatMap((k) => schema[k] ?? [])) Object.assign(found, bodyProperties(branch));
  return { ...found, ...(schema.properties ?? {}) };
}
