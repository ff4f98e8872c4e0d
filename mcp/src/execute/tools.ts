// Code mode: the `execute` tool (a TypeScript program, type-checked, then run isolated against the
// client) and the `types` tool (the types a program uses, for the operations asked). Listed by every
// server beside its operation tools; a program reaches exactly the operations the server offers.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { ApiClient } from "@project-collaboration/api";
import type { OperationTool } from "../operations.js";
import { textResult } from "../result.js";
import { executeAnswer, Logs, refusedAnswer } from "./answer.js";
import { createBridge } from "./bridge.js";
import { checkProgram } from "./check.js";
import { executeDescription, TYPES_DESCRIPTION } from "./description.js";
import { DEFAULT_LIMITS, runIsolated, type IsolateLimits } from "./isolate.js";
import { isolateScript } from "./prelude.js";
import { operationTypes } from "./types.js";

export const EXECUTE = "execute";
export const TYPES = "types";

/** The longest program taken, in characters. */
const MAX_CODE_CHARS = 50_000;

/** What a successful `execute` answers as structured content (./answer.ts); an error result has none. */
const EXECUTE_OUTPUT = {
  type: "object",
  properties: {
    result: { description: "What the program returned, as JSON (null when it returned nothing): the service's data, untrusted." },
    logs: { type: "array", items: { type: "string" }, description: "Its console lines, in order: untrusted too." },
    requests: { type: "integer", minimum: 0, description: "How many requests it sent." },
  },
  required: ["result", "logs", "requests"],
  additionalProperties: false,
} satisfies Tool["outputSchema"];

/** What `types` answers as structured content: the same declarations as its text. */
const TYPES_OUTPUT = {
  type: "object",
  properties: {
    declarations: { type: "string", description: "The operations' calls and result types, and the schemas they name, as TypeScript." },
  },
  required: ["declarations"],
  additionalProperties: false,
} satisfies Tool["outputSchema"];

export interface CodeModeOptions {
  client: ApiClient;
  /** Every operation of the description. */
  operations: readonly OperationTool[];
  /** The operation tools this server offers, by name. */
  offered: ReadonlyMap<string, OperationTool>;
  allowWrites: boolean;
  secrets: readonly string[];
  limits?: Partial<IsolateLimits>;
}

export interface CodeMode {
  tools: Tool[];
  /** The answer to a call of `execute` or `types`; undefined for any other name. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult> | undefined;
}

export function codeMode(options: CodeModeOptions): CodeMode {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const offered = [...options.offered.values()];
  const tools: Tool[] = [
    {
      name: EXECUTE,
      title: "Run a TypeScript program against the API",
      description: executeDescription(offered, options.allowWrites, limits),
      inputSchema: {
        type: "object",
        properties: { code: { type: "string", description: "The body of an async function; what it returns is the result." } },
        required: ["code"],
        additionalProperties: false,
      },
      outputSchema: EXECUTE_OUTPUT,
      annotations: { readOnlyHint: !options.allowWrites, destructiveHint: options.allowWrites, openWorldHint: true },
    },
    {
      name: TYPES,
      title: "Types of operations, for execute",
      description: TYPES_DESCRIPTION,
      inputSchema: {
        type: "object",
        properties: { operations: { type: "array", items: { type: "string", enum: offered.map((t) => t.name) }, minItems: 1 } },
        required: ["operations"],
        additionalProperties: false,
      },
      outputSchema: TYPES_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];

  const execute = async (code: unknown): Promise<CallToolResult> => {
    if (typeof code !== "string" || code.trim() === "") return textResult("execute takes `code`: the body of an async function.", true);
    if (code.length > MAX_CODE_CHARS)
      return textResult(`The program has ${code.length} characters; at most ${MAX_CODE_CHARS} are taken.`, true);
    const checked = checkProgram(code);
    if ("problems" in checked) return refusedAnswer(checked.problems);
    const bridge = createBridge({ ...options, offered: new Set(options.offered.keys()) });
    const logs = new Logs();
    const outcome = await runIsolated(
      isolateScript(checked.javascript),
      { call: bridge.call, log: (line) => logs.add(line), logsDropped: (count) => logs.leftOut(count) },
      limits,
    );
    // A thrown error's line, as the program numbers it.
    const line = !outcome.ok && outcome.line !== undefined ? checked.programLine(outcome.line) : undefined;
    return executeAnswer({ outcome, logs, sent: bridge.sent, refusals: bridge.refusals, ...(line !== undefined && { line }) });
  };

  const types = async (names: unknown): Promise<CallToolResult> => {
    const asked = Array.isArray(names) ? names : [];
    const unknown = asked.filter((name) => typeof name !== "string" || !options.offered.has(name));
    if (asked.length === 0 || unknown.length)
      return textResult(`types takes operation names among: ${offered.map((t) => t.name).join(", ")}.`, true);
    // The package's own declarations, not the service's text: unmarked.
    const declarations = operationTypes(offered.filter((t) => asked.includes(t.name)));
    return { ...textResult(declarations), structuredContent: { declarations } };
  };

  return {
    tools,
    call: (name, args) => (name === EXECUTE ? execute(args.code) : name === TYPES ? types(args.operations) : undefined),
  };
}
