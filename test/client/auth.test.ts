// The credential's exact bytes, the User-Agent, and the API key kept out of everything thrown or logged
// (the client's use of the one redaction policy; the policy itself, case by case: redaction.test.ts).
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiError, createClient, PACKAGE_USER_AGENT, unwrap } from "../../src/index.js";
import { BASE_URL, fakeFetch, json, neverAnswers, problem } from "./fake-fetch.js";
import packageJson from "../../package.json" with { type: "json" };

describe("Authorization", () => {
  it("is HTTP Basic with the key as user name and an empty password, byte for byte", async () => {
    const fake = fakeFetch(json([]));
    await createClient({ baseUrl: BASE_URL, apiKey: "4f9d2c81e0b7", fetch: fake.fetch }).GET("/groups.json");
    // base64("4f9d2c81e0b7:"), written out so the test does not share the code under test.
    expect(fake.sent[0]?.headers.get("Authorization")).toBe("Basic NGY5ZDJjODFlMGI3Og==");
  });

  it("encodes the key as UTF-8 (RFC 7617)", async () => {
    const fake = fakeFetch(json([]));
    await createClient({ baseUrl: BASE_URL, apiKey: "clé", fetch: fake.fetch }).GET("/groups.json");
    expect(fake.sent[0]?.headers.get("Authorization")).toBe(`Basic ${Buffer.from("clé:", "utf8").toString("base64")}`);
    expect(fake.sent[0]?.headers.get("Authorization")).toBe("Basic Y2zDqTo=");
  });

  it("is sent on every attempt of a retried request", async () => {
    const fake = fakeFetch(new Response(null, { status: 503, headers: { "Retry-After": "0" } }), json([]));
    await createClient({ baseUrl: BASE_URL, apiKey: "abc", fetch: fake.fetch }).GET("/groups.json");
    expect(fake.sent.map((s) => s.headers.get("Authorization"))).toEqual(["Basic YWJjOg==", "Basic YWJjOg=="]);
  });

  it("rejects an empty key or one with a colon, without quoting it", () => {
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "" })).toThrow("apiKey must be a non-empty string");
    const withColon = "sec:ret-value";
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: withColon })).toThrow(/must not contain ':'/);
    try {
      createClient({ baseUrl: BASE_URL, apiKey: withColon });
    } catch (error) {
      expect(String(error)).not.toContain("ret-value");
    }
  });
});

describe("User-Agent", () => {
  it("names the package and its version", async () => {
    const fake = fakeFetch(json([]));
    await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch }).GET("/groups.json");
    expect(fake.sent[0]?.headers.get("User-Agent")).toBe(`@project-collaboration/api/${packageJson.version}`);
    expect(PACKAGE_USER_AGENT).toBe(`@project-collaboration/api/${packageJson.version}`);
  });

  it('is left to the browser in a web page or a worker (docs/guides/client.md, "In a browser")', async () => {
    for (const global of ["document", "WorkerGlobalScope"] as const) {
      vi.stubGlobal(global, global === "document" ? {} : class WorkerGlobalScope {});
      try {
        const fake = fakeFetch(json([]));
        await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, userAgent: "acme-sync/2.1" }).GET("/groups.json");
        expect(fake.sent[0]?.headers.get("User-Agent"), global).toBeNull();
        expect(fake.sent[0]?.headers.get("Authorization"), global).toBe("Basic azo=");
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });

  it("puts the application's own token first", async () => {
    const fake = fakeFetch(json([]));
    await createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, userAgent: "acme-sync/2.1" }).GET("/groups.json");
    expect(fake.sent[0]?.headers.get("User-Agent")).toBe(`acme-sync/2.1 @project-collaboration/api/${packageJson.version}`);
  });
});

describe("an error scrubbed of the key", () => {
  it("keeps message and stack as Error has them: not enumerable, and the caller may still change them", async () => {
    const apiKey = "SECRET-scrub-4711";
    const client = createClient({
      baseUrl: "https://pcs.example.com/public/api",
      apiKey,
      retry: false,
      fetch: async () => {
        throw new Error(`connect failed for ${apiKey}`);
      },
    });
    const error = (await client.GET("/groups.json").catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("connect failed for [REDACTED]");
    expect(Object.keys(error)).toEqual([]);
    error.message = "changed";
    delete (error as { stack?: string }).stack;
    expect([error.message, error.stack]).toEqual(["changed", undefined]);
  });
});

describe("the API key never leaks", () => {
  const apiKey = "SECRET-9f8e7d6c5b4a";
  const encoded = Buffer.from(`${apiKey}:`).toString("base64");
  afterEach(() => vi.restoreAllMocks());

  /** Every way a thrown value can end up in a log. */
  function renderings(thrown: unknown): string[] {
    const error = thrown as Error & { cause?: unknown };
    return [
      String(thrown),
      error.message ?? "",
      error.stack ?? "",
      inspect(thrown, { depth: 8, showHidden: true, getters: true }),
      JSON.stringify(thrown, Object.getOwnPropertyNames(thrown ?? {})) ?? "",
      inspect(error.cause, { depth: 8, showHidden: true }),
    ];
  }

  it("in errors thrown for failures, timeouts, aborts and bad options; and nothing is logged", async () => {
    const logged = (["log", "info", "warn", "error", "debug", "trace"] as const).map((m) => vi.spyOn(console, m));
    const thrown: unknown[] = [];
    const capture = async (fn: () => unknown) => {
      try {
        await fn();
      } catch (error) {
        thrown.push(error);
      }
    };
    const echoingServer = (request: Request) =>
      // A misbehaving server that echoes the request's headers: its body is scrubbed.
      new Response(`<pre>${request.headers.get("Authorization")}</pre>`, { status: 500, headers: { "Content-Type": "text/html" } });
    const client = (reply: Parameters<typeof fakeFetch>[0], extra = {}) =>
      createClient({ baseUrl: BASE_URL, apiKey, fetch: fakeFetch(reply).fetch, retry: false, ...extra });

    await capture(async () => unwrap(await client(problem(401, "Unauthorized")).GET("/groups.json")));
    await capture(async () => unwrap(await client(echoingServer).GET("/groups.json")));
    await capture(() => client(new TypeError("fetch failed")).GET("/groups.json"));
    await capture(() => client(neverAnswers, { timeoutMs: 5 }).GET("/groups.json"));
    await capture(() => client(neverAnswers).GET("/groups.json", { signal: AbortSignal.abort() }));
    await capture(() => createClient({ baseUrl: "", apiKey }));
    await capture(() => createClient({ baseUrl: BASE_URL, apiKey, timeoutMs: -1 }));
    await capture(() => createClient({ baseUrl: BASE_URL, apiKey, retry: { maxAttempts: 0 } }));

    expect(thrown).toHaveLength(8);
    for (const value of thrown) {
      for (const text of renderings(value)) {
        expect(text).not.toContain(apiKey);
        expect(text).not.toContain(encoded);
      }
    }
    expect((thrown[1] as { text: string }).text).toBe("<pre>Basic [REDACTED]</pre>");
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it("in a problem body and the headers that echo it", async () => {
    const echo = json({ title: `Unknown key ${apiKey}`, status: 401, detail: `Authorization: Basic ${encoded}` }, 401, {
      "X-Echo": `Basic ${encoded}`,
    });
    const result = await createClient({ baseUrl: BASE_URL, apiKey, fetch: fakeFetch(echo).fetch }).GET("/groups.json");
    try {
      unwrap(result);
      expect.unreachable();
    } catch (error) {
      for (const text of renderings(error)) expect(text).not.toContain(apiKey);
      expect((error as { problem: unknown }).problem).toEqual({
        title: "Unknown key [REDACTED]",
        status: 401,
        detail: "Authorization: Basic [REDACTED]",
      });
      expect((error as ApiError).response.headers.get("X-Echo")).toBe("Basic [REDACTED]");
    }
  });

  it("in an error a call throws, and its cause", async () => {
    const key = "key-in-a-network-error";
    const cause = new Error(`socket said ${key}`);
    const fetch = fakeFetch(new TypeError(`fetch failed for ${key}`, { cause })).fetch;
    const thrown = await createClient({ baseUrl: BASE_URL, apiKey: key, fetch, retry: false })
      .GET("/groups.json")
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({ message: "fetch failed for [REDACTED]", cause: { message: "socket said [REDACTED]" } });
    expect(String((thrown as Error).stack)).not.toContain(key);
  });

  it("and the response itself stays on the error when it holds no secret", async () => {
    const reply = problem(429, "Too Many Requests", undefined, { "Retry-After": "3" });
    const result = await createClient({ baseUrl: BASE_URL, apiKey: "a-key-nobody-echoes", fetch: async () => reply, retry: false }).GET(
      "/groups.json",
    );
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ response: result.response }));
  });

  it("in the client object itself", () => {
    const client = createClient({ baseUrl: BASE_URL, apiKey });
    const seen = inspect(client, { depth: 8, showHidden: true });
    expect(seen).not.toContain(apiKey);
    expect(seen).not.toContain(encoded);
  });
});
