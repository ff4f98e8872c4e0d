// Every example in the description validates against the schema it illustrates. Prism serves examples
// without checking them, so a wrong example would become a wrong mock response.
import { describe, expect, it } from "vitest";
import { deref, openapi, operations, schemaErrors, type Json } from "../support/openapi.js";

interface ExampleCase {
  where: string;
  schema: Json;
  value: unknown;
}

/** Every example in a media type object: `example`, and each of `examples` (resolved). */
function mediaExamples(where: string, media: Json): ExampleCase[] {
  const found: ExampleCase[] = [];
  if ("example" in media) found.push({ where, schema: media.schema, value: media.example });
  for (const [name, example] of Object.entries<Json>(media.examples ?? {})) {
    found.push({ where: `${where} example ${name}`, schema: media.schema, value: deref(example).value });
  }
  return found;
}

function collectExamples(): ExampleCase[] {
  const found: ExampleCase[] = [];
  for (const op of operations()) {
    const at = `${op.method.toUpperCase()} ${op.path}`;
    for (const [type, media] of Object.entries<Json>(deref(op.operation.requestBody ?? {}).content ?? {})) {
      found.push(...mediaExamples(`${at} request ${type}`, media));
    }
    for (const [code, response] of Object.entries<Json>(op.operation.responses)) {
      for (const [type, media] of Object.entries<Json>(deref(response).content ?? {})) {
        found.push(...mediaExamples(`${at} ${code} ${type}`, media));
      }
    }
    for (const parameter of op.parameters) {
      if ("example" in parameter)
        found.push({ where: `${at} parameter ${parameter.name}`, schema: parameter.schema, value: parameter.example });
    }
  }
  // Schema-level `examples` arrays (properties included), wherever they sit in components.schemas.
  const walk = (schema: Json, where: string) => {
    if (!schema || typeof schema !== "object") return;
    if (Array.isArray(schema.examples)) {
      schema.examples.forEach((value: unknown, i: number) => found.push({ where: `${where} examples[${i}]`, schema, value }));
    }
    for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) walk(property, `${where}.${name}`);
    if (schema.items) walk(schema.items, `${where}[]`);
    for (const keyword of ["allOf", "oneOf", "anyOf"] as const) {
      (schema[keyword] ?? []).forEach((branch: Json, i: number) => walk(branch, `${where}.${keyword}[${i}]`));
    }
  };
  for (const [name, schema] of Object.entries<Json>(openapi.components.schemas)) walk(schema, `schemas.${name}`);
  for (const [name, header] of Object.entries<Json>(openapi.components.headers)) {
    if ("example" in header) found.push({ where: `headers.${name}`, schema: header.schema, value: header.example });
    for (const [key, example] of Object.entries<Json>(header.examples ?? {}))
      found.push({ where: `headers.${name} ${key}`, schema: header.schema, value: example.value });
  }
  return found;
}

const cases = collectExamples();

describe("examples", () => {
  it("exist for every success response with a body and every request body", () => {
    for (const op of operations()) {
      const at = `${op.method.toUpperCase()} ${op.path}`;
      const bodies = [
        deref(op.operation.requestBody ?? {}).content,
        ...Object.entries<Json>(op.operation.responses)
          .filter(([c]) => c.startsWith("2"))
          .map(([, r]) => deref(r).content),
      ];
      for (const content of bodies.filter(Boolean)) {
        for (const [type, media] of Object.entries<Json>(content)) {
          expect(mediaExamples(`${at} ${type}`, media).length, `${at} ${type}`).toBeGreaterThan(0);
        }
      }
    }
  });

  // What generated clients' docs, the Postman collection and Redocly's score take as request examples.
  it("exist for every parameter of every operation", () => {
    const missing = operations().flatMap((op) =>
      op.parameters
        .filter((p: Json) => !("example" in p) && !p.examples && p.schema?.examples === undefined)
        .map((p: Json) => `${op.operationId} ${p.name}`),
    );
    expect(operations().some((op) => op.parameters.length > 0)).toBe(true);
    expect(missing).toEqual([]);
  });

  it("are many (a sanity check that the walk found them)", () => {
    expect(cases.length).toBeGreaterThan(80);
  });

  it.each(cases.map((c) => [c.where, c] as const))("%s validates against its schema", (_where, c) => {
    expect(schemaErrors(c.schema, c.value)).toEqual([]);
  });

  it("are checked for real: a wrong value is rejected", () => {
    const project = openapi.components.examples.Project.value;
    expect(schemaErrors({ $ref: "#/components/schemas/Project" }, { ...project, ownership: "Internal" })).not.toEqual([]);
    expect(schemaErrors({ $ref: "#/components/schemas/Project" }, { ...project, created: "yesterday" })).not.toEqual([]);
  });
});
