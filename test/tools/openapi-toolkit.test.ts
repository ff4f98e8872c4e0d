// The OpenAPI toolkit (scripts/lib/openapi.mjs) on small documents written here, so each answer is
// checked against an expectation that does not come from the toolkit or the bundle.
import { describe, expect, it } from "vitest";
import { createAjv, markedNodes, operations, rebaseRefs, resolveRef, valueAt } from "../../scripts/lib/openapi.mjs";

const document = {
  paths: {
    "/a/{id}.json": {
      parameters: [{ $ref: "#/components/parameters/Id" }],
      get: { operationId: "getA", parameters: [{ name: "q", in: "query" }], responses: {} },
      trace: { operationId: "traceA", responses: {} },
      summary: "not an operation",
    },
  },
  components: {
    parameters: { Id: { name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } } },
    schemas: {
      Id: { type: "integer", maximum: 9, "x-assumption": { "id-bound": ["maximum"] } },
      "a/b~c": { type: "string" },
      Loop: { $ref: "#/components/schemas/Loop" },
      Thing: { type: "object", properties: { id: { $ref: "#/components/schemas/Id" } }, examples: [{ "x-assumption": { no: [] } }] },
    },
  },
  "x-assumptions": { "id-bound": { title: "Id bound", text: "A choice.", "x-assumption": { no: [] } } },
};

describe("the OpenAPI toolkit", () => {
  it("resolves local $refs, JSON-pointer escapes included, and says why one cannot be", () => {
    expect(resolveRef(document, { $ref: "#/components/schemas/a~1b~0c" })).toEqual({ type: "string" });
    expect(resolveRef(document, { $ref: "#/components/parameters/Id" }).name).toBe("id");
    expect(() => resolveRef(document, { $ref: "#/components/schemas/Loop" })).toThrow(/circular/);
    expect(() => resolveRef(document, { $ref: "#/components/schemas/None" })).toThrow(/unresolvable/);
    expect(() => resolveRef(document, { $ref: "other.yaml#/x" })).toThrow(/only local/);
    expect(valueAt(document, ["paths", "/a/{id}.json", "parameters", 0, "schema", "maximum"])).toBe(9);
  });

  it("lists every operation of a path item (any of the 8 methods), with path-item and own parameters resolved", () => {
    const found = operations(document).map((op) => [op.method, op.operationId, op.parameters.map((p: { name: string }) => p.name)]);
    expect(found).toEqual([
      ["get", "getA", ["id", "q"]],
      ["trace", "traceA", ["id"]],
    ]);
  });

  it("finds marked nodes, not inside examples or the x-assumptions list, following $refs only when asked", () => {
    expect(markedNodes(document).map(({ path }) => path.join("/"))).toEqual(["components/schemas/Id"]);
    const thing = document.components.schemas.Thing;
    expect(markedNodes(thing)).toEqual([]);
    expect(markedNodes(thing, { document }).map(({ marker }) => marker)).toEqual([{ "id-bound": ["maximum"] }]);
  });

  it("compiles schemas with their $refs into the document", () => {
    const validate = createAjv(document).compile(rebaseRefs({ $ref: "#/components/schemas/Thing" }));
    expect(validate({ id: 3 })).toBe(true);
    expect(validate({ id: 10 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: "maximum", instancePath: "/id" });
  });
});
