// Retry options as given and resolved, what a retried attempt sends again (the whole body) and what it
// releases (the unread body of an answer it retries), and timeouts where setTimeout returns a plain
// number (browsers, no unref()).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/index.js";
import { attemptSignal, createRetryingFetch, resolveRetryOptions } from "../../src/retry.js";
import { BASE_URL, fakeFetch, json, status } from "./fake-fetch.js";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
    const retrying = createRetryingFetch({
      fetch: fake.fetch,
      retry: resolveRetryOptions(undefined),
      timeoutMs: 5000,
      maxResponseBytes: Infinity,
    });
    expect((await retrying(new Request(`${BASE_URL}/groups.json`, { method }))).status).toBe(200);
    expect(fake.sent.map((s) => s.method)).toEqual([method, method]);
  });

  it("says which option is wrong", () => {
    expect(() => resolveRetryOptions({ maxAttempts: 1.5 })).toThrow(new RangeError("retry.maxAttempts must be an integer ≥ 1"));
    expect(() => resolveRetryOptions({ maxElapsedMs: 0 })).toThrow(new RangeError("retry.maxElapsedMs must be a number > 0"));
    expect(() => resolveRetryOptions({ baseDelayMs: -1 })).toThrow(new RangeError("retry.baseDelayMs must be a number ≥ 0"));
    expect(() => resolveRetryOptions({ maxDelayMs: Number.NaN })).toThrow(new RangeError("retry.maxDelayMs must be a number ≥ 0"));
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "k", timeoutMs: 0 })).toThrow(
      new RangeError("createClient: timeoutMs must be a number > 0"),
    );
    expect(() => createClient({ baseUrl: "", apiKey: "k" })).toThrow(new TypeError("createClient: baseUrl must be a non-empty string"));
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "a:b" })).toThrow(new TypeError("createClient: apiKey must not contain ':'"));
  });

  it("keeps every default it is not given, undefined included", () => {
    const { random, ...resolved } = resolveRetryOptions({ maxAttempts: undefined, baseDelayMs: 10 });
    expect(resolved).toEqual({
      maxAttempts: 3,
      maxElapsedMs: 60_000,
      baseDelayMs: 10,
      maxDelayMs: 10_000,
      statuses: [429, 502, 503, 504],
      methods: ["GET", "HEAD", "OPTIONS", "DELETE"],
    });
    expect(random).toBe(Math.random);
  });
});

describe("a retried request with a body", () => {
  it("sends the whole body on every attempt", async () => {
    const bodies: string[] = [];
    const fake = fakeFetch(
      async (request) => (bodies.push(await request.text()), bodies.length === 1 ? status(503, { "Retry-After": "0" }) : status(204)),
    );
    const retrying = createRetryingFetch({
      fetch: fake.fetch,
      retry: resolveRetryOptions({ methods: ["PUT"] }),
      timeoutMs: 5000,
      maxResponseBytes: Infinity,
    });
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
