// The tools, one per operation of the description: their shape, and the table the build wrote
// (scripts/build/mcp-tools.mjs) from the main package's description.
import { readFileSync } from "node:fs";
import type { ToolAnnotations } from "@modelcontextprotocol/server";

export type JsonObject = { [key: string]: unknown };

export interface OperationTool {
  /** The operationId. */
  name: string;
  /** The operation's summary. */
  title: string;
  description: string;
  /** Upper case, as openapi-fetch's client.request takes it. */
  method: string;
  /** The path template of the description, e.g. "/projects/{project_id}.json". */
  path: string;
  tags: string[];
  /** False for GET and HEAD: every other tool is left out unless writes are allowed. */
  writes: boolean;
  annotations: ToolAnnotations;
  /** What the MCP client sees and what arguments are checked against. */
  inputSchema: JsonObject & { type: "object"; properties: Record<string, JsonObject> };
  /** Which of the input's properties go where. */
  pathParameters: string[];
  queryParameters: string[];
  /** The JSON body's own schema (its rules across properties, such as "exactly one of", live here). */
  body?: { schema: JsonObject; required: boolean };
  /** The shape of a result's structuredContent: the success body's schema (a list as `{ items }`, no
   * content as `{ status }`), types and rules only — descriptions and examples are in the reference. */
  outputSchema: JsonObject & { type: "object" };
  /** The operation pages with offset and limit. */
  paginated: boolean;
}

/** The tool table the build wrote (scripts/build/mcp-tools.mjs: dist/tools.json, from the main package's
 * description), read once: the server does not walk the description at run time. */
let built: OperationTool[] | undefined;
export function builtTools(): OperationTool[] {
  built ??= JSON.parse(readFileSync(new URL("../dist/tools.json", import.meta.url), "utf8")) as OperationTool[];
  return built;
}
