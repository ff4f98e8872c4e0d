// Both bundle forms, read the way code generators read them, lose nothing the description says. The
// readings are those of openapi-python-client and OpenAPI Generator, which cannot be installed here
// (PyPI and Maven Central are out of reach): a `$ref`'s siblings are ignored (3.0) and a schema with no
// `type` is "Type null" (OpenAPI Generator warns and falls back to a generic object); a parameter is
// documented from its schema (openapi-python-client #1411); an argument's example is the parameter's,
// else its schema's. The expectation is what the 3.1 original says, read as 3.1 reads it (a description
// beside a `$ref` wins over the target's).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Json, openapi, operations, repoRoot } from "../support/openapi.js";

const forms: Array<[string, Json]> = [
  ["the 3.1 bundle", openapi],
  ["the 3.0 bundle", JSON.parse(readFileSync(`${repoRoot}generated/openapi.3.0.json`, "utf8"))],
];

/** The node a local `$ref` points at, followed to the end; siblings of each `$ref` are dropped. */
function target(document: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${node.$ref}`);
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((at: Json, key: string) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], document);
  }
  return current;
}

/** Every property of every object schema under `components.schemas`, through allOf/oneOf/anyOf
 * branches, nested objects and array items: [where, the property's node as written]. */
function properties(document: Json): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  const visit = (node: Json, where: string) => {
    if (!node || typeof node !== "object" || node.$ref) return;
    for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
      found.push([`${where}.${name}`, property]);
      visit(property, `${where}.${name}`);
    }
    for (const keyword of ["allOf", "oneOf", "anyOf"]) for (const branch of node[keyword] ?? []) visit(branch, where);
    if (node.items) visit(node.items, `${where}[]`);
  };
  for (const [name, schema] of Object.entries<Json>(document.components.schemas)) visit(schema, name);
  return found;
}

/** The text a generator shows for a property: the node's own, or (for a `$ref`, siblings ignored) its target's. */
const generatorText = (document: Json, node: Json): string | undefined => target(document, node)?.description;
/** The text the 3.1 original gives it: a description beside a `$ref` wins. */
const statedText = (node: Json): string | undefined => node.description ?? target(openapi, node)?.description;

/** A generator's type for a schema: its `type`, a union's, or the `$ref` target's; "null" when none. */
function generatorType(document: Json, node: Json): string {
  const resolved = target(document, node);
  if (resolved?.type) return [resolved.type].flat().join("|");
  if (resolved?.oneOf || resolved?.anyOf) return "union";
  return "null";
}

/** Where a `$ref` has keywords beside it, which 3.0 readers ignore (schemas' example data skipped). */
function referencesWithSiblings(node: Json, where = "#"): string[] {
  if (!node || typeof node !== "object") return [];
  if (!Array.isArray(node) && typeof node.$ref === "string") return Object.keys(node).length > 1 ? [where] : [];
  return Object.entries<Json>(node)
    .filter(([key, value]) => key !== "example" && !(key === "examples" && Array.isArray(value)))
    .flatMap(([key, value]) => referencesWithSiblings(value, `${where}/${key}`));
}

describe.each(forms)("%s, read as generators read it", (_form, document) => {
  it("has no $ref with keywords beside it", () => {
    expect(referencesWithSiblings(document)).toEqual([]);
  });

  it("has a type for every property (no typeless allOf: OpenAPI Generator's 'Type null')", () => {
    const typeless = properties(document).filter(([, node]) => generatorType(document, node) === "null");
    expect(typeless.map(([where]) => where)).toEqual([]);
  });

  it("shows every property's description as the 3.1 original states it", () => {
    const stated = new Map(properties(openapi).map(([where, node]) => [where, statedText(node)]));
    const lost = properties(document)
      .filter(([where, node]) => !generatorText(document, node) || generatorText(document, node) !== stated.get(where))
      .map(
        ([where, node]) => `${where}: shown ${JSON.stringify(generatorText(document, node))}, stated ${JSON.stringify(stated.get(where))}`,
      );
    expect(lost).toEqual([]);
  });

  it("documents every parameter from its schema with the parameter's own text", () => {
    const all = operations(document).flatMap((op) => op.parameters.map((p: Json) => target(document, p)));
    expect(all.length).toBeGreaterThan(0);
    const lost = all
      .filter((parameter: Json) => generatorText(document, parameter.schema) !== parameter.description)
      .map((parameter: Json) => `${parameter.name}: ${JSON.stringify(generatorText(document, parameter.schema))}`);
    expect(lost).toEqual([]);
  });

  it("shows each parameter's own example, and no other, on its argument", () => {
    const wrong = operations(document)
      .flatMap((op) => op.parameters.map((p: Json) => target(document, p)))
      .filter((parameter: Json) => {
        const schema = target(document, parameter.schema);
        const shown = [schema.example, ...(schema.examples ?? [])].filter((value) => value !== undefined);
        return parameter.example === undefined || shown.some((value) => value !== parameter.example);
      })
      .map((parameter: Json) => parameter.name);
    expect(wrong).toEqual([]);
  });
});

describe("the id parameters' own schemas", () => {
  // Each id parameter has its own schema (for its text); the bounds of an id stay those of Id.yaml.
  const bounds = ({ description: _text, examples: _examples, example: _example, ...rest }: Json) => rest;
  const idParameters = Object.values<Json>(openapi.components.parameters).filter((p) => p.in === "path");

  it("are the four path ids, each with its own example", () => {
    expect(idParameters.map((p) => p.name).sort()).toEqual(["copy_id", "group_id", "project_id", "user_id"]);
    expect(new Set(idParameters.map((p) => p.example)).size).toBe(idParameters.length);
  });

  it.each(idParameters.map((p) => [p.name, p] as const))("%s keeps the bounds of the shared Id", (_name, parameter) => {
    expect(bounds(parameter.schema)).toEqual(bounds(openapi.components.schemas.Id));
  });
});
