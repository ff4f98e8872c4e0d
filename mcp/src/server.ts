// The MCP server: lists the selected tools with the description's JSON Schemas as they are, and turns
// a call into one request through the package's client. It answers tools/list and tools/call itself
// (through McpServer's own `server`, the SDK's way to own a method) rather than with registerTool: the
// description's JSON Schemas are the truth, listed as they are, and a tool of the description this
// server does not offer answers a refusal the model can read, which registerTool's dispatch cannot say.
import { McpServer, ProtocolError, ProtocolErrorCode, type CallToolResult, type Tool } from "@modelcontextprotocol/server";
import {
  ApiError,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  safeCiText,
  unwrap,
  type ApiClient,
  type FetchResult,
} from "@project-collaboration/api";
import { failureLine, type Limits } from "@project-collaboration/api/network-failure";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { ajv, toRequest } from "./arguments.js";
import type { IsolateLimits } from "./execute/isolate.js";
import { codeMode } from "./execute/tools.js";
import { builtTools, type OperationTool } from "./operations.js";
import { redactText, redactValue } from "./redact.js";
import { safeJson, successResult, textResult, untrusted } from "./result.js";
import { refusalOf, selectTools, type Selection } from "./selection.js";
import { SERVER_NAME, SERVER_VERSION } from "./version.js";

export interface ServerOptions extends Selection {
  /** The package's client (createClient), pointed at the service or the sandbox. */
  client: ApiClient;
  /** Strings that must never appear in a result: the API key in its forms (see secretsOf). */
  secrets?: readonly string[];
  /** Where the client's requests go (its baseUrl), named when the service cannot be reached. */
  baseUrl?: string;
  /** The client's time limits (createClient's timeoutMs and retry.maxElapsedMs), named when a call
   * times out; default the client's defaults. */
  limits?: Limits;
  /** The operations to serve (default: every operation of the package's description). */
  operations?: readonly OperationTool[];
  /** The limits of an `execute` program (default DEFAULT_LIMITS: 10 s of CPU, 64 MiB, 120 s). */
  executeLimits?: Partial<IsolateLimits>;
}

/** One server for one connection (stdio) or one request (HTTP): serveStdio and createMcpHandler build
 * one per era from the same options, so both generations of clients see the same tools. */
export function createMcpServer(options: ServerOptions): McpServer {
  const all = options.operations ?? builtTools();
  const selected = new Map(selectTools(all, options).map((tool) => [tool.name, tool]));
  const secrets = options.secrets ?? [];
  const limits = options.limits ?? { timeoutMs: DEFAULT_TIMEOUT_MS, maxElapsedMs: DEFAULT_RETRY.maxElapsedMs };

  const mcp = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      instructions: options.allowWrites
        ? "Tools for the Project Collaboration Service. Write tools are enabled: confirm destructive calls with the user."
        : "Tools for the Project Collaboration Service, read-only: the server was started without --allow-writes.",
    },
  );

  const code = codeMode({
    client: options.client,
    operations: all,
    offered: selected,
    allowWrites: options.allowWrites === true,
    secrets,
    ...(options.executeLimits && { limits: options.executeLimits }),
  });
  const server = mcp.server;
  // The tool list never changes while the server runs (listChanged: false): nothing to subscribe to.
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler("tools/list", () => ({ tools: [...[...selected.values()].map(toMcpTool), ...code.tools] }));

  server.setRequestHandler("tools/call", async (request) => {
    const name = request.params.name;
    const tool = selected.get(name);
    const codeResult = tool ? undefined : code.call(name, request.params.arguments ?? {});
    if (codeResult) return scrubbed(await codeResult, secrets);
    if (!tool) {
      const known = all.find((t) => t.name === name);
      if (!known) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}.`);
      // A tool of the description this server does not offer: a result the model can read, not a protocol error.
      return textResult(refusalOf(known, selected, options.allowWrites)!, true);
    }
    return scrubbed(conforming(tool, await call(options.client, tool, request.params.arguments ?? {}, options.baseUrl, limits)), secrets);
  });
  return mcp;
}

/** The one place every result passes: nothing the service said can carry the key out. */
function scrubbed(result: CallToolResult, secrets: readonly string[]): CallToolResult {
  return {
    ...result,
    content: result.content.map((c) => (c.type === "text" ? { ...c, text: redactText(c.text, secrets) } : c)),
    // Walked value by value (not its JSON text): a match can never span two values, and what is not a
    // secret stays exactly as the service sent it.
    ...(result.structuredContent !== undefined && { structuredContent: redactValue(result.structuredContent, secrets) }),
  };
}

/** Structured content must match the tool's output schema (MCP 2025-06-18 and later): a service that answers
 * otherwise gets its answer back as marked text in an error result, saying what did not match. */
const outputValidators = new Map<string, ValidateFunction>();
function conforming(tool: OperationTool, result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined) return result;
  let validate = outputValidators.get(tool.name);
  if (!validate) outputValidators.set(tool.name, (validate = ajv.compile(tool.outputSchema)));
  if (validate(result.structuredContent)) return result;
  // What did not match names the answer's own property names: inside the markers, as the answer is.
  const why = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  return textResult(
    `${tool.name}: the service's answer does not match the description; what did not match, then the answer:\n${untrusted(tool.name, safeJson(why))}\n${text}`,
    true,
  );
}

function toMcpTool(tool: OperationTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // The description's JSON Schemas (tools.json), JSON by construction.
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    outputSchema: tool.outputSchema as Tool["outputSchema"],
    annotations: tool.annotations,
  };
}

async function call(
  client: ApiClient,
  tool: OperationTool,
  args: Record<string, unknown>,
  baseUrl: string | undefined,
  limits: Limits,
): Promise<CallToolResult> {
  const checked = toRequest(tool, args);
  if ("problems" in checked)
    return textResult(`Invalid arguments for ${tool.name}:\n${checked.problems.map((p) => `- ${p}`).join("\n")}`, true);
  try {
    // openapi-fetch's request(method, path, init): the path and method come from the description,
    // which the client's types are made from, so the loose call below sends what the types allow.
    const send = client.request as unknown as (method: string, path: string, init: object) => Promise<FetchResult<unknown>>;
    const result = await send(tool.method, tool.path, checked.request);
    // unwrap: the data, or the client's ApiError (the problem the service answered, its strings scrubbed of the key).
    const data = unwrap(result);
    return successResult(tool, data, result.response.status, args);
  } catch (error) {
    if (error instanceof ApiError) {
      // Outside the markers only this package's words (the operation, the status): the service's own —
      // its problem's title and detail, any body — inside them (error.message quotes the title and detail).
      const detail = error.problem ?? (error.text ? error.text : undefined);
      const head = `${error.operation} failed with status ${error.status}`;
      return textResult(
        detail === undefined ? `${head}.` : `${head}; the service's answer:\n${untrusted(tool.name, safeJson(detail))}`,
        true,
      );
    }
    // The client's errors never quote the key; nothing here acts on a terminal that shows it.
    const line = failureLine(error, { method: tool.method, url: `${baseUrl ?? ""}${tool.path}` }, limits);
    return textResult(`${tool.name} failed: ${safeCiText(line)}`, true);
  }
}
