// Retries: which statuses, which methods, how many attempts, how long, and Retry-After in both forms.
// Fake timers drive every wait, so the tests assert on the fake clock, never on the wall clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createClient, unwrap, type RetryOptions } from "../../src/index.js";
import { backoffMs, DEFAULT_RETRY, resolveRetryOptions, retryAfterMs } from "../../src/retry.js";
import { BASE_URL, fakeFetch, json, problem, status, type Reply } from "./fake-fetch.js";

const START = Date.parse("2025-03-01T12:00:00Z");
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

/** A client whose jitter is fixed at its maximum, so every backoff wait is known. */
function clientWith(replies: Reply[], retry: RetryOptions | false = {}) {
  const fake = fakeFetch(...replies);
  const options = retry === false ? false : { random: () => 0.999999, ...retry };
  const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: options });
  return { client, sent: fake.sent };
}

describe("which responses are retried", () => {
  it.each([429, 502, 503, 504])("GET is retried after %i and returns the later success", async (code) => {
    const { client, sent } = clientWith([status(code), json([{ id: 1 }])]);
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([{ id: 1 }]);
    expect(sent).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 500])("GET is not retried after %i", async (code) => {
    const { client, sent } = clientWith([problem(code, "No"), json([])]);
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect((await call).response.status).toBe(code);
    expect(sent).toHaveLength(1);
  });

  it("GET is retried after a network error", async () => {
    const { client, sent } = clientWith([new TypeError("fetch failed"), json([])]);
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it("DELETE is idempotent and retried", async () => {
    const { client, sent } = clientWith([status(503), status(204)]);
    const call = client.DELETE("/projects/{project_id}.json", { params: { path: { project_id: 7 } } });
    await vi.runAllTimersAsync();
    expect((await call).response.status).toBe(204);
    expect(sent.map((s) => s.method)).toEqual(["DELETE", "DELETE"]);
  });
});

describe("POST and PATCH are never sent twice", () => {
  // Even when the caller lists them: a lost answer does not mean the change was not made.
  const everything: RetryOptions = { methods: ["GET", "POST", "PATCH", "DELETE"], maxAttempts: 5 };

  it.each([[503], [429], [502]])("POST after %i: one request, the failure is returned", async (code) => {
    const { client, sent } = clientWith([status(code, { "Retry-After": "0" }), json({ id: 1 }, 201)], everything);
    const call = client.POST("/projects.json", { body: { name: "Spring" } });
    await vi.runAllTimersAsync();
    expect((await call).response.status).toBe(code);
    expect(sent).toHaveLength(1);
  });

  it("PATCH after a network error: one request, the error is thrown", async () => {
    const { client, sent } = clientWith([new TypeError("fetch failed"), status(204)], everything);
    const call = client.PATCH("/projects/{project_id}.json", { params: { path: { project_id: 7 } }, body: { name: "New" } });
    const settled = expect(call).rejects.toThrow("fetch failed");
    await vi.runAllTimersAsync();
    await settled;
    expect(sent).toHaveLength(1);
  });

  it("resolveRetryOptions drops POST and PATCH from the methods", () => {
    expect(resolveRetryOptions({ methods: ["get", "post", "PATCH", "delete"] }).methods).toEqual(["GET", "DELETE"]);
  });
});

describe("bounds", () => {
  it("stops after maxAttempts and hands back the last failure", async () => {
    const { client, sent } = clientWith([status(503)], { maxAttempts: 4 });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    const result = await call;
    expect(sent).toHaveLength(4);
    expect(() => unwrap(result)).toThrow(ApiError);
    expect(result.response.status).toBe(503);
  });

  it("defaults to 3 attempts", async () => {
    const { client, sent } = clientWith([new TypeError("fetch failed")]);
    const call = client.GET("/groups.json");
    const settled = expect(call).rejects.toThrow("fetch failed");
    await vi.runAllTimersAsync();
    await settled;
    expect(DEFAULT_RETRY.maxAttempts).toBe(3);
    expect(sent).toHaveLength(3);
  });

  it("stops when the next wait would pass maxElapsedMs", async () => {
    // Waits of ~1 s, ~2 s, ~4 s: after 1 + 2 = 3 s, another 4 s would end past the 5 s budget.
    const { client, sent } = clientWith([status(503)], { maxAttempts: 10, baseDelayMs: 1000, maxElapsedMs: 5000 });
    const call = client.GET("/groups.json");
    const answeredAt = call.then(() => Date.now());
    await vi.runAllTimersAsync();
    expect((await call).response.status).toBe(503);
    expect(sent).toHaveLength(3);
    expect((await answeredAt) - START).toBe(999 + 1999);
  });

  it("retry: false sends every request once, whatever the answer", async () => {
    const a = clientWith([status(503), json([])], false);
    const call = a.client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect((await call).response.status).toBe(503);
    expect(a.sent).toHaveLength(1);

    const b = clientWith([new TypeError("fetch failed"), json([])], false);
    await expect(b.client.GET("/groups.json")).rejects.toThrow("fetch failed");
    expect(b.sent).toHaveLength(1);
  });

  it("rejects nonsensical options", () => {
    expect(() => resolveRetryOptions({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => resolveRetryOptions({ maxElapsedMs: -1 })).toThrow(RangeError);
    // 0 would give every attempt of a GET a 0 ms timeout.
    expect(() => resolveRetryOptions({ maxElapsedMs: 0 })).toThrow(RangeError);
    // A string (from an environment variable, say) is refused rather than half-working.
    expect(() => resolveRetryOptions({ baseDelayMs: "500" as unknown as number })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: "k", timeoutMs: "5000" as unknown as number })).toThrow(RangeError);
    expect(resolveRetryOptions({ maxAttempts: undefined }).maxAttempts).toBe(3);
  });
});

describe("the defaults", () => {
  it("cannot be changed by accident: every later client starts from them", () => {
    expect(Object.isFrozen(DEFAULT_RETRY)).toBe(true);
    expect(Object.isFrozen(DEFAULT_RETRY.methods)).toBe(true);
    expect(() => ((DEFAULT_RETRY as { maxAttempts: number }).maxAttempts = 10)).toThrow(TypeError);
  });
});

describe("backoff", () => {
  it("is exponential, capped by maxDelayMs, and jittered over [0, ceiling)", () => {
    const top = resolveRetryOptions({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 });
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, top))).toEqual([99, 199, 399, 799, 999, 999]);
    const half = resolveRetryOptions({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 });
    expect([1, 2, 5].map((n) => backoffMs(n, half))).toEqual([50, 100, 500]);
    const none = resolveRetryOptions({ random: () => 0 });
    expect(backoffMs(3, none)).toBe(0);
  });

  it("waits the computed time between attempts, not less", async () => {
    const { client, sent } = clientWith([status(502), status(502), json([])], { baseDelayMs: 1000 });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    // floor(0.999999 × 1000) = 999 ms, then floor(0.999999 × 2000) = 1999 ms later.
    expect(sent.map((s) => s.at - START)).toEqual([0, 999, 999 + 1999]);
  });
});

describe("Retry-After", () => {
  it("in seconds: the next attempt comes exactly that late", async () => {
    const { client, sent } = clientWith([problem(429, "Too Many Requests", undefined, { "Retry-After": "7" }), json([])], {
      baseDelayMs: 1,
    });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    expect(sent.map((s) => s.at - START)).toEqual([0, 7000]);
  });

  it("as an HTTP date: the next attempt comes at that date", async () => {
    const at = new Date(START + 12_000).toUTCString(); // "Sat, 01 Mar 2025 12:00:12 GMT"
    const { client, sent } = clientWith([status(503, { "Retry-After": at }), json([])], { baseDelayMs: 1 });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    expect(sent.map((s) => s.at - START)).toEqual([0, 12_000]);
  });

  it("longer than the time budget: the 429 is handed back at once", async () => {
    const { client, sent } = clientWith([status(429, { "Retry-After": "3600" }), json([])], { maxElapsedMs: 60_000 });
    const result = await client.GET("/groups.json");
    expect(result.response.status).toBe(429);
    expect(result.response.headers.get("Retry-After")).toBe("3600");
    expect(sent).toHaveLength(1);
    // Its timer stopped with the call: nothing is left to fire.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("longer than a timer can hold: handed back at once, even with an unbounded budget", async () => {
    const { client, sent } = clientWith([status(503, { "Retry-After": String(Math.ceil(2 ** 31 / 1000) + 60) }), json([])], {
      maxElapsedMs: Infinity,
    });
    const result = await client.GET("/groups.json");
    expect(result.response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it("longer than maxDelayMs but within the budget is still honoured", async () => {
    const { client, sent } = clientWith([status(429, { "Retry-After": "20" }), json([])], { maxDelayMs: 1000 });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    expect(sent.map((s) => s.at - START)).toEqual([0, 20_000]);
  });

  it("parses both forms and ignores what it cannot read", () => {
    const now = Date.parse("2025-03-01T12:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Sat, 01 Mar 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Sat, 01 Mar 2025 11:00:00 GMT", now)).toBe(0); // in the past: no wait
    expect(retryAfterMs(null, now)).toBeUndefined();
    for (const junk of ["soon", "-5", "1.5", "", "12abc"]) expect(retryAfterMs(junk, now)).toBeUndefined();
  });

  it("an unreadable Retry-After falls back to the backoff", async () => {
    const { client, sent } = clientWith([status(503, { "Retry-After": "later" }), json([])], { baseDelayMs: 100 });
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect(unwrap(await call)).toEqual([]);
    expect(sent.map((s) => s.at - START)).toEqual([0, 99]);
  });
});
