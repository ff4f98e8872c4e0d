// Spectral custom function: walks a (resolved) request schema and reports every string schema that
// has no maxLength, enum or const. OWASP's string-limit rule checks every string in the document,
// including responses whose limits the service never states; this one checks only what clients send.
export default function requestStringsBounded(schema, _options, context) {
  const results = [];
  const seen = new Set();
  const visit = (node, path) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    const bounded = "maxLength" in node || "enum" in node || "const" in node;
    if (types.includes("string") && !bounded) {
      results.push({ message: "Request string has no maxLength, enum or const.", path });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "examples" || key === "example") continue;
      visit(value, [...path, key]);
    }
  };
  visit(schema, [...context.path]);
  return results;
}
