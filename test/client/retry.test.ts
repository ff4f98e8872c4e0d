// Retries, every case once: which statuses and which methods, the options, how many attempts and how
// long (the budget's edges), the backoff, Retry-After in both forms and at its edges, what a retried
// attempt sends again and what it releases. Fake timers drive every wait, so the tests assert on the
// fake clock, never on the wall clock; the last block shows the same waits over a real socket.
// (Timeouts per attempt and the caller's signal: timeout.test.ts; the credential on every attempt:
// auth.test.ts; every fault of a network or server: test/faults/client-faults.test.ts.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createClient, unwrap, type RetryOptions } from "../../src/index.js";
import { backoffMs, createRetryingFetch, DEFAULT_RETRY, resolveRetryOptions, retryAfterMs } from "../../src/retry.js";
import * as fault from "../faults/misbehaving-server.js";
import { BASE_URL, fakeFetch, json, problem, settled, status, type Reply } from "./fake-fetch.js";

const START = Date.parse("2025-03-01T12:00:00Z");
/** The longest delay setTimeout takes (a signed 32-bit number of ms), written out rather than imported. */
const LONGEST_TIMER_MS = 2_147_483_647;

/** A client whose jitter is fixed at its maximum, so every backoff wait is known. */
function clientWith(replies: Reply[], retry: RetryOptions | false = {}) {
  const fake = fakeFetch(...replies);
  const options = retry === false ? false : { random: () => 0.999999, ...retry };
  const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: options });
  return { client, sent: fake.sent };
}

describe("on a fake clock", () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

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

    it.each(["HEAD", "OPTIONS"])("%s is retried by default", async (method) => {
      const fake = fakeFetch(status(503, { "Retry-After": "0" }), status(200));
      const retrying = createRetryingFetch({
        fetch: fake.fetch,
        retry: resolveRetryOptions(undefined),
        timeoutMs: 5000,
        maxResponseBytes: Infinity,
      });
      const answer = retrying(new Request(`${BASE_URL}/groups.json`, { method }));
      await vi.runAllTimersAsync();
      expect((await answer).status).toBe(200);
      expect(fake.sent.map((s) => s.method)).toEqual([method, method]);
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

    it("a wait that would end exactly at maxElapsedMs is not started", async () => {
      const { client, sent } = clientWith([status(503, { "Retry-After": "2" }), json([])], { maxElapsedMs: 2000 });
      expect((await client.GET("/groups.json")).response.status).toBe(503);
      expect(sent).toHaveLength(1);
    });

    it("maxAttempts 1 sends a GET once, whatever the answer", async () => {
      const { client, sent } = clientWith([status(503, { "Retry-After": "0" }), json([])], { maxAttempts: 1 });
      expect((await client.GET("/groups.json")).response.status).toBe(503);
      expect(sent).toHaveLength(1);
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
  });

  describe("the options", () => {
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

    it("a delay option of 0 is allowed, a budget given as a string is not", () => {
      expect(resolveRetryOptions({ baseDelayMs: 0, maxDelayMs: 0 })).toMatchObject({ baseDelayMs: 0, maxDelayMs: 0 });
      expect(() => resolveRetryOptions({ maxElapsedMs: "5000" as unknown as number })).toThrow(
        new RangeError("retry.maxElapsedMs must be a number > 0"),
      );
    });

    it("by default retries GET, HEAD, OPTIONS and DELETE, and nothing else", () => {
      expect(resolveRetryOptions(undefined).methods).toEqual(["GET", "HEAD", "OPTIONS", "DELETE"]);
      expect(resolveRetryOptions({ methods: ["get", "put", "post"] }).methods).toEqual(["GET", "PUT"]);
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

    it("the defaults cannot be changed by accident: every later client starts from them", () => {
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
      expect(() => unwrap(result)).toThrow(ApiError);
      expect(sent).toHaveLength(1);
      // Its timer stopped with the call: nothing is left to fire.
      expect(vi.getTimerCount()).toBe(0);
    });

    it.each([
      ["0", "0"],
      ["a past HTTP date", "Wed, 21 Oct 2015 07:28:00 GMT"],
    ])("%s: the next attempt comes at once", async (_, value) => {
      const { client, sent } = clientWith([problem(429, "Too Many Requests", undefined, { "Retry-After": value }), json([])], {
        baseDelayMs: 1000,
      });
      const call = client.GET("/groups.json");
      await vi.runAllTimersAsync();
      expect(unwrap(await call)).toEqual([]);
      expect(sent.map((s) => [s.method, s.at - START])).toEqual([
        ["GET", 0],
        ["GET", 0],
      ]);
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

    it("a wait of exactly the longest a timer can hold is kept", async () => {
      // Retry-After as a date 2^31 − 1 ms ahead: the clock is set so that the whole seconds work out.
      const at = START + 2_147_484_000;
      vi.setSystemTime(at - LONGEST_TIMER_MS);
      const { client, sent } = clientWith([status(503, { "Retry-After": new Date(at).toUTCString() }), json([])], {
        maxElapsedMs: Infinity,
      });
      const call = client.GET("/groups.json");
      expect(await settled(call)).toBe(false);
      await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS);
      expect((await call).response.status).toBe(200);
      expect(sent).toHaveLength(2);
    });

    it("one millisecond longer is handed back at once", async () => {
      const at = START + 2_147_484_000;
      vi.setSystemTime(at - LONGEST_TIMER_MS - 1);
      const { client, sent } = clientWith([status(503, { "Retry-After": new Date(at).toUTCString() }), json([])], {
        maxElapsedMs: Infinity,
      });
      const call = client.GET("/groups.json");
      expect(await settled(call)).toBe(true);
      expect((await call).response.status).toBe(503);
      expect(sent).toHaveLength(1);
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

    it("must start with a letter to be read as a date (an ISO timestamp is not an HTTP date)", () => {
      expect(retryAfterMs("2025-03-01T12:00:10Z", START)).toBeUndefined();
      expect(retryAfterMs("Sat, 01 Mar 2025 12:00:10 GMT", START)).toBe(10_000);
    });

    it("an unreadable Retry-After falls back to the backoff", async () => {
      const { client, sent } = clientWith([status(503, { "Retry-After": "later" }), json([])], { baseDelayMs: 100 });
      const call = client.GET("/groups.json");
      await vi.runAllTimersAsync();
      expect(unwrap(await call)).toEqual([]);
      expect(sent.map((s) => s.at - START)).toEqual([0, 99]);
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
      const answer = retrying(new Request(`${BASE_URL}/things/1.json`, { method: "PUT", body: '{"name":"x"}' }));
      await vi.runAllTimersAsync();
      expect((await answer).status).toBe(204);
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
      const call = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch }).GET("/groups.json");
      await vi.runAllTimersAsync();
      expect((await call).data).toEqual([]);
      expect(cancelled).toBe(1);
    });
  });
});

describe.concurrent("Retry-After over a real socket, on the real clock", () => {
  // What the fake clock shows exactly above, a server on 127.0.0.1 shows on the wall clock: the waits
  // are real (about a second each), and a 429 asking for too long comes back at once.
  let server: fault.MisbehavingServer;
  beforeAll(async () => {
    server = await fault.startMisbehavingServer({
      seconds: fault.firstThen(1, fault.problem(429, "Too Many Requests", { "Retry-After": "1" }), fault.json(200, [{ id: 1 }])),
      date: fault.firstThen(
        1,
        (req, res, nth) =>
          fault.problem(429, "Too Many Requests", { "Retry-After": new Date(Date.now() + 2000).toUTCString() })(req, res, nth),
        fault.json(200, [{ id: 2 }]),
      ),
      "too-long": fault.problem(429, "Too Many Requests", { "Retry-After": "3600" }),
    });
  });
  afterAll(() => server?.close());
  const getGroups = (name: string) =>
    createClient({
      baseUrl: `${server.url}/${name}`,
      apiKey: "retry-after-key",
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      timeoutMs: 5000,
    }).GET("/groups.json");

  it("in seconds: the next attempt waits that long, then succeeds", async () => {
    expect(unwrap(await getGroups("seconds"))).toEqual([{ id: 1 }]);
    const [first, second] = server.seen("seconds");
    // A lower bound only (the wait may not be shorter than asked); 50 ms for clock granularity.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("as an HTTP date: the next attempt waits until then, then succeeds", async () => {
    expect(unwrap(await getGroups("date"))).toEqual([{ id: 2 }]);
    const [first, second] = server.seen("date");
    // The date has whole seconds: "now + 2 s" rounded down is at least 1 s away.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it("asking for longer than the time budget: handed back at once as ApiError", async () => {
    const result = await getGroups("too-long");
    expect(() => unwrap(result)).toThrow(ApiError);
    expect(result.response.status).toBe(429);
    expect(result.response.headers.get("Retry-After")).toBe("3600");
    expect(server.seen("too-long")).toHaveLength(1);
  });
});
