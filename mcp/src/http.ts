// --http: the MCP server over Streamable HTTP (stateless: one MCP server per request), so a team can
// run one for everyone. The SDK's createMcpHandler answers each request in its client's era: the
// 2026-07-28 revision (server/discover, every request on its own) and, for 2025 clients (2025-06-18,
// 2025-11-25), an initialize answered by a fresh server per request. Each request brings its own key
// in its Authorization header (`Bearer <key>`, or HTTP Basic with the key as user name), used for that
// request only and never logged or kept; a key the service refuses is refused at once (server/discover,
// initialize, tools/list), not at the first tool call. On 127.0.0.1 unless told otherwise, answering
// this machine's names only; a web page of another site is refused by its Origin; read-only unless
// started with --allow-writes, as over stdio.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createClient, safeCiText, type ApiClient } from "@project-collaboration/api";
import { corsAllows, createSandbox, exposureWarning, isLoopbackHostHeader, isLoopbackName } from "@project-collaboration/api/sandbox";
import { SANDBOX_BASE_URL } from "./connection.js";
import { builtTools, type OperationTool } from "./operations.js";
import { secretsOf } from "./redact.js";
import type { Selection } from "./selection.js";
import { createMcpServer } from "./server.js";

export interface HttpOptions extends Selection {
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** The service root every request's key is used against; without it, one shared in-process sandbox. */
  baseUrl?: string;
  /** One line per event worth telling (a warning, refusals); never a key. */
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

const refuse = (response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
  response
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));

/** How long a key's check is remembered (by its SHA-256, never the key): a key the service took is not
 * checked again for this long, one it refused is refused without asking. */
const VALID_FOR_MS = 5 * 60_000;
const REFUSED_FOR_MS = 10_000;
const MAX_REMEMBERED_KEYS = 1_000;
/** A check waits this long for the service; a service that does not answer lets the request through. */
const KEY_CHECK_TIMEOUT_MS = 10_000;

type Verdict = "valid" | "refused";

/** The cheapest read that needs no argument: the one a key's check sends. */
function keyProbe(): OperationTool | undefined {
  const reads = builtTools().filter((tool) => !tool.writes && tool.pathParameters.length === 0);
  return reads.find((tool) => !tool.paginated) ?? reads[0];
}

/** Asks the service whether it takes a key, with the probe (keyProbe): 401 is a refusal, any other
 * answer (403 or 404 included) means the key is known; no answer, 429 or 5xx says nothing (the tool
 * call will). */
async function checkKey(client: ApiClient, probe: OperationTool | undefined): Promise<Verdict | undefined> {
  if (!probe) return undefined;
  const send = client.request as unknown as (method: string, path: string, init: object) => Promise<{ response: Response }>;
  try {
    const { response } = await send(probe.method, probe.path, { params: { query: probe.paginated ? { limit: 1 } : {} } });
    if (response.status === 401) return "refused";
    return response.status === 429 || response.status >= 500 ? undefined : "valid";
  } catch {
    return undefined;
  }
}

export async function serveHttp(options: HttpOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { host = "127.0.0.1", port = 0, baseUrl, log: logLine = () => {}, ...selection } = options;
  // One place every log line passes: nothing in it acts on the terminal or the CI log that shows it.
  const log = (line: string) => logLine(safeCiText(line));
  const sandbox = baseUrl ? undefined : createSandbox();
  const loopback = isLoopbackName(host);
  const clientFor = (key: string, limits: { timeoutMs?: number; retry?: false } = {}) =>
    sandbox
      ? createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: key, fetch: sandbox.fetch, ...limits })
      : createClient({ baseUrl: baseUrl!, apiKey: key, ...limits });
  const probe = keyProbe();
  const remembered = new Map<string, { verdict: Verdict; until: number }>();
  const verdictOn = async (key: string): Promise<Verdict | undefined> => {
    const id = createHash("sha256").update(key).digest("hex");
    const known = remembered.get(id);
    if (known && known.until > Date.now()) return known.verdict;
    const verdict = await checkKey(clientFor(key, { timeoutMs: KEY_CHECK_TIMEOUT_MS, retry: false }), probe);
    if (verdict) {
      if (remembered.size >= MAX_REMEMBERED_KEYS) remembered.clear();
      remembered.set(id, { verdict, until: Date.now() + (verdict === "valid" ? VALID_FOR_MS : REFUSED_FOR_MS) });
    }
    return verdict;
  };
  // One handler for every request: it builds the MCP server of each request, for that request's key
  // (handed over as authInfo, once checked below), in the era the request speaks.
  const handler = createMcpHandler(
    ({ authInfo }) => {
      if (!authInfo) throw new Error("a request reached the MCP handler without its key");
      const key = authInfo.token;
      return createMcpServer({ client: clientFor(key), secrets: secretsOf(key), baseUrl: baseUrl ?? SANDBOX_BASE_URL, ...selection });
    },
    {
      // responseMode left "auto": a JSON answer, as no tool sends progress before its result.
      onerror: (error) => log(`a request failed: ${error.name}`), // the message could quote the request
    },
  );
  // Where this server listens (known once it does): the base of the Request each request becomes.
  let ownOrigin = "http://127.0.0.1";
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    // On loopback, only this machine's names: a web page whose domain was rebound to 127.0.0.1 sends
    // its own Host, and must not reach the server (the sandbox's keys are published).
    if (loopback && !isLoopbackHostHeader(request.headers.host))
      return refuse(response, 403, "This server answers requests for localhost only.");
    // A browser says which page sends a request: only this machine's pages may (the sandbox's one rule,
    // corsAllows), on any host, as the protocol asks of a server that checks Origin.
    const from = request.headers.origin;
    if (from !== undefined && !corsAllows(from))
      return refuse(response, 403, "This server answers requests from pages of this machine only.");
    if (new URL(request.url ?? "/", "http://x").pathname !== "/mcp") return refuse(response, 404, "The MCP endpoint is /mcp.");
    const key = keyOf(request.headers.authorization);
    if (!key)
      return refuse(response, 401, "Send your Project Collaboration Service API key: Authorization: Bearer <key>.", {
        "www-authenticate": 'Bearer realm="project-collaboration-mcp"',
      });
    if ((await verdictOn(key)) === "refused") {
      log("refused a request: the service does not take its key (401)");
      return refuse(
        response,
        401,
        "The Project Collaboration Service refused this API key (401): check the key in your Authorization header.",
        {
          "www-authenticate": 'Bearer realm="project-collaboration-mcp", error="invalid_token"',
        },
      );
    }
    const aborted = new AbortController();
    response.on("close", () => aborted.abort());
    try {
      const answer = await handler.fetch(webRequest(request, ownOrigin, aborted.signal), {
        authInfo: { token: key, clientId: "project-collaboration-mcp", scopes: [] },
      });
      await send(answer, response);
    } catch (error) {
      log(`a request failed: ${error instanceof Error ? error.name : "error"}`); // the message could quote the request
      if (!response.headersSent) refuse(response, 500, "The MCP server failed to handle the request.");
      else response.destroy();
    }
  });
  const exposure = exposureWarning(host, "the MCP server", {
    hostCheck: true,
    advice: "Every request carries a key: serve it behind TLS.",
  });
  if (exposure) log(exposure);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  ownOrigin = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
  const url = `${ownOrigin}/mcp`;
  return {
    url,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** Node's request as the web-standard Request the SDK's handler takes: its body streamed, not read
 * here (the handler bounds it: 413 past 4 MiB), and aborted when the client goes away. */
function webRequest(request: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const method = request.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
  return new Request(new URL(request.url ?? "/mcp", origin), { method, headers, signal, ...(body && { body, duplex: "half" }) });
}

/** The handler's Response written to Node's: status, headers, and the body as it comes (a JSON answer,
 * or the event stream of a 2025 client's request). */
async function send(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(answer.status, headers);
  if (!answer.body) return void response.end();
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  response.end();
}
