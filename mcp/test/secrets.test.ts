// The API key never reaches the MCP client, even from a server that echoes it in every answer: not in
// a result, an error, a tool list or any other message the server sends.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connect, serveHttp } from "../src/index.js";
import { CANARY_KEY, canaryForms, startEchoServer, type EchoServer } from "./echo-server.js";
import { connectInMemory, described, exampleInputs, type Connected } from "./support.js";

let echo: EchoServer;
let mcp: Connected;
beforeAll(async () => {
  echo = await startEchoServer();
  const connection = connect({ PCS_API_KEY: CANARY_KEY, PCS_BASE_URL: echo.url });
  mcp = await connectInMemory({ client: connection.client, secrets: connection.secrets, allowWrites: true });
});
afterAll(async () => {
  await mcp?.close();
  await echo?.close();
});

it("is in no message, though every tool was called and the server echoed it each time", async () => {
  await mcp.client.listTools();
  const texts: string[] = [];
  for (const o of described) {
    const result = await mcp.client.callTool({ name: o.operationId, arguments: exampleInputs(o)[0] });
    texts.push((result.content as { text: string }[])[0]!.text);
  }
  // The test can fail: the key was sent and came back, in successes and in errors.
  expect(echo.received.length).toBe(described.length);
  expect(new Set(echo.received)).toEqual(new Set([CANARY_KEY]));
  expect(texts.filter((t) => t.includes("[REDACTED]")).length).toBe(described.length);
  expect(texts.some((t) => /failed with status 400/.test(t))).toBe(true);

  expect(mcp.sent.length).toBeGreaterThan(described.length);
  for (const form of canaryForms)
    expect(
      mcp.sent.filter((m) => m.includes(form)),
      form,
    ).toEqual([]);
});

// Issue 44: a program could re-encode what the service answers (reverse it, space it out) past any
// pattern that looks for the key in the result; so the key is scrubbed from every answer before it
// enters the isolate, and no form of it can be made there.
it("is in no message though an execute program re-encodes the service's answers", async () => {
  const before = echo.received.length;
  const sentBefore = mcp.sent.length;
  const result = await mcp.client.callTool({
    name: "execute",
    arguments: {
      code: [
        `const { data } = await client.GET("/projects.json");`,
        `const text = JSON.stringify(data);`,
        `return { reversed: text.split("").reverse().join(""), spaced: text.split("").join(" "), codes: [...text].map((c) => c.charCodeAt(0)) };`,
      ].join("\n"),
    },
  });
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  expect(echo.received.slice(before)).toEqual([CANARY_KEY]);
  const messages = mcp.sent.slice(sentBefore);
  const reversed = (text: string) => [...text].reverse().join("");
  const codes = (text: string) => [...text].map((c) => c.charCodeAt(0)).join(",");
  for (const form of [...canaryForms, reversed(CANARY_KEY), [...CANARY_KEY].join(" "), codes(CANARY_KEY.slice(0, 12))])
    expect(
      messages.filter((m) => m.includes(form) || m.includes(JSON.stringify(form).slice(1, -1))),
      form,
    ).toEqual([]);
});

// The 2026-07-28 revision adds to every answer (the server's identity in `_meta`, cache fields): the
// hosted mode, its key from the request, is checked on the wire as a client of that revision reads it.
it("is in no answer over HTTP on the 2026-07-28 revision either, nor in the server's log", async () => {
  const logged: string[] = [];
  const hosted = await serveHttp({ port: 0, baseUrl: echo.url, allowWrites: true, log: (line) => logged.push(line) });
  const bodies: string[] = [];
  const client = new Client({ name: "secrets-test", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(hosted.url), {
        requestInit: { headers: { authorization: `Bearer ${CANARY_KEY}` } },
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          bodies.push(await response.clone().text());
          return response;
        },
      }),
    );
    const before = echo.received.length;
    await client.listTools();
    for (const o of described) await client.callTool({ name: o.operationId, arguments: exampleInputs(o)[0] });
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    // The test can fail: each call sent the key and the service echoed it.
    expect(echo.received.slice(before)).toEqual(described.map(() => CANARY_KEY));
    expect(bodies.filter((b) => b.includes("[REDACTED]")).length).toBe(described.length);
  } finally {
    await client.close();
    await hosted.close();
  }
  for (const form of canaryForms) {
    expect(
      bodies.filter((b) => b.includes(form)),
      form,
    ).toEqual([]);
    expect(logged.join("\n"), form).not.toContain(form);
  }
});
