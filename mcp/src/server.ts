// The MCP server: lists the selected tools with the description's JSON Schemas as they are, and turns
// a call into one request through the package's client. SDK's low-level Server rather than McpServer:
// McpServer's registerTool takes Zod schemas only, and the description's JSON Schemas are the truth.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ApiError, unwrap, type ApiClient, type FetchResult } from "@project-collaboration/api";
import { toRequest } from "./arguments.js";
import { operationTools, type OperationTool } from "./operations.js";
import { redactText } from "./redact.js";
import { selectTools, type Selection } from "./selection.js";
import { SERVER_NAME, SERVER_VERSION } from "./version.js";

export interface ServerOptions extends Selection {
  /** The package's client (createClient), pointed at the service or the sandbox. */
  client: ApiClient;
  /** Strings that must never appear in a result: the API key in its forms (see secretsOf). */
  secrets?: readonly string[];
  /** The operations to serve (default: every operation of the package's description). */
  operations?: readonly OperationTool[];
}

export function createMcpServer(options: ServerOptions): Server {
  const all = options.operations ?? operationTools();
  const selected = new Map(selectTools(all, options).map((tool) => [tool.name, tool]));
  const secrets = options.secrets ?? [];

  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      capabilities: { tools: {} },
      instructions: options.allowWrites
        ? "Tools for the Project Collaboration Service. Write tools are enabled: confirm destructive calls with the user."
        : "Tools for the Project Collaboration Service, read-only: the server was started without --allow-writes.",
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...selected.values()].map(toMcpTool) }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = selected.get(name);
    if (!tool) {
      const known = all.find((t) => t.name === name);
      const why = !known
        ? `Unknown tool ${name}.`
        : known.writes && !options.allowWrites
          ? `${name} changes data and this server is read-only: start it with --allow-writes to offer it.`
          : `${name} is not among the tools this server was started with (--tools, --tags).`;
      throw new McpError(ErrorCode.InvalidParams, why);
    }
    const result = await call(options.client, tool, request.params.arguments ?? {});
    // The one place every result passes: nothing the service said can carry the key out.
    return { ...result, content: result.content.map((c) => (c.type === "text" ? { ...c, text: redactText(c.text, secrets) } : c)) };
  });
  return server;
}

function toMcpTool(tool: OperationTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
  };
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});

async function call(client: ApiClient, tool: OperationTool, args: Record<string, unknown>): Promise<CallToolResult> {
  const checked = toRequest(tool, args);
  if ("problems" in checked) return text(`Invalid arguments for ${tool.name}:\n${checked.problems.map((p) => `- ${p}`).join("\n")}`, true);
  try {
    // openapi-fetch's request(method, path, init): the path and method come from the description,
    // which the client's types are made from, so the loose call below sends what the types allow.
    const send = client.request as unknown as (method: string, path: string, init: object) => Promise<FetchResult<unknown>>;
    const result = await send(tool.method, tool.path, checked.request);
    // unwrap: the data, or the client's ApiError (the problem the service answered, its strings scrubbed of the key).
    const data = unwrap(result);
    return text(data === undefined ? `HTTP ${result.response.status}: no content` : JSON.stringify(data, null, 2));
  } catch (error) {
    if (error instanceof ApiError) {
      const detail = error.problem ?? (error.text ? error.text : undefined);
      return text(`${error.message}${detail === undefined ? "" : `\n${JSON.stringify(detail, null, 2)}`}`, true);
    }
    // Timeouts, network failures, a body that is not JSON: the client's errors never quote the key.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text(`${tool.name} failed: ${message}`, true);
  }
}
