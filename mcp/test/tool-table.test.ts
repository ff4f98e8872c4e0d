// The build's tool table (scripts/build/mcp-tools.mjs) on small descriptions written here, so that each
// rule is checked against an expectation that comes from neither the builder nor the bundle.
import { describe, expect, it } from "vitest";
import { mcpTools } from "../../scripts/build/mcp-tools.mjs";
import { annotationsOf, READ_METHODS } from "../src/annotations.js";

const decisions = (warnings: Record<string, string> = {}) => ({ annotationsOf, readMethods: READ_METHODS, warnings });

const document = {
  paths: {
    "/things/{id}.json": {
      parameters: [{ name: "id", in: "path", required: true, description: "shared", schema: { $ref: "#/components/schemas/Id" } }],
      get: {
        operationId: "getThing",
        summary: "Get a thing",
        parameters: [{ name: "id", in: "path", required: true, description: "its own", schema: { type: "integer", format: "int64" } }],
        responses: { "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } } },
      },
      patch: {
        operationId: "renameThing",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { type: "object", properties: { name: { type: "string", example: "x" } }, required: ["name"] } },
          },
        },
        responses: { "204": { description: "done" } },
      },
    },
  },
  components: {
    schemas: {
      Id: { type: "integer", minimum: 1 },
      Thing: { type: "object", required: ["id"], properties: { id: { $ref: "#/components/schemas/Id" } }, "x-assumption": { a: [] } },
    },
  },
};

describe("the MCP tool table the build writes", () => {
  const [get, rename] = mcpTools(document, decisions({ renameThing: "WARNING: renames." }));

  it("takes an operation's own parameter over its path item's, schemas inlined and leaned", () => {
    expect(get!.inputSchema.properties.id).toEqual({ type: "integer", description: "its own" });
    expect(get!.pathParameters).toEqual(["id"]);
    expect(get!.writes).toBe(false);
    expect(get!.outputSchema).toEqual({ type: "object", required: ["id"] });
  });

  it("puts a body's properties into the input, with no OpenAPI-only keyword, and a warning first", () => {
    expect(rename!.inputSchema).toMatchObject({ properties: { id: { type: "integer", minimum: 1 }, name: { type: "string" } } });
    expect(rename!.inputSchema.required).toEqual(["id", "name"]);
    expect(rename!.body).toEqual({
      required: true,
      schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    expect(rename!.description.startsWith("WARNING: renames.")).toBe(true);
    expect(rename!.writes).toBe(true);
    expect(rename!.outputSchema).toEqual({ type: "object", properties: { status: { type: "integer" } }, required: ["status"] });
  });

  it("refuses what a tool cannot carry, and a warning for an operation that does not exist", () => {
    expect(() => mcpTools(document, decisions({ dropThing: "!" }))).toThrow(/WARNINGS names dropThing/);
    const form = structuredClone(document) as typeof document & Record<string, any>;
    (form.paths["/things/{id}.json"].patch as any).requestBody = { content: { "multipart/form-data": { schema: {} } } };
    expect(() => mcpTools(form, decisions())).toThrow(/only JSON bodies/);
    const clash = structuredClone(document) as any;
    clash.paths["/things/{id}.json"].patch.requestBody.content["application/json"].schema.properties.id = { type: "string" };
    expect(() => mcpTools(clash, decisions())).toThrow(/body property id has the name of a parameter/);
  });
});
