// Issue 34: the MCP server against servers written to break it (test/support/hostile-server.ts). A
// hostile service's escape sequences, C1 controls and bidi overrides reach no tool result's text raw,
// and no form of the key it echoes (raw, percent-encoded, Basic tokens) reaches any message; the
// server's log stays safe too. A silent service and an unreachable one give a result naming the URL
// and what happened, not "TypeError: fetch failed".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createClient } from "@project-collaboration/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/prism-process.mjs";
import { expectHarmless, type HostileServer, keyForms, startHostileServer } from "../../test/support/hostile-server.js";
import { connect, serveHttp } from "../src/index.js";
import { connectInMemory, described, exampleInputs, textOf } from "./support.js";

const KEY = "mcp+live/Zq8=canary~91ce";
const FORMS = keyForms(KEY);

let hostile: HostileServer;
beforeAll(async () => {
  hostile = await startHostileServer();
});
afterAll(() => hostile?.close());

const harmless = (text: string, label: string) => expectHarmless(text, FORMS, label);

describe("a hostile service", () => {
  it("every tool's result text is free of what a terminal acts on and of every form of the key; no message holds the key", async () => {
    const connection = connect({ PCS_API_KEY: KEY, PCS_BASE_URL: `${hostile.url}/hostile/public/api` });
    const mcp = await connectInMemory({
      client: connection.client,
      secrets: connection.secrets,
      baseUrl: connection.baseUrl,
      allowWrites: true,
    });
    try {
      let errors = 0;
      for (const o of described) {
        const result = await mcp.client.callTool({ name: o.operationId, arguments: exampleInputs(o)[0] });
        const text = textOf(result);
        harmless(text, o.operationId);
        expect(text).toMatch(/\\u001b|\\u009b|\\u202e/); // shown as escapes, not dropped
        if (result.isError) errors++;
      }
      expect(errors).toBeGreaterThan(0); // problems (4xx) as well as successes were answered
      for (const message of mcp.sent) for (const form of FORMS) expect(message.includes(form), form).toBe(false);
    } finally {
      await mcp.close();
    }
  });

  it("served over HTTP: results as above, and its log lines safe", async () => {
    const logged: string[] = [];
    const served = await serveHttp({ port: 0, baseUrl: `${hostile.url}/hostile/public/api`, log: (line) => logged.push(line) });
    const client = new Client({ name: "hostile-test", version: "0" });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }),
      );
      harmless(textOf(await client.callTool({ name: "listProjects", arguments: {} })), "listProjects");
      harmless(textOf(await client.callTool({ name: "getProject", arguments: { project_id: 404 } })), "getProject 404");
    } finally {
      await client.close();
      await served.close();
    }
    for (const line of logged) harmless(line, "log");
  });
});

describe("a service that does not answer", () => {
  it("silent, unreachable: the result names the request's URL and what happened", async () => {
    const port = await freePort(); // nothing listens there
    const cases = [
      [
        `${hostile.url}/silent/api`,
        /^listProjects failed: GET http:\/\/127\.0\.0\.1:\d+\/silent\/api\/projects\.json timed out: no complete answer within 0\.2 s per attempt, 0\.2 s per call with retries \(the client's limits\)$/,
      ],
      [
        `http://127.0.0.1:${port}/api`,
        /^listProjects failed: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/projects\.json: connection refused \(ECONNREFUSED\)$/,
      ],
    ] as const;
    for (const [baseUrl, expected] of cases) {
      // Short limits, so the test does not wait the default 30 s.
      const client = createClient({ baseUrl, apiKey: KEY, timeoutMs: 200, retry: false });
      const mcp = await connectInMemory({ client, secrets: FORMS, baseUrl, limits: { timeoutMs: 200, maxElapsedMs: 200 } });
      try {
        const result = await mcp.client.callTool({ name: "listProjects", arguments: {} });
        expect([result.isError, textOf(result)]).toEqual([true, expect.stringMatching(expected)]);
      } finally {
        await mcp.close();
      }
    }
  });
});
