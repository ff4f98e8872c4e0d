// Issue 18, "bounded client": a hostile server on 127.0.0.1 against the client. A body that never
// ends, inflates, or announces more than the limit ends the call with ResponseTooLargeError without
// the rest being read; an error body of any shape or depth gives ApiError; the credential — even of one
// character, and its base64 Basic form — is in no property of any error, however the server echoes it.
// The limits are set low here to keep the tests cheap; the default is pinned with an injected fetch.
import { inspect } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createClient, DEFAULT_MAX_RESPONSE_BYTES, ResponseTooLargeError, unwrap, type ClientOptions } from "../../src/index.js";
import * as fault from "./misbehaving-server.js";

const LIMIT = 256 * 1024;
const MB = 1024 * 1024;
const endless = fault.endlessBody(200);
const endlessFailure = fault.endlessBody(500);
const endlessStream = fault.endlessBody(200);
/** 8 MiB of JSON whitespace, gzipped to a few kB. */
const bomb = gzipSync(Buffer.alloc(8 * MB, " "));
const DEPTH = 10_000;
const deep = (open: string, close: string) => `${open.repeat(DEPTH)}${close.repeat(DEPTH)}`;
/** A raw body with a status, whatever it holds. */
const raw =
  (status: number, body: string): fault.Fault =>
  (_, res) =>
    void res.writeHead(status, { "Content-Type": "application/problem+json" }).end(body);

let server: fault.MisbehavingServer;
beforeAll(async () => {
  server = await fault.startMisbehavingServer({
    endless,
    "endless-500": endlessFailure,
    "endless-stream": endlessStream,
    announced: fault.announcedLength(LIMIT + 1),
    "gzip-bomb": fault.gzipBomb(bomb),
    "deep-array": raw(500, deep("[", "]")),
    "deep-field": raw(502, `{"title":"Bad Gateway","status":502,"detail":${deep("[", "]")}}`),
    "deep-title": raw(400, `{"title":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)},"status":400}`),
    // A status outside fetch's 200–599, with a chunked body (so it is counted, in a copy of the Response).
    "status-999": (req) =>
      void req.socket.end(
        'HTTP/1.1 999 Odd\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n11\r\n{"title":"Odd!!"}\r\n0\r\n\r\n',
      ),
    "proto-keys": raw(409, '{"__proto__":{"title":"polluted"},"constructor":{"prototype":1},"title":"Conflict","status":409}'),
  });
});
afterAll(async () => {
  await server?.close();
});

function clientFor(name: string, options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: `${server.url}/${name}`,
    apiKey: "hostile-test-key-0b7e",
    retry: false,
    timeoutMs: 10_000,
    maxResponseBytes: LIMIT,
    ...options,
  });
}

async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

/** Heap and buffers in use: what reading a body grows. */
const inUse = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

describe("a body larger than maxResponseBytes", () => {
  it("an endless 200 body ends the call with ResponseTooLargeError; the connection is closed and memory stays flat", async () => {
    const before = inUse();
    const error = await rejection(clientFor("endless").GET("/groups.json"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ name: "ResponseTooLargeError", status: 200, maxResponseBytes: LIMIT });
    expect((error as Error).message).toBe(
      `The response (status 200) has a body larger than maxResponseBytes (${LIMIT} bytes); the rest was not read`,
    );
    await server.closed("endless"); // the client hung up: the server stops writing
    const sent = endless.sent();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endless.sent()).toBe(sent);
    expect(inUse() - before).toBeLessThan(100 * MB);
  });

  it("an endless failure body too (whatever the status, the body is bounded)", async () => {
    await expect(rejection(clientFor("endless-500").GET("/groups.json"))).resolves.toMatchObject({
      name: "ResponseTooLargeError",
      status: 500,
    });
    await server.closed("endless-500");
  });

  it("a streamed body (parseAs: stream) errors when the reader goes past the limit", async () => {
    const { data } = await clientFor("endless-stream").GET("/groups.json", { parseAs: "stream" });
    const reading = (async () => {
      let bytes = 0;
      for await (const chunk of data as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      return bytes;
    })();
    await expect(rejection(reading)).resolves.toBeInstanceOf(ResponseTooLargeError);
  });

  it("a Content-Length over the limit is refused before a byte of the body is read", async () => {
    // The server sends only the headers: a client that waited for the body would time out instead.
    const error = await rejection(clientFor("announced", { timeoutMs: 5000 }).GET("/groups.json"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it("a small gzip body that inflates past the limit is stopped (the count is of decoded bytes)", async () => {
    expect(bomb.length).toBeLessThan(LIMIT);
    expect(await rejection(clientFor("gzip-bomb").GET("/groups.json"))).toBeInstanceOf(ResponseTooLargeError);
  });
});

describe("the default limit", () => {
  /** An injected fetch answering `bytes` bytes of body in 1 MiB chunks. */
  const sized = (bytes: number) => async () => {
    const chunk = new Uint8Array(MB);
    let left = bytes;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        controller.enqueue(left >= MB ? chunk : chunk.subarray(0, left));
        left -= MB;
      },
    });
    return new Response(body, { status: 200 });
  };
  const read = async (bytes: number) => {
    const client = createClient({ baseUrl: "https://pcs.test/public/api", apiKey: "k", fetch: sized(bytes) });
    const { data } = await client.GET("/groups.json", { parseAs: "arrayBuffer" });
    return (data as ArrayBuffer).byteLength;
  };

  it("is 16 MiB: a body of exactly that size is read, one byte more is refused", async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16_777_216);
    expect(await read(16_777_216)).toBe(16_777_216);
    await expect(read(16_777_217)).rejects.toMatchObject({ name: "ResponseTooLargeError", maxResponseBytes: 16_777_216 });
  });

  it("a Content-Length is trusted only for an unencoded body: compressed, or not a number, the body is counted", async () => {
    // An injected fetch does not decode, so the bytes here stand for what a real fetch would inflate.
    const announcing = (headers: Record<string, string>) => async () => new Response(new Uint8Array(LIMIT + 1), { status: 200, headers });
    const announced: Record<string, string>[] = [
      { "Content-Length": "10", "Content-Encoding": "gzip" },
      { "Content-Length": "1e3" },
      { "Content-Length": "" },
    ];
    for (const headers of announced) {
      const client = createClient({
        baseUrl: "https://pcs.test/public/api",
        apiKey: "k",
        fetch: announcing(headers),
        maxResponseBytes: LIMIT,
      });
      await expect(client.GET("/groups.json", { parseAs: "arrayBuffer" })).rejects.toBeInstanceOf(ResponseTooLargeError);
    }
  });

  it("Infinity switches it off; a negative or non-number limit is refused", async () => {
    const client = createClient({
      baseUrl: "https://pcs.test/public/api",
      apiKey: "k",
      fetch: sized(LIMIT + 1),
      maxResponseBytes: Infinity,
    });
    expect(((await client.GET("/groups.json", { parseAs: "arrayBuffer" })).data as ArrayBuffer).byteLength).toBe(LIMIT + 1);
    for (const maxResponseBytes of [-1, Number.NaN, "5" as unknown as number]) {
      expect(() => createClient({ baseUrl: "https://pcs.test", apiKey: "k", maxResponseBytes })).toThrow(
        new RangeError("createClient: maxResponseBytes must be a number ≥ 0"),
      );
    }
    // 0 is a limit: only empty bodies are read.
    expect(() => createClient({ baseUrl: "https://pcs.test", apiKey: "k", maxResponseBytes: 0 })).not.toThrow();
  });
});

describe("error bodies of any shape give ApiError", () => {
  it.each([
    ["deep-array", 500],
    ["deep-field", 502],
    ["deep-title", 400],
  ])("%s (nested 10,000 deep): ApiError, which can still be logged and serialized", async (name, status) => {
    const error = await rejection(clientFor(name).GET("/groups.json").then(unwrap));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, operation: "GET /groups.json" });
    expect(() => JSON.stringify(error)).not.toThrow();
    expect(() => inspect(error, { depth: Infinity })).not.toThrow();
  });

  it("a status outside 200–599 is kept as the server sent it", async () => {
    const error = (await rejection(clientFor("status-999").GET("/groups.json").then(unwrap))) as ApiError;
    expect(error).toMatchObject({ status: 999, problem: { title: "Odd!!" } });
    expect(error.response).toMatchObject({ status: 999, ok: false, statusText: "Odd", url: `${server.url}/status-999/groups.json` });
  });

  it("__proto__ and constructor in a problem stay plain data", async () => {
    const error = (await rejection(clientFor("proto-keys").GET("/groups.json").then(unwrap))) as ApiError;
    expect(error.problem?.title).toBe("Conflict");
    expect(Object.getPrototypeOf(error.problem)).toBe(Object.prototype);
    expect(Object.keys(error.problem ?? {})).toEqual(["__proto__", "constructor", "title", "status"]);
    expect(({} as { title?: unknown }).title).toBeUndefined();
  });
});

describe("the credential is in no error, however it is echoed", () => {
  // The client's use of the one redaction policy, over a socket: a key of one character (the shortest
  // a policy could skip), made of a character the client's own wording never uses, so any occurrence
  // is a leak. Keys of every length, case by case: test/client/redaction.test.ts.
  const keys = ["~"];
  const base64 = (key: string) => Buffer.from(`${key}:`).toString("base64");
  const problemEcho = (key: string, authorization: string) =>
    JSON.stringify({
      title: `Denied ${key}`,
      status: 401,
      detail: `got ${authorization}`,
      [key]: { nested: [`${key}${key}`, { [base64(key)]: base64(key) }] },
    });

  let echo: fault.MisbehavingServer;
  beforeAll(async () => {
    const faults: Record<string, fault.Fault> = {};
    keys.forEach((key, i) => {
      faults[`problem-${i}`] = fault.echoCredential(401, key, problemEcho);
      faults[`text-${i}`] = fault.echoCredential(503, key, (k, authorization) => `<html>${k} ${authorization}</html>`, "text/html");
      faults[`not-json-${i}`] = fault.echoCredential(200, key, (k) => `${k}${k} is not JSON`, "application/json");
      faults[`odd-status-${i}`] = fault.echoCredential(999, key, problemEcho);
      faults[`deep-${i}`] = fault.echoCredential(
        500,
        key,
        (k) => `{"title":"${k}","status":500,"x":${deep("[", "]").replace("[]", `["${k}"]`)}}`,
      );
    });
    echo = await fault.startMisbehavingServer(faults);
  });
  afterAll(async () => {
    await echo?.close();
  });

  /** Every string reachable from a value: own properties (enumerable or not), causes, and a
   * Response's status line, URL and headers. */
  function stringsIn(root: unknown): string[] {
    const found: string[] = [];
    const seen = new Set<unknown>();
    const pending = [root];
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value === "string") found.push(value);
      if (typeof value !== "object" || value === null || seen.has(value)) continue;
      seen.add(value);
      if (value instanceof Response) {
        found.push(value.statusText, value.url);
        value.headers.forEach((v, k) => found.push(k, v));
      }
      for (const name of Object.getOwnPropertyNames(value)) {
        found.push(name);
        pending.push((value as Record<string, unknown>)[name]);
      }
    }
    return found;
  }

  it.each(keys.map((key, i) => [key.length, key, i] as const))("a key of %i characters", async (_, key, i) => {
    const call = (name: string) =>
      rejection(
        createClient({ baseUrl: `${echo.url}/${name}`, apiKey: key, retry: { baseDelayMs: 1, maxDelayMs: 2 } })
          .GET("/groups.json")
          .then(unwrap),
      );
    const errors = await Promise.all([
      call(`problem-${i}`),
      call(`text-${i}`),
      call(`not-json-${i}`),
      call(`deep-${i}`),
      call(`odd-status-${i}`),
    ]);
    expect(errors.map((e) => (e as Error).name)).toEqual(["ApiError", "ApiError", "SyntaxError", "ApiError", "ApiError"]);
    expect((errors[4] as ApiError).response).toMatchObject({ status: 999, ok: false, statusText: "Denied [REDACTED]" });
    // The server did echo it: the request carried both forms.
    expect(echo.seen(`problem-${i}`)[0]?.authorization).toBe(`Basic ${base64(key)}`);
    for (const error of errors) {
      const texts = [...stringsIn(error), JSON.stringify(error), inspect(error, { depth: Infinity, showHidden: true })];
      // The parse error quoted the start of the body: no part of the key as long as 4 characters either.
      for (const secret of [key, base64(key), key.slice(0, 4)]) expect(texts.filter((text) => text.includes(secret))).toEqual([]);
    }
    const denied = errors[0] as ApiError;
    expect(denied.response.statusText).toBe("Denied [REDACTED]");
    expect(denied.response.headers.get("X-Echo-Key")).toBe("[REDACTED]");
    expect(denied.response.headers.get("X-Echo-Authorization")).toBe("Basic [REDACTED]");
    expect(denied.problem).toMatchObject({
      title: "Denied [REDACTED]",
      detail: "got Basic [REDACTED]",
      "[REDACTED]": { nested: ["[REDACTED][REDACTED]", { "[REDACTED]": "[REDACTED]" }] },
    });
    expect(errors[2]).toEqual(new SyntaxError("GET /groups.json: the response body is not valid JSON"));
  });
});
