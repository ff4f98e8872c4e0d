// Behaviour that mutation testing (npm run mutation) found unchecked: each test here kills mutants that
// survived the other client tests — the README's own pagination example, single-attempt retry
// options, the redaction threshold, bodies of discarded answers, a retried request with a body, the
// default retried methods, timers without unref() (browsers), and the messages users read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, collectAll, createClient, paginate, unwrap } from "../../src/index.js";
import { resolveRetryOptions } from "../../src/retry-options.js";
import { createRetryingFetch } from "../../src/retrying-fetch.js";
import { attemptSignal } from "../../src/timeout.js";
import { BASE_URL, fakeFetch, json, problem, status } from "./fake-fetch.js";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("pagination with path parameters only (the README's example)", () => {
  it("adds offset 0 and the maximum limit, and keeps the path", async () => {
    const fake = fakeFetch(json([{ id: 1 }]));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    const files = await collectAll(client, "/v1/projects/{project_id}/files.json", { params: { path: { project_id: 48213 } } });
    expect(files).toEqual([{ id: 1 }]);
    expect(fake.sent.map((s) => `${s.url.pathname}?${s.url.searchParams}`)).toEqual(["/public/api/v1/projects/48213/files.json?offset=0&limit=100"]);
  });

  it("a page that is a string is refused with a message naming the path", async () => {
    const fake = fakeFetch(json("abc"));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    const walk = paginate(client, "/projects.json");
    await expect(walk.next()).rejects.toThrow(new TypeError("paginate: /projects.json answered with something other than an array"));
  });

  it("a limit of 1 walks one item per request", async () => {
    const fake = fakeFetch(json([{ id: 1 }]), json([]));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 1 } } })).toEqual([{ id: 1 }]);
    expect(fake.sent.map((s) => s.url.searchParams.get("offset"))).toEqual(["0", "1"]);
  });

  it("a limit out of range is refused with a message giving the range", async () => {
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fakeFetch(json([])).fetch });
    await expect(collectAll(client, "/projects.json", { params: { query: { limit: 101 } } })).rejects.toThrow(
      new RangeError("paginate: limit must be an integer from 1 to 100"),
    );
  });
});

describe("retry options", () => {
  it("maxAttempts 1 sends a GET once, whatever the answer", async () => {
    const fake = fakeFetch(status(503, { "Retry-After": "0" }), json([]));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: { maxAttempts: 1 } });
    expect((await client.GET("/groups.json")).response.status).toBe(503);
    expect(fake.sent).toHaveLength(1);
  });

  it("by default retries GET, HEAD, OPTIONS and DELETE, and nothing else", () => {
    expect(resolveRetryOptions(undefined).methods).toEqual(["GET", "HEAD", "OPTIONS", "DELETE"]);
    expect(resolveRetryOptions({ methods: ["get", "put", "post"] }).methods).toEqual(["GET", "PUT"]);
  });

  it.each(["HEAD", "OPTIONS"])("%s is retried by default", async (method) => {
    const fake = fakeFetch(status(503, { "Retry-After": "0" }), status(200));
    const retrying = createRetryingFetch({ fetch: fake.fetch, retry: resolveRetryOptions(undefined), timeoutMs: 5000 });
    expect((await retrying(new Request(`${BASE_URL}/groups.json`, { method }))).status).toBe(200);
    expect(fake.sent.map((s) => s.method)).toEqual([method, method]);
  });

  it("says which option is wrong", () => {
    expect(() => resolveRetryOptions({ maxAttempts: 1.5 })).toThrow(new RangeError("retry.maxAttempts must be an integer ≥ 1"));
    expect(() => resolveRetryOptions({ maxElapsedMs: 0 })).toThrow(new RangeError("retry.maxElapsedMs must be a number > 0"));
    expect(() => resolveRetryOptions({ baseDelayMs: -1 })).toThrow(new RangeError("retry.baseDelayMs must be a number ≥ 0"));
    expect(() => resolveRetryOptions({ maxDelayMs: Number.NaN })).toThrow(new RangeError("retry.maxDelayMs must be a number ≥ 0"));
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "k", timeoutMs: 0 })).toThrow(new RangeError("createClient: timeoutMs must be a number > 0"));
    expect(() => createClient({ baseUrl: "", apiKey: "k" })).toThrow(new TypeError("createClient: baseUrl must be a non-empty string"));
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "a:b" })).toThrow(new TypeError("createClient: apiKey must not contain ':'"));
  });

  it("keeps every default it is not given, undefined included", () => {
    const { random, ...resolved } = resolveRetryOptions({ maxAttempts: undefined, baseDelayMs: 10 });
    expect(resolved).toEqual({ maxAttempts: 3, maxElapsedMs: 60_000, baseDelayMs: 10, maxDelayMs: 10_000, statuses: [429, 502, 503, 504], methods: ["GET", "HEAD", "OPTIONS", "DELETE"] });
    expect(random).toBe(Math.random);
  });
});

describe("a retried request with a body", () => {
  it("sends the whole body on every attempt", async () => {
    const bodies: string[] = [];
    const fake = fakeFetch(async (request) => (bodies.push(await request.text()), bodies.length === 1 ? status(503, { "Retry-After": "0" }) : status(204)));
    const retrying = createRetryingFetch({ fetch: fake.fetch, retry: resolveRetryOptions({ methods: ["PUT"] }), timeoutMs: 5000 });
    const response = await retrying(new Request(`${BASE_URL}/things/1.json`, { method: "PUT", body: '{"name":"x"}' }));
    expect(response.status).toBe(204);
    expect(bodies).toEqual(['{"name":"x"}', '{"name":"x"}']);
  });
});

describe("the body of an answer that is retried", () => {
  it("is cancelled, releasing its connection", async () => {
    let cancelled = 0;
    const answer = () =>
      new Response(new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(1)), cancel: () => void cancelled++ }), {
        status: 503,
        headers: { "Retry-After": "0" },
      });
    const replies = [answer(), json([])];
    const fetch = async () => replies.shift()!;
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch });
    expect((await client.GET("/groups.json")).data).toEqual([]);
    expect(cancelled).toBe(1);
  });
});

describe("timers without unref (browsers)", () => {
  it("an attempt still times out when setTimeout returns a plain number", async () => {
    const realSetTimeout = globalThis.setTimeout;
    vi.stubGlobal("setTimeout", (callback: () => void, ms: number) => Number(realSetTimeout(callback, ms)));
    const { signal } = attemptSignal(undefined, 5);
    await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    expect(signal.reason).toMatchObject({ name: "TimeoutError", message: "The request timed out after 5 ms" });
  });

  it("and clear() stops such a timer", async () => {
    const realSetTimeout = globalThis.setTimeout;
    vi.stubGlobal("setTimeout", (callback: () => void, ms: number) => Number(realSetTimeout(callback, ms)));
    const { signal, clear } = attemptSignal(undefined, 5);
    clear();
    await new Promise((resolve) => realSetTimeout(resolve, 30));
    expect(signal.aborted).toBe(false);
  });
});

describe("redaction", () => {
  it("scrubs a key of exactly 8 characters, and leaves shorter ones (ordinary words)", async () => {
    const exact = "k".repeat(8);
    const short = "q".repeat(7);
    const details: (string | undefined)[] = [];
    for (const key of [exact, short]) {
      const client = createClient({ baseUrl: BASE_URL, apiKey: key, fetch: fakeFetch(problem(400, "Bad Request", `your key ${key} is wrong`)).fetch });
      const thrown = await client.GET("/groups.json").then(unwrap, (error: unknown) => error).catch((error: unknown) => error);
      details.push((thrown as ApiError).problem?.detail);
    }
    expect(details).toEqual(["your key [REDACTED] is wrong", `your key ${short} is wrong`]);
  });
});

describe("messages", () => {
  it("an ApiError with a problem without detail names its title only", () => {
    const error = new ApiError({ status: 409, operation: "DELETE /x", problem: { title: "Conflict", status: 409 }, response: new Response() });
    expect(error.message).toBe("DELETE /x failed with status 409: Conflict");
    expect(error.name).toBe("ApiError");
  });

  it("an ApiError with an empty body says so", () => {
    expect(new ApiError({ status: 502, operation: "GET /x", text: "", response: new Response() }).message).toBe("GET /x failed with status 502 and an empty body");
  });
});
