// Spectral custom function, on a (resolved) parameter: its schema carries the parameter's own text, and
// no example but the parameter's. Generators document a parameter from its schema
// (openapi-python-client #1411: the parameter's `description` is not read; OpenAPI Generator prints the
// schema's example as the argument's), so a schema shared by several parameters, or one without a
// description, gives every argument the wrong text or none.
export default function parameterSchemaDocumentsIt(parameter, _options, context) {
  const schema = parameter?.schema;
  if (!schema || typeof schema !== "object") return [];
  const results = [];
  if (schema.description !== parameter.description) {
    results.push({
      message: `The schema of parameter "${parameter.name}" does not carry its description (generators document a parameter from its schema).`,
      path: [...context.path, "schema", "description"],
    });
  }
  const schemaExamples = [...(schema.examples ?? []), ...("example" in schema ? [schema.example] : [])];
  const own = "example" in parameter ? [parameter.example] : Object.values(parameter.examples ?? {}).map((e) => e?.value);
  const foreign = schemaExamples.filter((value) => !own.some((mine) => JSON.stringify(mine) === JSON.stringify(value)));
  if (foreign.length > 0) {
    results.push({
      message: `The schema of parameter "${parameter.name}" carries an example that is not the parameter's (${JSON.stringify(foreign[0])}).`,
      path: [...context.path, "schema"],
    });
  }
  return results;
}
