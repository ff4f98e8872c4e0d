// Both generations of MCP clients, for generations-http.test.ts and generations-stdio.check.ts: SDK 2's
// client pinned to the 2026-07-28 revision (no fallback: it fails rather than speak 2025), SDK 2's
// client speaking 2025-06-18, and SDK 1's (1.32.2) speaking 2025-11-25. Each lists the tools and calls
// every one, read-only and with --allow-writes; what each sent and received shows the revision it
// spoke. Expectations come from the description (support.ts), not the server.
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import type { Json } from "../../test/support/openapi.js";
import { CODE_MODE_TOOLS, dataOf, described, exampleInputs, isRead, repoRoot, textOf } from "./support.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const MODERN = "2026-07-28";
const command = `${repoRoot}mcp/bin/project-collaboration-mcp.js`;
const info = { name: "mcp-generations-test", version: "0" };

/** What the test needs of a client and a transport of either SDK (their types differ, their shape not). */
interface AnyClient {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<{ tools: Json[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Json>;
  close(): Promise<void>;
}
interface AnyTransport {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
}

interface Generation {
  name: string;
  revision: string;
  client(): AnyClient;
  stdio(args: string[]): AnyTransport;
  http(url: string): AnyTransport;
}

const stdioParameters = (args: string[]) => ({
  command: process.execPath,
  args: [command, "--sandbox", ...args],
  env: { PATH: process.env.PATH ?? "" }, // no PCS_* variable of the test run
  stderr: "ignore" as const,
});
const headers = { authorization: "Bearer sandbox-admin-key" };

export const generations: Generation[] = [
  {
    name: "SDK 2 (2.4.0) pinned to 2026-07-28",
    revision: MODERN,
    client: () => new Client2(info, { versionNegotiation: { mode: { pin: MODERN } } }) as unknown as AnyClient,
    stdio: (args) => new Stdio2(stdioParameters(args)) as unknown as AnyTransport,
    http: (url) => new Http2(new URL(url), { requestInit: { headers } }) as unknown as AnyTransport,
  },
  {
    name: "SDK 2 (2.4.0) speaking 2025-06-18",
    revision: "2025-06-18",
    client: () => new Client2(info, { supportedProtocolVersions: ["2025-06-18"] }) as unknown as AnyClient,
    stdio: (args) => new Stdio2(stdioParameters(args)) as unknown as AnyTransport,
    http: (url) => new Http2(new URL(url), { requestInit: { headers } }) as unknown as AnyTransport,
  },
  {
    name: "SDK 1 (1.32.2) speaking 2025-11-25",
    revision: "2025-11-25",
    client: () => new Client1(info) as unknown as AnyClient,
    stdio: (args) => new Stdio1(stdioParameters(args)) as unknown as AnyTransport,
    http: (url) => new Http1(new URL(url), { requestInit: { headers } }) as unknown as AnyTransport,
  },
];

export interface Session {
  client: AnyClient;
  /** What the client sent and what it received, as parsed JSON-RPC messages. */
  sent: Json[];
  received: Json[];
}

/** Connects a client over a transport that records both directions. */
export async function connectRecorded(client: AnyClient, transport: AnyTransport): Promise<Session> {
  const sent: Json[] = [];
  const received: Json[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(structuredClone(message) as Json);
    return send(message, options);
  };
  let deliver: AnyTransport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () =>
      deliver && ((message: unknown, extra?: unknown) => (received.push(structuredClone(message) as Json), deliver!(message, extra))),
    set: (handler) => (deliver = handler),
  });
  await client.connect(transport);
  return { client, sent, received };
}

/** The revision the wire shows: a 2025 client's initialize and its answer, or a 2026-07-28 request's
 * envelope and the server's identity on its answer, with no initialize at all. */
export function expectRevision({ sent, received }: Session, revision: string) {
  const initialize = sent.find((m) => m.method === "initialize");
  if (revision === MODERN) {
    expect(initialize).toBeUndefined();
    const list = sent.find((m) => m.method === "tools/list")!;
    expect(list.params._meta["io.modelcontextprotocol/protocolVersion"]).toBe(MODERN);
    const answer = received.find((m) => m.id === list.id)!;
    expect(answer.result._meta["io.modelcontextprotocol/serverInfo"].name).toBe("@project-collaboration/mcp");
    return;
  }
  expect(initialize.params.protocolVersion).toBe(revision);
  expect(received.find((m) => m.id === initialize.id).result.protocolVersion).toBe(revision);
  expect(sent.some((m) => m.method === "server/discover")).toBe(false);
}

const example = (name: string, i = 0) => exampleInputs(described.find((o) => o.operationId === name)!)[i]!;
const readNames = described.filter(isRead).map((o) => o.operationId);
const writeNames = described.filter((o) => !isRead(o)).map((o) => o.operationId);

/** Lists the tools and calls every one: each read tool with its example, code mode's two, and either
 * every write tool in turn (with --allow-writes) or one, refused. */
export async function callEveryTool({ client }: Session, allowWrites: boolean) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(
    [...(allowWrites ? [...readNames, ...writeNames] : readNames), ...CODE_MODE_TOOLS].sort(),
  );
  for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe("object");
  // The annotations arrive in every revision: an operation reads exactly when its method does.
  for (const o of described.filter((o) => tools.some((t) => t.name === o.operationId)))
    expect(tools.find((t) => t.name === o.operationId)!.annotations, o.operationId).toMatchObject({
      readOnlyHint: isRead(o),
      openWorldHint: true,
    });
  if (!allowWrites) expect(tools.filter((t) => t.annotations?.readOnlyHint !== true)).toEqual([]);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${result.content?.[0]?.text}`).toBeFalsy();
    const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema);
    expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return result;
  };
  for (const name of readNames) {
    const result = await call(name, example(name));
    expect(dataOf(result)).toEqual(result.structuredContent.items ?? result.structuredContent);
  }
  const counted = await call("execute", { code: `return (await collectAll(client, "/projects.json")).length;` });
  expect(counted.structuredContent.result).toBeGreaterThan(0);
  expect((await call("types", { operations: ["getProject"] })).structuredContent.declarations).toContain("getProject");
  if (!allowWrites) {
    const refused = await client.callTool({ name: "deleteProject", arguments: example("deleteProject") });
    expect([refused.isError, textOf(refused)]).toEqual([
      true,
      "deleteProject changes data and this server is read-only: start it with --allow-writes to offer it.",
    ]);
    return;
  }
  const created = dataOf(await call("createProject", example("createProject"))) as { id: number };
  const project_id = created.id;
  await call("updateProject", { ...example("updateProject"), project_id });
  const byId = example("addProjectUser", 0);
  await call("addProjectUser", { ...byId, project_id });
  await call("removeProjectUser", { project_id, user_id: Number(byId.user) });
  await call("updateOrganization", example("updateOrganization"));
  await call("deleteProject", { project_id });
  expect((await client.callTool({ name: "getProject", arguments: { project_id } })).isError).toBe(true);
  expect(writeNames.sort()).toEqual([
    "addProjectUser",
    "createProject",
    "deleteProject",
    "removeProjectUser",
    "updateOrganization",
    "updateProject",
  ]);
}

export const modes = [
  ["read-only", false],
  ["--allow-writes", true],
] as const;
