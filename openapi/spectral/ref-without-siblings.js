// Spectral custom function: reports every `$ref` that has keywords beside it. OpenAPI 3.0 ignores them
// (the description beside a reference is lost), and the usual 3.0 conversion, `allOf: [{ $ref }]` with
// the siblings kept, leaves a schema with no `type`: OpenAPI Generator warns "Type null" on it and
// openapi-python-client drops its description. Give the node its own schema instead.
export default function refWithoutSiblings(document, _options, context) {
  const results = [];
  const visit = (node, path) => {
    if (!node || typeof node !== "object") return;
    if (!Array.isArray(node) && typeof node.$ref === "string") {
      const siblings = Object.keys(node).filter((key) => key !== "$ref");
      if (siblings.length > 0) {
        results.push({ message: `A $ref with keywords beside it (${siblings.join(", ")}): 3.0 ignores them.`, path });
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      // A schema's examples are data, not references (a media type's `examples` map is visited).
      if (key === "example" || (key === "examples" && Array.isArray(value))) continue;
      visit(value, [...path, key]);
    }
  };
  visit(document, [...context.path]);
  return results;
}
