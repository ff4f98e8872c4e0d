// The tools as an MCP client sees them, over the SDK's InMemoryTransport, against the in-process
// sandbox: one per operation of the description, read-only by default, annotated, with input schemas
// that take the description's examples and refuse anything else with a clear error.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtTools, connect, selectTools, UsageError } from "../src/index.js";
import { deref, idSourcesOf, type Json } from "../../test/support/openapi.js";
import { CODE_MODE_TOOLS, connectInMemory, dataOf, described, exampleInputs, isRead, textOf, type Connected } from "./support.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const readNames = described.filter(isRead).map((o) => o.operationId);
const allNames = described.map((o) => o.operationId);

let readOnly: Connected;
let readWrite: Connected;
beforeAll(async () => {
  // Each its own sandbox: the writes of one never show in the other.
  readOnly = await connectInMemory({ ...connect({}) });
  readWrite = await connectInMemory({ ...connect({}), allowWrites: true });
});
afterAll(async () => {
  await readOnly?.close();
  await readWrite?.close();
});

describe("the tools listed", () => {
  it("are the description's read operations by default, one tool each, and code mode's", async () => {
    expect(readNames.length).toBeGreaterThanOrEqual(8);
    const { tools } = await readOnly.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...readNames, ...CODE_MODE_TOOLS].sort());
  });

  it("are every operation of the description with writes allowed, and code mode's", async () => {
    expect(allNames.length).toBeGreaterThan(readNames.length);
    const { tools } = await readWrite.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...allNames, ...CODE_MODE_TOOLS].sort());
  });

  it("carry the operation's summary as title and its description", async () => {
    const { tools } = await readWrite.client.listTools();
    for (const o of described) {
      const tool = tools.find((t) => t.name === o.operationId)!;
      expect(tool.title).toBe(o.summary);
      expect(tool.description).toContain(o.description);
    }
  });

  // Issue 36: an agent given one tool learns who may call it, where the ids it takes come from and what
  // each status means, as the reference says (expectations from the description's own extensions).
  it("say who may call them, where their ids come from and what causes each status", async () => {
    const { tools } = await readWrite.client.listTools();
    const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
    for (const o of described) {
      const text = tools.find((t) => t.name === o.operationId)!.description!;
      expect(text, o.operationId).toContain("Who may call it: ");
      for (const rule of o.operation["x-who-may-call"]) expect(text, o.operationId).toContain(oneLine(rule.rule));
      const sources = Object.entries<{ from: string[] }>(idSourcesOf(o));
      if (!sources.length) expect(text, o.operationId).toContain("Ids it takes: none.");
      for (const [name, source] of sources)
        expect(text, o.operationId).toMatch(new RegExp(`${name} \\((path|body)\\): [^|]*From ${source.from.join(", ")}\\.`));
      for (const status of Object.keys(o.operation.responses)) {
        // Its own cause, or the shared response's (x-status-cause).
        const given = o.operation["x-status-causes"][status] ?? deref(o.operation.responses[status])["x-status-cause"];
        expect(text, `${o.operationId} ${status}`).toContain(`${status}: ${oneLine(typeof given === "string" ? given : given.cause)}`);
      }
    }
    // The add-user tool's input says its body is one of two shapes, first.
    const add = tools.find((t) => t.name === "addProjectUser")!;
    expect(String(add.inputSchema.description)).toMatch(
      /^Exactly one of `user` or `email`: By user id \(user\); By email address \(email\)\./,
    );
  });

  it("describe every input, the list tools' offset and limit too, as the description words them", async () => {
    const { tools } = await readWrite.client.listTools();
    for (const o of described) {
      const properties = tools.find((t) => t.name === o.operationId)!.inputSchema.properties as Record<string, { description?: string }>;
      for (const parameter of o.parameters)
        expect(properties[parameter.name]?.description, `${o.operationId} ${parameter.name}`).toBe(parameter.description);
    }
    const paging = tools.find((t) => t.name === "listProjects")!.inputSchema.properties as Record<string, { description?: string }>;
    expect(paging.offset?.description).toMatch(/skip/i);
    expect(paging.limit?.description).toMatch(/Maximum number of items/);
  });

  it("give examples of ids that name what they say: addProjectUser's user is a user's id, never a project's", async () => {
    const { tools } = await readWrite.client.listTools();
    // The ids the description's own list examples give users and projects.
    const idsIn = (operationId: string) =>
      Object.values(described.find((o) => o.operationId === operationId)!.operation.responses["200"].content["application/json"].examples)
        .flatMap((example) => deref(example as Json).value)
        .map((item: { id: number }) => String(item.id));
    const userIds = idsIn("listProjectUsers");
    const projectIds = idsIn("listProjects");
    const user = (tools.find((t) => t.name === "addProjectUser")!.inputSchema.properties as Record<string, { examples?: string[] }>).user!;
    expect(user.examples?.length).toBeGreaterThan(0);
    for (const example of user.examples ?? []) {
      expect(userIds).toContain(example);
      expect(projectIds).not.toContain(example);
    }
  });

  it("are annotated from their method: GET reads, POST adds, PATCH and DELETE overwrite", async () => {
    const { tools } = await readWrite.client.listTools();
    const expected: Record<string, object> = {
      GET: { readOnlyHint: true },
      POST: { readOnlyHint: false, idempotentHint: false },
      PATCH: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      DELETE: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    };
    for (const o of described) {
      const tool = tools.find((t) => t.name === o.operationId)!;
      expect(expected[o.method], `${o.method} has no expectation here`).toBeDefined();
      expect(tool.annotations, o.operationId).toMatchObject(expected[o.method]!);
      if (!isRead(o))
        for (const hint of ["destructiveHint", "idempotentHint"] as const)
          expect(typeof tool.annotations?.[hint], `${o.operationId} ${hint}`).toBe("boolean");
    }
  });

  it("warn first, in the description, about permanent deletion and invitations that create administrators", async () => {
    const { tools } = await readWrite.client.listTools();
    const firstParagraph = (name: string) => tools.find((t) => t.name === name)!.description!.split("\n\n")[0]!;
    expect(firstParagraph("deleteProject")).toMatch(/permanent/i);
    expect(firstParagraph("deleteProject")).toMatch(/cannot be (restored|undone|reversed)/i);
    expect(firstParagraph("addProjectUser")).toMatch(/email/);
    expect(firstParagraph("addProjectUser")).toMatch(/administrator/i);
    // An ordinary write does not cry wolf.
    expect(firstParagraph("updateProject")).not.toMatch(/warning/i);
  });

  it("take no credential as an argument, and are plain JSON Schema (no $ref, no OpenAPI extensions)", async () => {
    const { tools } = await readWrite.client.listTools();
    for (const tool of tools) {
      expect(
        Object.keys(tool.inputSchema.properties ?? {}).filter((p) => /key|auth|token|secret|credential|password/i.test(p)),
        tool.name,
      ).toEqual([]);
      expect(JSON.stringify(tool.inputSchema), tool.name).not.toMatch(/"\$ref"|"x-[a-z-]+":/);
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
    }
  });
});

describe("each tool's input schema", () => {
  const cases = described.flatMap((o) => exampleInputs(o).map((input, i) => [`${o.operationId} #${i + 1}`, o, input] as const));

  it.each(cases)("accepts the example of %s", async (_, o, input) => {
    const { tools } = await readWrite.client.listTools();
    const validate = ajv.compile(tools.find((t) => t.name === o.operationId)!.inputSchema);
    expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(described.map((o) => [o.operationId, o] as const))(
    "%s refuses an unknown argument and a wrongly typed one, naming them",
    async (name, o) => {
      const unknown = await readWrite.client.callTool({ name, arguments: { ...exampleInputs(o)[0], no_such_argument: 1 } });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toMatch(new RegExp(`^Invalid arguments for ${name}:[\\s\\S]*no_such_argument`));
      const [first] = Object.keys(exampleInputs(o)[0]!);
      if (first === undefined) return; // no argument at all (getOrganization): nothing to mistype
      const mistyped = await readWrite.client.callTool({ name, arguments: { ...exampleInputs(o)[0], [first]: { not: "this" } } });
      expect(mistyped.isError).toBe(true);
      expect(textOf(mistyped)).toMatch(new RegExp(`^Invalid arguments for ${name}:\\n- ${first}: must be`));
    },
  );

  it("states the body's rules it cannot express flat: at least one property, exactly one of user or email", async () => {
    const none = await readWrite.client.callTool({ name: "updateProject", arguments: { project_id: 48213 } });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toMatch(/body: must NOT have fewer than 1 properties[\s\S]*at least one/);
    const both = await readWrite.client.callTool({
      name: "addProjectUser",
      arguments: { project_id: 48213, user: "2087", email: "a@agency.example" },
    });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/exactly one of `user`/);
  });
});

describe("against the sandbox", () => {
  it.each(described.filter(isRead).map((o) => [o.operationId, o] as const))(
    "%s answers structured content valid against its output schema, and the same data as marked text",
    async (name, o) => {
      const { tools } = await readOnly.client.listTools();
      const tool = tools.find((t) => t.name === name)!;
      expect(tool.outputSchema?.type).toBe("object");
      const result = await readOnly.client.callTool({ name, arguments: exampleInputs(o)[0] });
      expect(result.isError, textOf(result)).toBeFalsy();
      const validate = ajv.compile(tool.outputSchema!);
      expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      const structured = result.structuredContent as { items?: unknown };
      expect(dataOf(result)).toEqual("items" in structured ? structured.items : structured);
    },
  );

  it("a page of listProjects holds what limit asks for, and says where the next one starts", async () => {
    const result = await readOnly.client.callTool({ name: "listProjects", arguments: { limit: 1 } });
    expect(dataOf(result)).toHaveLength(1);
    expect(result.structuredContent).toMatchObject({ next_offset: 1 });
    expect(textOf(result)).toMatch(/More may follow: call listProjects with offset 1\./);
    const last = await readOnly.client.callTool({ name: "listProjects", arguments: { limit: 100 } });
    expect(last.structuredContent).toMatchObject({ next_offset: null });
    expect(textOf(last)).toMatch(/That is the end of the list\./);
  });

  it("refuses write tools in read-only mode with a tool result that says how to enable them, and changes nothing", async () => {
    const refused = await readOnly.client.callTool({ name: "deleteProject", arguments: { project_id: 48213 } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("deleteProject changes data and this server is read-only: start it with --allow-writes to offer it.");
    const still = await readOnly.client.callTool({ name: "getProject", arguments: { project_id: 48213 } });
    expect(still.isError).toBeFalsy();
  });

  it("runs every write tool with --allow-writes, and the sandbox keeps what they did", async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await readWrite.client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      return result;
    };
    const example = (name: string, i = 0) => exampleInputs(described.find((o) => o.operationId === name)!)[i]!;
    const created = dataOf(await call("createProject", example("createProject"))) as { id: number; title: string };
    expect(created.title).toBe(example("createProject").name);
    const project_id = created.id;
    await call("updateProject", { ...example("updateProject"), project_id });
    expect((dataOf(await call("getProject", { project_id })) as { job_code: string }).job_code).toBe(example("updateProject").job_code);
    // The sandbox's example users, by id and by an address that has no account (which creates one).
    const byId = example("addProjectUser", 0);
    await call("addProjectUser", { ...byId, project_id });
    await call("addProjectUser", { ...example("addProjectUser", 1), project_id });
    await call("removeProjectUser", { project_id, user_id: Number(byId.user) });
    await call("updateOrganization", example("updateOrganization"));
    await call("deleteProject", { project_id });
    const gone = await readWrite.client.callTool({ name: "getProject", arguments: { project_id } });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toMatch(/^GET \/projects\/\{project_id\}.json failed with status 404/);
    // Every write operation of the description was exercised above.
    expect(
      described
        .filter((o) => !isRead(o))
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(["addProjectUser", "createProject", "deleteProject", "removeProjectUser", "updateOrganization", "updateProject"]);
  });
});

describe("filters", () => {
  const all = builtTools();
  it("--tools and --tags narrow the read tools (a tool is kept when either names it)", () => {
    expect(selectTools(all, { tools: ["getProject"] }).map((t) => t.name)).toEqual(["getProject"]);
    const groups = described.filter((o) => isRead(o) && o.tags.includes("Groups")).map((o) => o.operationId);
    expect(groups.length).toBeGreaterThan(0);
    expect(selectTools(all, { tags: ["Groups"] }).map((t) => t.name)).toEqual(groups);
    expect(
      selectTools(all, { tools: ["getProject"], tags: ["Groups"] })
        .map((t) => t.name)
        .sort(),
    ).toEqual(["getProject", ...groups].sort());
  });

  it("--tags never lets a write tool in without --allow-writes", () => {
    expect(selectTools(all, { tags: ["Projects"] }).every((t) => !t.writes)).toBe(true);
    expect(selectTools(all, { tags: ["Projects"], allowWrites: true }).map((t) => t.name)).toContain("deleteProject");
  });

  it("a call to a tool left out by a filter, or to no tool at all, says which", async () => {
    const narrowed = await connectInMemory({ ...connect({}), tools: ["getProject"] });
    try {
      const left = await narrowed.client.callTool({ name: "listProjects", arguments: {} });
      expect([left.isError, textOf(left)]).toEqual([
        true,
        "listProjects is not among the tools this server was started with (--tools, --tags).",
      ]);
      await expect(narrowed.client.callTool({ name: "dropDatabase", arguments: {} })).rejects.toThrow(/Unknown tool dropDatabase/);
    } finally {
      await narrowed.close();
    }
  });

  it("refuses unknown names and tags, and a write tool named without --allow-writes", () => {
    expect(() => selectTools(all, { tools: ["listProject"] })).toThrow(UsageError);
    expect(() => selectTools(all, { tags: ["projects"] })).toThrow(/unknown tag projects/);
    expect(() => selectTools(all, { tools: ["deleteProject"] })).toThrow(/deleteProject changes data: add --allow-writes/);
  });
});
