// Issue 18, hostile clients against the servers the package runs: the guard in front of every Prism
// (scripts/servers/prism-guard.mjs) with a node:http stand-in for Prism, the relay behind Prism's proxy, the
// sandbox's own HTTP server (`npm run sandbox -- --no-proxy`), the in-process sandbox, and the docs
// server. No Prism is started here: the real one, killed by hostile bodies before and restarted after
// a death, is tested through `npm run sandbox` in test/sandbox/http.test.ts.
import { readdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGuard } from "../../scripts/servers/prism-guard.mjs";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, nestedDeeperThan } from "../../scripts/servers/prism-input.mjs";
import { serveSandbox } from "../../scripts/servers/sandbox-server.mjs";
import { startUpstreamRelay } from "../../scripts/servers/upstream-relay.mjs";
import { createSandbox } from "../../src/sandbox/index.js";
import { deref, operations, repoRoot, type Json } from "../support/openapi.js";
import { type Server as RunningServer, startServer } from "../support/run.js";

const ADMIN = `Basic ${btoa("sandbox-admin-key:")}`;
const deep = (depth: number) => `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request: exactly the headers given (no Content-Type added), any method. */
function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = httpRequest({ hostname, port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}
/** What a server sends back to `text` written raw on a connection, until it closes it. */
function rawAnswer(url: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
  });
}
const problemOf = (answer: Answer) => {
  expect(answer.headers["content-type"]).toBe("application/problem+json");
  return JSON.parse(answer.body) as { status: number; detail: string };
};

describe("the request body limit (one constant, src/sandbox/limits.ts)", () => {
  /** The largest valid body of an operation: every string at its maxLength (in characters), each one
   * beyond the BMP sent as a 12-byte JSON surrogate-pair escape, plus its name and punctuation; every
   * object with all its properties. */
  const largest = (schema: Json): number => {
    const s = deref(schema);
    if (s.oneOf) return Math.max(...s.oneOf.map(largest));
    if (s.type === "object")
      return 2 + Object.entries<Json>(s.properties ?? {}).reduce((n, [name, p]) => n + name.length + 4 + largest(p), 0);
    if (s.type === "string") return 2 + 12 * (s.maxLength ?? 1000);
    return 32;
  };
  const bodies = operations().flatMap((op) => {
    const schema = deref(op.operation.requestBody ?? {}).content?.["application/json"]?.schema;
    return schema ? [{ operation: op.operationId, bytes: largest(schema) }] : [];
  });

  it("holds the largest valid request of the description, with room, and not much more", () => {
    const max = Math.max(...bodies.map((b) => b.bytes));
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    expect(max).toBeLessThan(MAX_BODY_BYTES);
    expect(MAX_BODY_BYTES).toBeLessThanOrEqual(64 * 1024);
  });
});

describe("the guard's own answers (a node:http stand-in for Prism)", () => {
  let fakePrism: Server;
  let fakeUrl = "";
  let guard: Awaited<ReturnType<typeof startGuard>>;
  let gateway: Awaited<ReturnType<typeof startGuard>>;
  let dead: Awaited<ReturnType<typeof startGuard>>;
  beforeAll(async () => {
    fakePrism = createServer((request, response) => {
      if (request.url === "/hang") return; // the upstream behind the proxy never answers
      if (request.url === "/unreachable") {
        // What Prism's proxy answers when it cannot reach the upstream.
        return void response.writeHead(500, { "content-type": "application/problem+json" }).end(
          JSON.stringify({
            type: "FetchError",
            title: "request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED",
            status: 500,
            detail: "",
          }),
        );
      }
      if (request.url === "/violation") {
        return void response.writeHead(500, { "content-type": "application/problem+json" }).end(
          JSON.stringify({
            type: "https://stoplight.io/prism/errors#VIOLATIONS",
            title: "Request/Response not valid",
            status: 500,
            detail: "",
          }),
        );
      }
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": "text/plain" }).end("passed"));
    });
    await new Promise<void>((resolve) => fakePrism.listen(0, "127.0.0.1", resolve));
    fakeUrl = `http://127.0.0.1:${(fakePrism.address() as AddressInfo).port}`;
    guard = await startGuard({ host: "127.0.0.1", port: 0, target: async () => fakeUrl });
    gateway = await startGuard({ host: "127.0.0.1", port: 0, target: async () => fakeUrl, gateway: true, timeoutMs: 300 });
    dead = await startGuard({ host: "127.0.0.1", port: 0, target: async () => "http://127.0.0.1:1" });
  });
  afterAll(async () => {
    await Promise.all([guard?.close(), gateway?.close(), dead?.close()]);
    fakePrism.closeAllConnections();
    fakePrism.close();
  });

  it("issue 42: on loopback, a request addressed to another host name is refused (403, one line) before Prism sees it", async () => {
    let passed = 0;
    const counted = await startGuard({ host: "127.0.0.1", port: 0, target: async () => (passed++, fakeUrl) });
    try {
      const port = new URL(counted.url).port;
      for (const host of ["attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", `attacker.example:${port}`]) {
        const answer = await send(counted.url, "GET", "/groups.json", { host });
        expect(answer.status, host).toBe(403);
        expect(problemOf(answer).detail).toMatch(
          /^This server answers requests addressed to this machine only \(localhost, 127\.0\.0\.1, \[::1\]\)[^\n]*$/,
        );
      }
      expect(passed).toBe(0);
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`, "LOCALHOST"])
        expect((await send(counted.url, "GET", "/groups.json", { host })).status, host).toBe(200);
    } finally {
      await counted.close();
    }
  });

  it("refuses what the description could never accept, with problems: too large (413), too deep, not UTF-8, not JSON (400)", async () => {
    const json = { "content-type": "application/json" };
    expect(problemOf(await send(guard.url, "POST", "/x", { ...json, "content-length": MAX_BODY_BYTES + 1 })).status).toBe(413);
    expect(problemOf(await send(guard.url, "POST", "/x", json, Buffer.from('{"name":"\xff"}', "latin1"))).detail).toMatch(/UTF-8/);
    expect(problemOf(await send(guard.url, "POST", "/x", json, "{")).detail).toMatch(/not valid JSON/);
    expect(problemOf(await send(guard.url, "POST", "/x", { "content-type": "text/plain" }, deep(MAX_JSON_DEPTH + 1))).detail).toMatch(
      /deeper/,
    );
    expect((await send(guard.url, "POST", "/x", json, deep(MAX_JSON_DEPTH - 1))).body).toBe("passed");
    expect((await send(guard.url, "POST", "/x", json, JSON.stringify({ name: "[[[[".repeat(100) }))).body).toBe("passed"); // brackets in strings
  });

  it("a streamed body over the limit is cut off with 413, not read to the end", async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(guard.url);
      const request = httpRequest(
        { hostname: "127.0.0.1", port, method: "POST", path: "/x", headers: { "content-type": "text/plain" } },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      for (let i = 0; i < 11; i++) request.write(chunk);
      request.end();
    });
    expect(answer).toBe(413);
  });

  it("as a proxy: an unreachable or garbage upstream is 502, a hung one 504 after the timeout, a violation passes as Prism's 500", async () => {
    expect(problemOf(await send(gateway.url, "GET", "/unreachable")).status).toBe(502);
    expect(problemOf(await send(gateway.url, "GET", "/hang")).status).toBe(504);
    expect((await send(gateway.url, "GET", "/violation")).status).toBe(500);
  });

  it("the relay between Prism's proxy and the upstream passes answers through and cuts off an endless one", async () => {
    const endless = createServer((request, response) => {
      if (request.url === "/small/x") return void response.writeHead(200, { "content-type": "application/json" }).end("[]");
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", more);
      };
      response.on("error", () => {});
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
    const relay = await startUpstreamRelay(`http://127.0.0.1:${(endless.address() as AddressInfo).port}/small`, { maxBytes: 1024 * 1024 });
    try {
      expect(relay.url).toMatch(/\/small$/); // Prism joins its paths to the upstream's base path
      expect((await send(relay.url, "GET", "/small/x")).body).toBe("[]");
      await expect(send(relay.url, "GET", "/endless")).rejects.toThrow(); // cut off after 1 MB, not read forever
    } finally {
      await relay.close();
      endless.closeAllConnections();
      endless.close();
    }
  });

  it("a redirect from the upstream is never followed or passed on: the key goes to no other server", async () => {
    const elsewhere: string[] = [];
    const other = createServer((incoming, outgoing) => {
      elsewhere.push(`${incoming.url} ${incoming.headers.authorization ?? ""}`);
      outgoing.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const redirecting = createServer((_incoming, outgoing) => {
      outgoing.writeHead(307, { location: `${otherUrl}/groups.json` });
      outgoing.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    const refused: string[] = [];
    const relay = await startUpstreamRelay(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`, {
      onRefused: (line) => refused.push(line),
    });
    try {
      await expect(send(relay.url, "GET", "/groups.json", { authorization: ADMIN })).rejects.toThrow();
      expect(refused).toEqual(["GET /groups.json answered 307 (a redirect): not followed, not passed on"]);
      expect(elsewhere).toEqual([]);
    } finally {
      await relay.close();
      for (const server of [other, redirecting]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });

  it("Prism gone: 503 with Retry-After, a problem", async () => {
    const answer = await send(dead.url, "GET", "/x");
    expect(problemOf(answer).status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("1");
  });

  it("the depth limit is far above every request body of the description", () => {
    const depthOf = (schema: Json, seen: Set<unknown>): number => {
      const node = deref(schema ?? {});
      if (!node || typeof node !== "object" || seen.has(node)) return seen.has(node) ? Infinity : 0;
      const inner = new Set(seen).add(node);
      const children = [
        ...Object.values(node.properties ?? {}),
        node.items,
        node.additionalProperties,
        ...(node.allOf ?? []),
        ...(node.oneOf ?? []),
        ...(node.anyOf ?? []),
      ].filter((c) => c && typeof c === "object");
      const own = node.type === "object" || node.type === "array" || node.properties || node.items ? 1 : 0;
      return own + Math.max(0, ...children.map((child) => depthOf(child, inner)));
    };
    const depths = operations().flatMap(({ operation }) =>
      Object.values<Json>(deref(operation.requestBody ?? {}).content ?? {}).map((media) => depthOf(media.schema, new Set())),
    );
    expect(depths.length).toBeGreaterThan(0);
    expect(Math.max(...depths)).toBeLessThan(MAX_JSON_DEPTH / 4);
    expect(nestedDeeperThan(Buffer.from(deep(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(true); // {"name":[…]} is one level more
  });
});

describe("the sandbox's own server (npm run sandbox -- --no-proxy)", () => {
  const token = "control-token-for-tests";
  let server: Awaited<ReturnType<typeof serveSandbox>>;
  beforeAll(async () => {
    server = await serveSandbox(createSandbox(), { controlToken: token });
  });
  afterAll(() => server?.close());

  it("web pages: loopback pages answered with their origin, others refused, more allowed by name; Origin: null only when allowed", async () => {
    const widened = await serveSandbox(createSandbox(), { cors: { origins: ["https://app.example"], nullOrigin: true } });
    try {
      const read = (at: string, origin: string) => send(at, "GET", "/groups.json", { authorization: ADMIN, origin });
      expect((await read(server.url, "https://evil.example")).status).toBe(403);
      expect((await read(server.url, "http://localhost.evil.example")).status).toBe(403);
      expect((await read(server.url, "https://app.example")).status).toBe(403);
      for (const origin of ["http://localhost:3000", "http://[::1]:8080"]) {
        const answer = await read(server.url, origin);
        expect([answer.status, answer.headers["access-control-allow-origin"]]).toEqual([200, origin]);
      }
      // Issue 42: a sandboxed iframe of any site sends Origin: null, as a page opened from disk does.
      const nullOrigin = await read(server.url, "null");
      expect([nullOrigin.status, nullOrigin.headers["access-control-allow-origin"]]).toEqual([403, undefined]);
      expect(problemOf(nullOrigin).detail).toMatch(/--allow-null-origin/);
      for (const origin of ["https://app.example", "null"]) {
        const allowed = await read(widened.url, origin);
        expect([allowed.status, allowed.headers["access-control-allow-origin"]]).toEqual([200, origin]);
      }
      // Without an Origin (curl, a server): no CORS header to name anyone.
      expect((await send(server.url, "GET", "/groups.json", { authorization: ADMIN })).headers["access-control-allow-origin"]).toBe(
        undefined,
      );
    } finally {
      await widened.close();
    }
  });

  it("a body over the limit: 413 problem, without reading it", async () => {
    const answer = await send(server.url, "POST", "/projects.json", {
      authorization: ADMIN,
      "content-type": "application/json",
      "content-length": MAX_BODY_BYTES + 1,
    });
    expect(problemOf(answer).status).toBe(413);
  });

  it("what node:http refuses itself (a method it does not know, headers over 16 KB) and CONNECT: problems too", async () => {
    const raw = (text: string) => rawAnswer(server.url, text);
    expect(await raw("FOO /projects.json HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 [\s\S]*application\/problem\+json/);
    expect(await raw(`GET /groups.json HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 431 [\s\S]*"status":431/,
    );
    // node:http drops the connection of a CONNECT nobody listens for: answered instead.
    expect(await raw("CONNECT elsewhere.example:443 HTTP/1.1\r\nHost: elsewhere.example:443\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 400 [\s\S]*"detail":"CONNECT asks for a tunnel/,
    );
  });

  it("TRACE: 405 with Allow, a problem (not a 500 naming a TypeError)", async () => {
    const answer = await send(server.url, "TRACE", "/projects.json", { authorization: ADMIN });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, POST");
    problemOf(answer);
  });

  it("no Content-Type and invalid UTF-8: 400 problems, as through the proxy", async () => {
    expect(problemOf(await send(server.url, "POST", "/projects.json", { authorization: ADMIN }, '{"name":"x"}')).detail).toMatch(
      /application\/json \(no Content-Type was sent\)/,
    );
    expect(
      problemOf(
        await send(
          server.url,
          "POST",
          "/projects.json",
          { authorization: ADMIN, "content-type": "application/json" },
          Buffer.from('{"name":"\xff"}', "latin1"),
        ),
      ).detail,
    ).toMatch(/UTF-8/);
  });

  it("test control: the token is required, a web page's request refused, no reset without both", async () => {
    expect(problemOf(await send(server.url, "POST", "/_sandbox/reset")).status).toBe(401);
    expect(problemOf(await send(server.url, "POST", "/_sandbox/reset", { authorization: ADMIN })).status).toBe(401); // an API key is not the token
    // A cross-origin form or fetch with text/plain needs no preflight: refused by its Origin.
    expect(
      problemOf(
        await send(
          server.url,
          "POST",
          "/_sandbox/reset",
          { origin: "https://evil.example", "content-type": "text/plain", authorization: `Bearer ${token}` },
          "x",
        ),
      ).status,
    ).toBe(403);
    expect((await send(server.url, "POST", "/_sandbox/reset", { authorization: `Bearer ${token}` })).status).toBe(204);
    expect(JSON.parse((await send(server.url, "GET", "/_sandbox/sent-emails", { authorization: `Bearer ${token}` })).body)).toEqual([]);
  });
});

describe("the in-process sandbox (sandbox.fetch)", () => {
  const json = { authorization: ADMIN, "content-type": "application/json" };

  it("the caller aborting while the sandbox reads a streamed body rejects at once with the abort", async () => {
    const controller = new AbortController();
    const never = new ReadableStream({ pull: () => new Promise(() => {}) });
    const call = createSandbox().fetch(
      new Request("https://x.invalid/projects.json", {
        method: "POST",
        headers: json,
        body: never,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit),
    );
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("an erroring body stream is the client's problem (400), not the sandbox's bug (500 + onError)", async () => {
    const bugs: unknown[] = [];
    const failing = new ReadableStream({ pull: (controller) => controller.error(new Error("connection lost")) });
    const response = await createSandbox({ onError: (error) => bugs.push(error) }).fetch(
      new Request("https://x.invalid/projects.json", { method: "POST", headers: json, body: failing, duplex: "half" } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect(bugs).toEqual([]);
  });

  it("TRACE and a body over the limit: 405 with Allow, 413", async () => {
    const sandbox = createSandbox();
    const trace = await sandbox.fetch("https://x.invalid/projects/1.json", { method: "TRACE" });
    expect([trace.status, trace.headers.get("allow")]).toEqual([405, "GET, PATCH, DELETE"]);
    const big = await sandbox.fetch("https://x.invalid/projects.json", {
      method: "POST",
      headers: json,
      body: new Uint8Array(MAX_BODY_BYTES + 1),
    });
    expect(big.status).toBe(413);
  });
});

describe("the docs server (npm run docs)", () => {
  let docs: RunningServer;
  let url = "";
  const link = `${repoRoot}docs/outside-link.txt`;
  beforeAll(async () => {
    docs = await startServer(process.execPath, ["scripts/servers/serve-docs.mjs", "-p", "0"], { ready: /http:\/\/127\.0\.0\.1:\d+/ });
    url = docs.ready;
  });
  afterAll(async () => {
    await docs?.stop();
    rmSync(link, { force: true });
  });

  const descriptors = () => readdirSync(`/proc/${docs.child.pid}/fd`).length;

  it("refuses to be framed by another site, and the page carries its Content-Security-Policy", async () => {
    const page = await send(url, "GET", "/index.html");
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.body).toContain('<meta http-equiv="Content-Security-Policy"');
  });

  it("serves the reference as Markdown beside it, with the types readers expect", async () => {
    expect((await send(url, "GET", "/llms.txt")).headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect((await send(url, "GET", "/llms-full.txt")).status).toBe(200);
    expect((await send(url, "GET", "/reference/getGroup.md")).headers["content-type"]).toBe("text/markdown; charset=utf-8");
  });

  it("downloads the client cuts off close their files: 100 of them leave the descriptor count where it was", async () => {
    const before = descriptors();
    for (let i = 0; i < 100; i++) {
      await new Promise<void>((resolve) => {
        const { port } = new URL(url);
        const request = httpRequest({ hostname: "127.0.0.1", port, path: "/index.html" }, (response) => {
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", () => resolve());
        request.end();
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(descriptors() - before).toBeLessThan(10);
  });

  it("what node:http refuses itself, and CONNECT: problems, not a dropped connection", async () => {
    expect(await rawAnswer(url, "CONNECT elsewhere.example:443 HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 400 [\s\S]*"status":400/,
    );
    expect(await rawAnswer(url, "FOO / HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 [\s\S]*application\/problem\+json/);
  });

  it("serves the reference at / and at a deep link", async () => {
    expect((await send(url, "GET", "/")).status).toBe(200);
    expect((await send(url, "GET", "/section/Authentication")).status).toBe(200);
  });

  it("a symbolic link out of docs/ is not followed; Range is ignored explicitly", async () => {
    symlinkSync("/etc/hostname", link);
    expect((await send(url, "GET", "/outside-link.txt")).status).toBe(404);
    const ranged = await send(url, "HEAD", "/openapi.json", { range: "bytes=0-9" });
    expect([ranged.status, ranged.headers["accept-ranges"]]).toEqual([200, "none"]);
  });
});
