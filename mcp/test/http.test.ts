// The hosted mode (issue 29, item 4): `--http` serves Streamable HTTP on 127.0.0.1, each request with
// its own key from its Authorization header, read-only by default; checked with the SDK's own client
// over HTTP. The key is never in what the server logs.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { keyOf, serveHttp } from "../src/index.js";
import { dataOf } from "./support.js";

const logged: string[] = [];
let server: Awaited<ReturnType<typeof serveHttp>>;
beforeAll(async () => {
  server = await serveHttp({ port: 0, log: (line) => logged.push(line) });
});
afterAll(() => server?.close());

const connectAs = async (authorization: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: "http-test", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization, ...headers } } }));
  return client;
};

/** SDK 2's client on the 2026-07-28 revision only (server/discover, no initialize), with these headers. */
const connectModern = async (headers: Record<string, string>) => {
  const client = new Client2({ name: "http-test", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new Transport2(new URL(server.url), { requestInit: { headers } }));
  return client;
};

/** A POST to the server with this Host header, as a page whose domain was rebound to 127.0.0.1 sends it. */
const postWithHost = (host: string, body: object, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const { port } = new URL(server.url);
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          host: host.replace("{port}", port),
          authorization: "Bearer sandbox-admin-key",
          "content-type": "application/json",
          ...headers,
        },
      },
      (response) => resolve(response.statusCode ?? 0),
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });

describe("--http", () => {
  it("listens on 127.0.0.1 at /mcp", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("answers tools/list (read-only) and a call, with the key of the request", async () => {
    const client = await connectAs("Bearer sandbox-admin-key");
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(12); // 10 read operations, execute and types
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const result = await client.callTool({ name: "listProjects", arguments: { limit: 5 } });
      expect(result.isError).toBeFalsy();
      expect((dataOf(result) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("acts as each request's own key: another key sees what that user sees", async () => {
    // A read, so the server's read-only guard cannot be what refuses: project 48377 is the agency's,
    // its members are the editor and the admin (src/sandbox/example-seed.ts), not the viewer.
    const readExternal = { name: "getProject", arguments: { project_id: 48377 } };
    const viewer = await connectAs(`Basic ${btoa("sandbox-viewer-key:")}`);
    const admin = await connectAs("Bearer sandbox-admin-key");
    try {
      expect((await viewer.callTool({ name: "getOrganization", arguments: {} })).isError).toBeFalsy();
      const hidden = await viewer.callTool(readExternal);
      expect(hidden.isError).toBe(true);
      const text = (hidden.content as { text: string }[]).map((part) => part.text).join("\n");
      expect(text).toMatch(/\b404\b/);
      expect(text).not.toMatch(/read-only/);
      const seen = await admin.callTool(readExternal);
      expect(seen.isError).toBeFalsy();
      expect((dataOf(seen) as { id: number }).id).toBe(48377);
    } finally {
      await viewer.close();
      await admin.close();
    }
  });

  it("refuses a key the service does not take at initialize and at tools/list, not at the first call (401, invalid_token)", async () => {
    await expect(connectAs("Bearer not-a-key-of-this-sandbox")).rejects.toThrow(/401|refused this API key/);
    const listed = await fetch(server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: "Bearer not-a-key-of-this-sandbox",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect([listed.status, listed.headers.get("www-authenticate")]).toEqual([401, expect.stringMatching(/error="invalid_token"/)]);
    expect((await listed.json()).error.message).toMatch(/refused this API key/);
    expect(logged.join("\n")).toMatch(/the service does not take its key \(401\)/);
    expect(logged.join("\n")).not.toMatch(/sandbox-viewer-key|not-a-key-of-this-sandbox|sandbox-admin-key/);
  });

  it("warns, on its log, when bound beyond this machine", async () => {
    const lines: string[] = [];
    const open = await serveHttp({ host: "0.0.0.0", port: 0, log: (line) => lines.push(line) });
    await open.close();
    expect(lines).toEqual([
      expect.stringMatching(/^warning: listening on 0\.0\.0\.0, beyond this machine: .*the Host check .* is off.* serve it behind TLS\.$/),
    ]);
  });

  it("refuses a request without a key with 401 and a challenge", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("on loopback, refuses a request for another host name (DNS rebinding)", async () => {
    expect(await postWithHost("rebound.example:{port}", { jsonrpc: "2.0", id: 1, method: "tools/list" })).toBe(403);
  });

  it("on loopback, refuses a 2026-07-28 request for another host name too, and answers it for this machine's", async () => {
    const discover = {
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "http-test", version: "0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    };
    const modern = { "mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover", accept: "application/json, text/event-stream" };
    expect(await postWithHost("rebound.example:{port}", discover, modern)).toBe(403);
    expect(await postWithHost("localhost:{port}", discover, modern)).toBe(200);
  });

  it("serves the 2026-07-28 revision: server/discover, then tools/list and a call, each request on its own", async () => {
    const client = await connectModern({ authorization: "Bearer sandbox-admin-key" });
    try {
      expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(["modern", "2026-07-28"]);
      expect(client.getDiscoverResult()?.supportedVersions).toContain("2026-07-28");
      const { tools } = await client.listTools();
      expect(tools.length).toBe(12);
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      expect((await client.callTool({ name: "getOrganization", arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("refuses a page of another site by its Origin (403), whichever revision it speaks; this machine's pages are answered", async () => {
    const authorization = "Bearer sandbox-admin-key";
    for (const origin of ["https://evil.example", "null"]) {
      await expect(connectModern({ authorization, origin })).rejects.toThrow(/403/);
      await expect(connectAs(authorization, { origin })).rejects.toThrow(/403|pages of this machine/);
    }
    const local = await connectModern({ authorization, origin: "http://localhost:5173" });
    expect((await local.listTools()).tools.length).toBe(12);
    await local.close();
  });

  it("refuses a key the service does not take at server/discover too (2026-07-28)", async () => {
    await expect(connectModern({ authorization: "Bearer not-a-key-of-this-sandbox" })).rejects.toThrow(/401/);
  });

  it("reads the key from Bearer or Basic, and from nothing else", () => {
    expect(keyOf("Bearer abc")).toBe("abc");
    expect(keyOf(`Basic ${btoa("abc:")}`)).toBe("abc");
    expect(keyOf("abc")).toBe(undefined);
    expect(keyOf(`Basic ${btoa(":abc")}`)).toBe(undefined);
  });
});
