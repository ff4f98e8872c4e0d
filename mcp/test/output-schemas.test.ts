// Every tool a server lists declares an output schema, and what it answers matches it (issue 49):
// `execute` and `types` too, not only the operation tools. The SDK's own Client is the judge: once it
// has listed the tools, callTool refuses a result without structured content, or with structured
// content its schema does not accept; Ajv checks the same again, so a client that validates
// differently would agree.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ajv } from "../src/arguments.js";
import {
  CODE_MODE_TOOLS,
  connectInMemory,
  dataOf,
  described,
  exampleInputs,
  isRead,
  recordingSandbox,
  textOf,
  type Connected,
} from "./support.js";

let server: Connected;
let tools: Tool[];
beforeAll(async () => {
  server = await connectInMemory({ client: recordingSandbox().client });
  ({ tools } = await server.client.listTools()); // from here on, the client checks each result against its schema
});
afterAll(async () => {
  await server?.close();
});

/** One call of each tool a read-only server offers: an operation's example input, a small program, a
 * request for types. */
const calls: [string, Record<string, unknown>][] = [
  ...described.filter(isRead).map((o) => [o.operationId, exampleInputs(o)[0]!] as [string, Record<string, unknown>]),
  [
    "execute",
    { code: `const { data } = await client.GET("/groups.json");\nconsole.log("groups", data!.length);\nreturn data!.map((g) => g.id);` },
  ],
  ["types", { operations: ["getProject", "listGroups"] }],
];

it("lists only tools that declare an output schema: every read operation, execute and types", () => {
  expect(tools.map((t) => t.name).sort()).toEqual([...described.filter(isRead).map((o) => o.operationId), ...CODE_MODE_TOOLS].sort());
  expect(tools.filter((t) => t.outputSchema?.type !== "object").map((t) => t.name)).toEqual([]);
});

it.each(calls)("%s answers structured content its output schema accepts", async (name, args) => {
  const result = await server.client.callTool({ name, arguments: args });
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toBeDefined();
  const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
  expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
});

it("execute's structured content is the marked text's result and logs, with the requests sent", async () => {
  const result = await server.client.callTool({ name: "execute", arguments: { code: `console.log("one");\nreturn { answer: 42 };` } });
  expect(result.structuredContent).toEqual({ result: { answer: 42 }, logs: ["one"], requests: 0 });
  expect(dataOf(result)).toEqual({ result: { answer: 42 }, logs: ["one"] });
});

it("types' structured content is its text: the package's declarations, not the service's, so unmarked", async () => {
  const result = await server.client.callTool({ name: "types", arguments: { operations: ["getGroup"] } });
  expect(result.structuredContent).toEqual({ declarations: textOf(result) });
  expect(textOf(result)).toMatch(/^\/\/ getGroup: /);
  expect(textOf(result)).not.toMatch(/untrusted-data/);
});
