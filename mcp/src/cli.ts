// project-collaboration-mcp: the MCP server over stdio. stdout carries the protocol; stderr one
// start-up line and, on failure, one line of error. Usage mistakes exit with code 2.
import { parseArgs } from "node:util";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { safeCiText, unknownOptionLine } from "@project-collaboration/api";
import { connect } from "./connection.js";
import { EXECUTE, TYPES } from "./execute/tools.js";
import { builtTools } from "./operations.js";
import { redactText } from "./redact.js";
import { selectTools, UsageError } from "./selection.js";
import { serveHttp } from "./http.js";
import { createMcpServer } from "./server.js";
import { SERVER_NAME, SERVER_VERSION } from "./version.js";

const USAGE = `Usage: project-collaboration-mcp [--allow-writes] [--sandbox] [--tools a,b] [--tags A,B] [--list-tools]
                                     [--http [--host 127.0.0.1] [--port 4012]]

An MCP server (stdio, or Streamable HTTP with --http) whose tools are the Project Collaboration Service's operations,
and execute, which runs a type-checked TypeScript program against them in an isolate (code mode).
  --http          serve over Streamable HTTP at /mcp: each request brings its own key
                  (Authorization: Bearer <key>); PCS_BASE_URL is the service (without it, the sandbox)
  --host, --port  where --http listens (default 127.0.0.1:4012; another host is reachable by others)
  --allow-writes  also offer the tools that change data (read-only without it)
  --sandbox       use the in-process sandbox even when PCS_API_KEY is set
  --tools a,b     only these operations (operationIds)
  --tags A,B      only the operations of these tags (with --tools: either)
  --list-tools    print the tools that would be offered, and exit
  -h, --help, --version  this help; the version
Environment: PCS_API_KEY and PCS_BASE_URL (the service root); without a key, the sandbox.

Examples:
  project-collaboration-mcp --sandbox --list-tools
  PCS_BASE_URL=https://your-host.example/public/api project-collaboration-mcp --http --port 4012`;

const DEFAULT_HTTP_PORT = 4012; // beside the mock (4010) and the sandbox (4011)

const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const OPTIONS = {
  "allow-writes": { type: "boolean" },
  sandbox: { type: "boolean" },
  tools: { type: "string" },
  tags: { type: "string" },
  "list-tools": { type: "boolean" },
  http: { type: "boolean" },
  host: { type: "string" },
  port: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: OPTIONS, strict: true, allowPositionals: false });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (values.version) return void process.stdout.write(`${SERVER_VERSION}\n`);
  const tools = list(values.tools);
  const tags = list(values.tags);
  const selection = { allowWrites: values["allow-writes"] === true, ...(tools ? { tools } : {}), ...(tags ? { tags } : {}) };
  const offered = selectTools(builtTools(), selection);
  if (values["list-tools"]) {
    for (const tool of offered) process.stdout.write(`${tool.name}\t${tool.writes ? "write" : "read"}\t${tool.tags.join(",")}\n`);
    // Code mode's tools: a program writes only where the server may.
    process.stdout.write(`${EXECUTE}\t${selection.allowWrites ? "write" : "read"}\tcode mode\n${TYPES}\tread\tcode mode\n`);
    return;
  }
  if (values.http) {
    const port = Number(values.port ?? DEFAULT_HTTP_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be a port number, not ${JSON.stringify(values.port)}`);
    const baseUrl = values.sandbox ? undefined : process.env.PCS_BASE_URL?.trim() || undefined;
    // The same refusals as over stdio (a base URL with user info, a malformed one), without a key.
    if (baseUrl) connect({ PCS_BASE_URL: baseUrl, PCS_API_KEY: "check-only" });
    const { url } = await serveHttp({
      ...selection,
      host: values.host ?? "127.0.0.1",
      port,
      ...(baseUrl && { baseUrl }),
      log: (line) => process.stderr.write(`${SERVER_NAME}: ${line}\n`), // serveHttp made it safe
    });
    const mode = selection.allowWrites ? "read and write" : "read-only";
    process.stderr.write(
      `${SERVER_NAME} ${SERVER_VERSION}: ${offered.length} operation tools, execute and types (${mode}) on ${url}, against ${baseUrl ? `the service at ${new URL(baseUrl).host}` : "a shared in-process sandbox"}; each request's key from its Authorization header\n`,
    );
    return;
  }
  const connection = connect(process.env, { sandbox: values.sandbox === true });
  secrets = connection.secrets;
  // serveStdio: the client's first message picks the era — server/discover (2026-07-28) or initialize
  // (2025-06-18, 2025-11-25…) — and the one server of the connection speaks it.
  serveStdio(() => createMcpServer({ client: connection.client, secrets: connection.secrets, baseUrl: connection.baseUrl, ...selection }));
  const mode = selection.allowWrites ? "read and write" : "read-only";
  process.stderr.write(
    `${SERVER_NAME} ${SERVER_VERSION}: ${offered.length} operation tools, execute and types (${mode}) against ${connection.summary}\n`,
  );
}

let secrets: string[] = [];
main().catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string })?.code?.startsWith("ERR_PARSE_ARGS");
  const message = error instanceof Error ? (usage ? unknownOptionLine(error.message, Object.keys(OPTIONS)) : error.message) : String(error);
  process.stderr.write(`${SERVER_NAME}: ${safeCiText(redactText(message, secrets))}${usage ? " (see --help)" : ""}\n`);
  process.exitCode = usage ? 2 : 1;
});
