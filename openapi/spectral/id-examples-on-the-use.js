// Spectral custom function, on the whole (unresolved) document: a schema component with an example that
// is the schema of an identifier (a property `id` or `…_id`, a parameter `…_id`) is reported. An id names
// one thing, so its example is true of one use only, and generators print a schema's example on every
// use (the shared `Id` once printed a project's id on `group_id`, `user_id` and `copy_id`): the example
// belongs on the use, the parameter or the response example.
const ID_NAME = /^(id|.+_id)$/;
const PREFIX = "#/components/schemas/";

export default function idExamplesOnTheUse(document) {
  const schemas = document?.components?.schemas ?? {};
  const withExample = new Set(Object.keys(schemas).filter((name) => "example" in schemas[name] || "examples" in schemas[name]));
  const results = [];
  const report = (ref, path, name) => {
    const target = typeof ref === "string" && ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : undefined;
    if (target && withExample.has(target)) {
      results.push({ message: `The id "${name}" takes the example of the schema ${target}: put the example on the use.`, path });
    }
  };
  const visit = (node, path) => {
    if (!node || typeof node !== "object") return;
    if (node.properties && typeof node.properties === "object" && !Array.isArray(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (ID_NAME.test(name)) report(property?.$ref, [...path, "properties", name], name);
      }
    }
    if (typeof node.name === "string" && typeof node.in === "string" && ID_NAME.test(node.name)) {
      report(node.schema?.$ref, [...path, "schema"], node.name);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "example" || key === "examples") continue;
      visit(value, [...path, key]);
    }
  };
  visit(document, []);
  return results;
}
