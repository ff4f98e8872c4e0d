// --http: the MCP server over Streamable HTTP (stateless: one MCP server per request), so a team can
// run one for everyone. Each request brings its own key in its Authorization header (`Bearer <key>`,
// or HTTP Basic with the key as user name), used for that request only and never logged or kept. On
// 127.0.0.1 unless told otherwise; read-only unless started with --allow-writes, as over stdio.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createClient } from "@project-collaboration/api";
import { createSandbox } from "@project-collaboration/api/sandbox";
import { SANDBOX_BASE_URL } from "./connection.js";
import { secretsOf } from "./redact.js";
import type { Selection } from "./selection.js";
import { createMcpServer } from "./server.js";

export interface HttpOptions extends Selection {
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** The service root every request's key is used against; without it, one shared in-process sandbox. */
  baseUrl?: string;
  /** One line per event worth telling (start, refusals); never a key. */
  log?: (line: string) => void;
}

/** The key a request brings: `Bearer <key>`, or Basic with the key as user name. */
export function keyOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
  const user = decoded.slice(0, decoded.indexOf(":") === -1 ? undefined : decoded.indexOf(":"));
  return user || undefined;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

const refuse = (response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
  response
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));

export async function serveHttp(options: HttpOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { host = "127.0.0.1", port = 0, baseUrl, log = () => {}, ...selection } = options;
  const sandbox = baseUrl ? undefined : createSandbox();
  const loopback = LOOPBACK_HOST.test(host);
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    // On loopback, only this machine's names: a web page whose domain was rebound to 127.0.0.1 sends
    // its own Host, and must not reach the server (the sandbox's keys are published).
    if (loopback && !LOOPBACK_HOST.test((request.headers.host ?? "").replace(/:\d+$/, "")))
      return refuse(response, 403, "This server answers requests for localhost only.");
    if (new URL(request.url ?? "/", "http://x").pathname !== "/mcp") return refuse(response, 404, "The MCP endpoint is /mcp.");
    const key = keyOf(request.headers.authorization);
    if (!key)
      return refuse(response, 401, "Send your Project Collaboration Service API key: Authorization: Bearer <key>.", {
        "www-authenticate": 'Bearer realm="project-collaboration-mcp"',
      });
    const client = sandbox
      ? createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: key, fetch: sandbox.fetch })
      : createClient({ baseUrl: baseUrl!, apiKey: key });
    const mcp = createMcpServer({ client, secrets: secretsOf(key), ...selection });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(request, response);
    } catch (error) {
      log(`a request failed: ${error instanceof Error ? error.name : "error"}`); // the message could quote the request
      if (!response.headersSent) refuse(response, 500, "The MCP server failed to handle the request.");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}/mcp`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
