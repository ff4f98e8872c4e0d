// The OpenAPI toolkit (scripts/lib/openapi.mjs) on small documents written here, so each answer is
// checked against an expectation that does not come from the toolkit or the bundle.
import { describe, expect, it } from "vitest";
import {
  bodyChoice,
  choiceSentence,
  createAjv,
  HTTP_METHODS,
  inlineRefs,
  markedNodes,
  operationFacts,
  operationFactsProblems,
  operations,
  parameterExample,
  pathPattern,
  rebaseRefs,
  requestBodyExamples,
  requestBodySchema,
  resolveRef,
  schemaProperties,
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

// What an operation says of itself (x-who-may-call, x-status-causes, x-id-sources), on a document of
// three operations written here: one complete, one missing everything, one with each part wrong.
describe("the toolkit's reader of operation facts", () => {
  const facts = {
    paths: {
      "/things.json": {
        get: {
          operationId: "listThings",
          responses: {
            "200": { content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } } },
            // Its cause is the shared response's (x-status-cause): the operation gives none.
            "401": { $ref: "#/components/responses/NoKey" },
          },
          "x-who-may-call": [{ rule: "Anyone.", stated: "Everyone may list things." }],
          "x-status-causes": { "200": "The things." },
          "x-id-sources": {},
        },
        post: {
          operationId: "addThing",
          requestBody: {
            content: {
              "application/json": {
                schema: { oneOf: [{ $ref: "#/components/schemas/ByOwner" }, { $ref: "#/components/schemas/ByName" }] },
              },
            },
          },
          responses: { "201": { description: "added" }, "409": { $ref: "#/components/responses/Conflict" } },
          "x-who-may-call": [{ rule: "Owners.", "x-assumption": { owners: [] } }],
          "x-status-causes": { "201": "Added.", "409": { cause: "Already there.", "x-assumption": { twice: [] } } },
          "x-id-sources": { owner_id: { from: ["listThings"], text: "A thing's id." } },
        },
      },
      "/things/{thing_id}.json": {
        parameters: [{ name: "thing_id", in: "path", required: true, schema: { type: "integer" } }],
        get: { operationId: "getThing", responses: { "200": { description: "the thing" } } },
        delete: {
          operationId: "deleteThing",
          "x-who-may-call": [{ rule: "Owners.", stated: "Owners may.", "x-assumption": { owners: [] } }, { stated: "No rule." }],
          responses: { "204": { description: "gone" }, "401": { $ref: "#/components/responses/NoKey" } },
          "x-status-causes": { "204": "Gone.", "404": "Not there.", "401": "No key." },
          "x-id-sources": { thing_id: { from: ["getThing", "noSuchOperation"], text: "" }, colour: { from: ["listThings"], text: "?" } },
        },
      },
      // The shared parameter says where thing_id comes from (x-id-source): one operation says nothing
      // more, the other repeats it.
      "/things/{thing_id}/parts.json": {
        parameters: [{ $ref: "#/components/parameters/ThingId" }],
        get: {
          operationId: "listParts",
          responses: { "200": { description: "the parts" } },
          "x-who-may-call": [{ rule: "Anyone.", stated: "Everyone may list parts." }],
          "x-status-causes": { "200": "The parts." },
          "x-id-sources": {},
        },
        delete: {
          operationId: "deleteParts",
          responses: { "204": { description: "gone" } },
          "x-who-may-call": [{ rule: "Anyone.", stated: "Everyone may delete parts." }],
          "x-status-causes": { "204": "Gone." },
          "x-id-sources": { thing_id: { from: ["listThings"], text: "A thing's id." } },
        },
      },
    },
    components: {
      parameters: {
        ThingId: {
          name: "thing_id",
          in: "path",
          required: true,
          schema: { type: "integer" },
          "x-id-source": { from: ["listThings"], text: "A thing's id." },
        },
      },
      responses: {
        NoKey: { description: "no key", "x-status-cause": "No key." },
        Conflict: { description: "conflict", "x-assumption": { "conflict-409": ["status"], hidden: [], body: ["content"] } },
      },
      schemas: {
        Thing: { allOf: [{ properties: { id: { type: "integer" } } }], properties: { name: { type: "string" } } },
        ByOwner: { type: "object", title: "By owner", required: ["owner_id"], properties: { owner_id: { type: "integer" } } },
        ByName: {
          type: "object",
          title: "By name",
          required: ["name"],
          properties: { name: { type: "string", description: "Id of nothing: a name." } },
        },
      },
    },
  };
  const op = (operationId: string) => operations(facts).find((o) => o.operationId === operationId)!;

  it("reads who may call, each status's cause with its assumptions, and each id's source", () => {
    expect(operationFacts(facts, op("addThing"))).toEqual({
      whoMayCall: [{ rule: "Owners.", stated: undefined, assumptions: ["owners"] }],
      statuses: [
        { status: "201", cause: "Added.", assumptions: [], statusAssumptions: [], allAssumptions: [] },
        {
          status: "409",
          cause: "Already there.",
          assumptions: ["twice"],
          statusAssumptions: ["conflict-409"],
          allAssumptions: ["conflict-409", "twice"],
        },
      ],
      // `name` is described as "Id of …": an id too, so its missing source shows as an empty one.
      ids: [
        { name: "owner_id", in: "body", from: ["listThings"], text: "A thing's id." },
        { name: "name", in: "body", from: [], text: undefined },
      ],
    });
    expect(operationFacts(facts, op("listParts")).ids).toEqual([
      { name: "thing_id", in: "path", from: ["listThings"], text: "A thing's id." },
    ]);
    // A status without its cause is left out (operationFactsProblems reports it).
    expect(operationFacts(facts, op("getThing")).statuses).toEqual([]);
    expect(operationFacts(facts, op("listThings")).statuses.map(({ status, cause }) => [status, cause])).toEqual([
      ["200", "The things."],
      ["401", "No key."],
    ]);
    expect(operationFacts(facts, op("listThings")).whoMayCall).toEqual([
      { rule: "Anyone.", stated: "Everyone may list things.", assumptions: [] },
    ]);
  });

  it("phrases a body that is one of several shapes as a choice", () => {
    const choice = bodyChoice(facts, op("addThing").operation.requestBody.content["application/json"].schema)!;
    expect(choice.map((alternative) => [alternative.title, alternative.required])).toEqual([
      ["By owner", ["owner_id"]],
      ["By name", ["name"]],
    ]);
    expect(choiceSentence(choice)).toBe("exactly one of `owner_id` or `name`");
    expect(choiceSentence([...choice, { title: "x", description: undefined, required: ["a", "b"] }])).toBe(
      "exactly one of `owner_id`, `name` or `a` and `b`",
    );
    // Each renderer's words: `pcs` names flags and adds each shape's title, a sentence starts capitalised.
    expect(
      choiceSentence(choice, {
        name: (property) => `--${property}`,
        shape: (alternative, names) => `${names} (${alternative.title})`,
        capital: true,
      }),
    ).toBe("Exactly one of --owner_id (By owner) or --name (By name)");
    expect(bodyChoice(facts, { type: "object" })).toBeUndefined();
    expect(Object.keys(schemaProperties(facts, { $ref: "#/components/schemas/Thing" })).sort()).toEqual(["id", "name"]);
  });

  it("says what is missing or wrong, operation by operation, and nothing for a complete one", () => {
    const problems = operationFactsProblems(facts).map((p) => `${p.path.join("/")}: ${p.message}`);
    expect(problems.filter((p) => p.includes("listThings") || p.includes("listParts"))).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^paths\/\/things\/\{thing_id\}\.json\/get: getThing: needs `x-who-may-call`/),
        expect.stringMatching(/getThing: needs `x-status-causes`/),
        expect.stringMatching(/getThing: needs `x-id-sources`/),
        expect.stringMatching(/x-who-may-call\/0: deleteThing: each rule is either stated .* exactly one/),
        expect.stringMatching(/x-who-may-call\/1: deleteThing: each rule needs its `rule` text/),
        expect.stringMatching(/x-status-causes\/404: deleteThing: gives a cause for 404, a status it does not declare/),
        expect.stringMatching(/thing_id\/from: deleteThing: `getThing` returns nothing with an `id`/),
        expect.stringMatching(/thing_id\/from: deleteThing: `noSuchOperation` is no operation/),
        expect.stringMatching(/thing_id: deleteThing: the source of `thing_id` needs its `text`/),
        expect.stringMatching(/colour: deleteThing: names `colour`, which is no id it takes/),
        expect.stringMatching(/addThing: the id `name` needs its source/),
        expect.stringMatching(/x-status-causes\/401: deleteThing: repeats the cause its shared response gives for 401/),
        expect.stringMatching(/x-id-sources\/thing_id: deleteParts: repeats the source its shared parameter gives/),
      ]),
    );
    expect(problems).toHaveLength(13);
  });
});
