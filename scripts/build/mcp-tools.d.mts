// Types of mcp-tools.mjs, for the MCP package's tests.
import type { OperationTool } from "../../mcp/src/operations.js";

export interface ToolDecisions {
  annotationsOf: (method: string, description: string) => OperationTool["annotations"];
  readMethods: ReadonlySet<string>;
  warnings: Readonly<Record<string, string>>;
}
type Json = any; // the document is untyped JSON
export declare function mcpTools(document: Json, decisions: ToolDecisions): OperationTool[];
