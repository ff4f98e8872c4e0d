// What the MCP tests expect, read from the description itself (generated/openapi.json), never from
// the server's code: the operations, their methods and tags, and example inputs built from the
// description's examples.
import { expect } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createClient, type ApiClient } from "@project-collaboration/api";
import { createSandbox, SANDBOX_ADMIN_KEY } from "@project-collaboration/api/sandbox";
import { createMcpServer, SANDBOX_BASE_URL, type ServerOptions } from "../src/index.js";

import { deref, operations, repoRoot, type Json } from "../../test/support/openapi.js";

export { repoRoot };

export interface DescribedOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  operation: Json;
  parameters: Json[];
}

/** Every operation of the description, through the project's one operation list (scripts/lib/openapi.mjs). */
export const described: DescribedOperation[] = operations().map(({ operationId, method, path, operation, parameters }) => ({
  operationId,
  method: method.toUpperCase(),
  path,
  summary: operation.summary,
  description: operation.description,
  tags: operation.tags ?? [],
  operation,
  parameters,
}));
export const isRead = (o: DescribedOperation) => o.method === "GET" || o.method === "HEAD";

/** The tools every server lists beside its operation tools: code mode (issue 44). */
export const CODE_MODE_TOOLS = ["execute", "types"];

/** One input per example body of the operation (one input when it has no body): each parameter's
 * example, plus the example body's properties. */
export function exampleInputs(o: DescribedOperation): Record<string, unknown>[] {
  const parameters: Record<string, unknown> = {};
  for (const parameter of o.parameters) {
    const example = parameter.example ?? deref(parameter.schema ?? {})?.examples?.[0];
    if (example !== undefined) parameters[parameter.name] = example;
  }
  const media = deref(o.operation.requestBody ?? {})?.content?.["application/json"];
  if (!media) return [parameters];
  const bodies = Object.values(media.examples ?? {}).map((e) => deref(e as Json).value);
  return bodies.map((body) => ({ ...parameters, ...body }));
}

export interface Connected {
  client: Client;
  /** Every message the server sent, as JSON text. */
  sent: string[];
  close(): Promise<void>;
}

/** The SDK's own Client connected to a server over the SDK's InMemoryTransport. */
export async function connectInMemory(options: ServerOptions): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: string[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message: JSONRPCMessage, sendOptions) => {
    sent.push(JSON.stringify(message));
    return send(message, sendOptions);
  };
  const server = createMcpServer(options);
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-test", version: "0" });
  await client.connect(clientSide);
  return {
    client,
    sent,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tool result's single text content. */
export function textOf(result: Json): string {
  expect(result.content).toHaveLength(1);
  expect(result.content[0].type).toBe("text");
  return result.content[0].text;
}

/** The service's data in a result, as a text-only client reads it: the JSON between the untrusted-data markers. */
export function dataOf(result: Json): unknown {
  const match = /^<untrusted-data tool="[^"]+">\n(.*)\n<\/untrusted-data>\n/s.exec(textOf(result));
  expect(match, textOf(result).slice(0, 300)).not.toBeNull();
  return JSON.parse(match![1]!);
}

/** The package's client on a fresh sandbox, through a fetch that records each request it is given
 * ("POST /projects.json"): what a server sent, seen from outside it. */
export function recordingSandbox(): { client: ApiClient; requests: string[] } {
  const sandbox = createSandbox();
  const requests: string[] = [];
  const client = createClient({
    baseUrl: SANDBOX_BASE_URL,
    apiKey: SANDBOX_ADMIN_KEY,
    fetch: (request, init) => {
      requests.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/public\/api/, "")}`);
      return sandbox.fetch(request, init);
    },
  });
  return { client, requests };
}
