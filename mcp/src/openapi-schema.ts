// The description's JSON Schemas made self-contained for MCP: local $refs inlined (an MCP tool's
// input schema travels alone, without the bundle's components) and OpenAPI's own keywords left out,
// since MCP clients read plain JSON Schema.

export type JsonObject = { [key: string]: unknown };

/** Keywords that OpenAPI adds to JSON Schema, or extensions (x-…): meaningless to an MCP client. */
const OPENAPI_ONLY = new Set(["example", "discriminator", "xml", "externalDocs"]);

/** The value at a local JSON Pointer ("#/components/schemas/Id") of the document. */
function pointer(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, not ${ref}`);
  return ref
    .slice(2)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, token) => (node as JsonObject | undefined)?.[token], document);
}

/** Keywords whose value is a map of names to schemas: the names are data, never filtered. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
/** Keywords whose value is instance data, copied as it is. */
const DATA = new Set(["examples", "default", "const", "enum"]);

/** A copy of `schema` with every $ref replaced by what it points to (siblings of a $ref, such as a
 * `description`, override the target's), without OpenAPI-only keywords. */
export function inlineSchema(document: JsonObject, schema: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineSchema(document, item, seen));
  if (schema === null || typeof schema !== "object") return schema;
  const { $ref, ...rest } = schema as JsonObject;
  let base: JsonObject = {};
  if (typeof $ref === "string") {
    if (seen.includes($ref)) throw new Error(`recursive schema ${$ref} cannot be inlined`);
    base = inlineSchema(document, pointer(document, $ref), [...seen, $ref]) as JsonObject;
  }
  const own = Object.entries(rest)
    .filter(([key]) => !key.startsWith("x-") && !OPENAPI_ONLY.has(key))
    .map(([key, item]) => {
      if (DATA.has(key)) return [key, item];
      if (SCHEMA_MAPS.has(key) && item !== null && typeof item === "object") {
        return [key, Object.fromEntries(Object.entries(item).map(([name, sub]) => [name, inlineSchema(document, sub, seen)]))];
      }
      return [key, inlineSchema(document, item, seen)];
    });
  return { ...base, ...Object.fromEntries(own) };
}
