// The OpenAPI toolkit (scripts/lib/openapi.mjs) on small documents written here, so each answer is
// checked against an expectation that does not come from the toolkit or the bundle.
import { describe, expect, it } from "vitest";
import {
  createAjv,
  HTTP_METHODS,
  inlineRefs,
  markedNodes,
  operations,
  parameterExample,
  pathPattern,
  rebaseRefs,
  requestBodyExamples,
  requestBodySchema,
  resolveRef,
  successResponse,
  valueAt,
} from "../../scripts/lib/openapi.mjs";
import { HTTP_METHODS as CLIENT_METHODS } from "../../src/methods.js";

const document = {
  paths: {
    "/a/{id}.json": {
      parameters: [{ $ref: "#/components/parameters/Id" }],
      get: { operationId: "getA", parameters: [{ name: "q", in: "query" }], responses: {} },
      put: {
        operationId: "putA",
        parameters: [{ name: "id", in: "path", required: true, description: "its own", schema: { type: "string", examples: ["b"] } }],
        requestBody: { $ref: "#/components/requestBodies/A" },
        responses: { "204": { description: "none" }, "200": { $ref: "#/components/responses/A" }, "400": { description: "bad" } },
      },
      trace: { operationId: "traceA", responses: {} },
      summary: "not an operation",
    },
  },
  components: {
    parameters: { Id: { name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } } },
    requestBodies: {
      A: {
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Thing" },
            examples: { first: { $ref: "#/components/examples/First" }, second: { value: { id: 2 } } },
          },
        },
      },
    },
    examples: { First: { summary: "The first", value: { id: 1 } } },
    responses: { A: { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } } },
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
      ["put", "putA", ["id"]],
      ["trace", "traceA", ["id"]],
    ]);
    // An operation's own parameter replaces the path item's of the same name and location.
    expect(operations(document)[1]!.parameters[0].description).toBe("its own");
  });

  it("knows the same eight methods as the client (src/methods.ts), in OpenAPI's lower case", () => {
    expect([...HTTP_METHODS].sort()).toEqual(CLIENT_METHODS.map((m) => m.toLowerCase()).sort());
    expect(HTTP_METHODS).toHaveLength(8);
  });

  it("answers what a parameter's example, a request body and the success response are", () => {
    const [get, put, trace] = operations(document);
    expect(parameterExample(document, put!.parameters[0])).toBe("b");
    expect(parameterExample(document, { example: 0, examples: { a: { value: 1 } }, schema: { examples: [2] } })).toBe(0);
    expect(parameterExample(document, { examples: { a: { $ref: "#/components/examples/First" } }, schema: { examples: [2] } })).toEqual({
      id: 1,
    });
    expect(parameterExample(document, { schema: { example: 3 } })).toBe(3);
    expect(parameterExample(document, get!.parameters[0])).toBeUndefined();
    expect(requestBodySchema(document, put!.operation)).toEqual({ $ref: "#/components/schemas/Thing" });
    expect(requestBodySchema(document, get!.operation)).toBeUndefined();
    expect(requestBodyExamples(document, put!.operation)).toEqual([
      { key: "first", summary: "The first", value: { id: 1 } },
      { key: "second", summary: undefined, value: { id: 2 } },
    ]);
    expect(requestBodyExamples(document, get!.operation)).toEqual([]);
    // The lowest 2xx, whatever order the responses are written in.
    expect(successResponse(document, put!.operation)).toMatchObject({ status: 200, schema: { $ref: "#/components/schemas/Thing" } });
    expect(successResponse(document, trace!.operation)).toBeUndefined();
  });

  it("turns a path template into a pattern: one captured segment per parameter, everything else literal", () => {
    const { source, names } = pathPattern("/a.b/{x}/c/{y}.json");
    expect(names).toEqual(["x", "y"]);
    const whole = new RegExp(`^${source}$`);
    expect(whole.exec("/a.b/1/c/2.json")?.slice(1)).toEqual(["1", "2"]);
    expect(whole.test("/aXb/1/c/2.json")).toBe(false);
    expect(whole.test("/a.b/1/2/c/2.json")).toBe(false);
    expect(whole.test("/a.b/1/c/2xjson")).toBe(false);
  });

  it("inlines $refs so that a schema stands alone, leaving out what it is told to", () => {
    const inlined = inlineRefs(document, { $ref: "#/components/schemas/Thing", description: "mine" }, (key: string) =>
      key.startsWith("x-"),
    );
    expect(inlined).toEqual({
      type: "object",
      description: "mine",
      properties: { id: { type: "integer", maximum: 9 } },
      examples: [{ "x-assumption": { no: [] } }],
    });
    expect(() => inlineRefs(document, { $ref: "#/components/schemas/Loop" })).toThrow(/circular|recursive/);
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
