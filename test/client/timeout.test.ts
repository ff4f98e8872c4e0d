// Timeouts per attempt (within the retry budget, or for a POST outside it), the caller's own signal,
// which stops everything at once, and the timers and listeners behind them: none left behind by an
// attempt, a wait or a timeout, and timeouts where setTimeout returns a plain number (browsers, no
// unref()). Fake timers drive every wait. (What is retried, and Retry-After: retry.test.ts.)
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient, type RetryOptions } from "../../src/index.js";
import { attemptSignal, sleep } from "../../src/retry.js";
import { BASE_URL, fakeFetch, json, neverAnswers, problem, settled, status, type Reply } from "./fake-fetch.js";

const START = Date.parse("2025-03-01T12:00:00Z");
/** The longest delay setTimeout takes (a signed 32-bit number of ms), written out rather than imported. */
const LONGEST_TIMER_MS = 2_147_483_647;
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

function clientWith(replies: Reply[], options: { timeoutMs?: number; retry?: RetryOptions | false } = {}) {
  const fake = fakeFetch(...replies);
  const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, ...options });
  return { client, sent: fake.sent };
}

describe("timeout", () => {
  it("aborts an attempt after timeoutMs with a TimeoutError", async () => {
    const { client, sent } = clientWith([neverAnswers], { timeoutMs: 5000, retry: false });
    const call = client.GET("/groups.json");
    const settled = expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(sent).toHaveLength(1);
  });

  it("a timed-out GET is retried, each attempt with its own timeout", async () => {
    const { client, sent } = clientWith([neverAnswers, neverAnswers, json([{ id: 2 }])], {
      timeoutMs: 1000,
      retry: { baseDelayMs: 10, random: () => 0 },
    });
    const started = Date.now();
    const call = client.GET("/groups.json");
    await vi.runAllTimersAsync();
    expect((await call).data).toEqual([{ id: 2 }]);
    // Timed out at 1000 ms, a zero wait (random() = 0), timed out again 1000 ms later.
    expect(sent.map((s) => s.at - started)).toEqual([0, 1000, 2000]);
  });

  it("an attempt never outlasts the total budget (maxElapsedMs)", async () => {
    const { client } = clientWith([neverAnswers], { timeoutMs: 60_000, retry: { maxElapsedMs: 2500 } });
    const call = client.GET("/groups.json");
    const failedAt = call.then(
      () => Number.NaN,
      () => Date.now(),
    );
    const started = Date.now();
    await vi.advanceTimersByTimeAsync(2500);
    expect((await failedAt) - started).toBe(2500);
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("a later attempt gets only what is left of the budget", async () => {
    const { client, sent } = clientWith([status(503, { "Retry-After": "1" }), neverAnswers], {
      timeoutMs: 10_000,
      retry: { maxElapsedMs: 3000 },
    });
    const call = client.GET("/groups.json");
    const failedAt = call.then(
      () => Number.NaN,
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(2);
    expect((await failedAt) - START).toBe(3000);
  });

  it("POST, sent once, is bounded by timeoutMs alone, not by the retry budget", async () => {
    const { client } = clientWith([neverAnswers], { timeoutMs: 9000, retry: { maxElapsedMs: 1000 } });
    const call = client.POST("/projects.json", { body: { name: "x" } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(call)).toBe(false);
    await vi.advanceTimersByTimeAsync(8000);
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("also covers a body that stops arriving", async () => {
    const stalledBody = (request: Request) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("[{"));
            request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    const { client } = clientWith([stalledBody], { timeoutMs: 3000, retry: false });
    const call = client.GET("/groups.json");
    const settled = expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
  });

  it("stops the attempt's timer once the body is read, with or without a body", async () => {
    const { client } = clientWith([json([{ id: 2 }]), status(204)], { timeoutMs: 3000 });
    expect((await client.GET("/groups.json")).data).toEqual([{ id: 2 }]);
    expect(vi.getTimerCount()).toBe(0);
    await client.DELETE("/projects/{project_id}.json", { params: { path: { project_id: 1 } } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops it too for client.request(), a failed streamed call, and a failure with a body", async () => {
    const { client } = clientWith([json([{ id: 2 }]), problem(404, "Not Found"), problem(503, "Unavailable")], {
      timeoutMs: 3000,
      retry: false,
    });
    await client.request("get", "/groups.json");
    await client.GET("/groups/{group_id}.json", { params: { path: { group_id: 9 } }, parseAs: "stream" });
    await client.GET("/groups.json");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps guarding a streamed body, which the caller reads after the call returns", async () => {
    const { client } = clientWith([json([{ id: 2 }])], { timeoutMs: 3000 });
    const { data } = await client.GET("/groups.json", { parseAs: "stream" });
    expect(data).toBeInstanceOf(ReadableStream);
    expect(vi.getTimerCount()).toBe(1);
  });

  // What a real fetch answers: a body with its Content-Length (fetch delivers no more than that).
  const withLength = (text: string) => () =>
    new Response(text, { status: 200, headers: { "Content-Type": "application/json", "Content-Length": String(text.length) } });

  it("with a Content-Length: the timer stops once the call has read the body, and keeps guarding a streamed one", async () => {
    const { client } = clientWith([withLength('[{"id":2}]')], { timeoutMs: 3000 });
    expect((await client.GET("/groups.json")).data).toEqual([{ id: 2 }]);
    expect(vi.getTimerCount()).toBe(0);
    await client.GET("/groups.json", { parseAs: "stream" });
    expect(vi.getTimerCount()).toBe(1);
  });

  it("with a Content-Length, a body that stops arriving still times out", async () => {
    const stalled = (request: Request) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("[{"));
            request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json", "Content-Length": "20" } },
      );
    const { client } = clientWith([stalled], { timeoutMs: 3000, retry: false });
    const settled = expect(client.GET("/groups.json")).rejects.toMatchObject({ name: "TimeoutError" });
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
  });

  it("rejects a timeout that is not a positive number", () => {
    for (const timeoutMs of [0, -1, Number.NaN]) {
      expect(() => createClient({ baseUrl: BASE_URL, apiKey: "k", timeoutMs })).toThrow(RangeError);
    }
  });
});

describe("the caller's signal", () => {
  it("aborting an attempt in flight rejects at once with the caller's reason and is not retried", async () => {
    const { client, sent } = clientWith([neverAnswers, json([])], { timeoutMs: 10_000 });
    const controller = new AbortController();
    const call = client.GET("/groups.json", { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it("aborting during a backoff wait rejects at once, with no further attempt", async () => {
    const { client, sent } = clientWith([status(503, { "Retry-After": "30" }), json([])]);
    const controller = new AbortController();
    const call = client.GET("/groups.json", { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    const reason = new Error("user navigated away");
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    const { client, sent } = clientWith([json([])]);
    await expect(client.GET("/groups.json", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(sent).toHaveLength(0);
  });

  it("each attempt's signal follows the caller's", async () => {
    const { client, sent } = clientWith([neverAnswers]);
    const controller = new AbortController();
    const call = client.GET("/groups.json", { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1);
    controller.abort();
    await call;
    expect(sent[0]?.signal.aborted).toBe(true);
  });
});

describe("timers and listeners", () => {
  it("an infinite timeout starts no timer", async () => {
    const { signal } = attemptSignal(undefined, Infinity);
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS);
    expect(signal.aborted).toBe(false);
  });

  it("an already aborted caller aborts the attempt at once, with its reason", () => {
    const reason = new Error("stop");
    expect(attemptSignal(AbortSignal.abort(reason), 1000).signal.reason).toBe(reason);
  });

  it("leaves no listener on the caller's signal: after a timeout, a clear() or the caller's abort", async () => {
    const caller = new AbortController();
    attemptSignal(caller.signal, 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);

    attemptSignal(caller.signal, 10).clear();
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);

    const { signal } = attemptSignal(caller.signal, Infinity);
    caller.abort(new Error("stop"));
    expect(signal.aborted).toBe(true);
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
  });

  it("sleep without a signal just waits", async () => {
    const waited = sleep(50);
    await vi.advanceTimersByTimeAsync(50);
    await expect(waited).resolves.toBeUndefined();
  });

  it("sleep with an aborted signal rejects at once, with its reason", async () => {
    const reason = new Error("stop");
    const waited = sleep(50_000, AbortSignal.abort(reason));
    await expect(waited).rejects.toBe(reason);
  });

  it("sleep leaves no listener behind, whether it ends or is aborted", async () => {
    const caller = new AbortController();
    const waited = sleep(50, caller.signal);
    await vi.advanceTimersByTimeAsync(50);
    await waited;
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    const aborted = sleep(50, caller.signal);
    caller.abort(new Error("stop"));
    await expect(aborted).rejects.toThrow("stop");
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
  });
});

describe("a caller's signal, whatever runs before the fetch", () => {
  it("ends a call whose fetch a middleware defers, and one that middleware starts with a signal of its own", async () => {
    const inner = clientWith([neverAnswers], { retry: false });
    const innerCaller = new AbortController();
    let innerCall: Promise<unknown> | undefined;
    const outer = clientWith([neverAnswers], { retry: false });
    outer.client.use({
      onRequest() {
        // Started while the outer call (given no signal) is still being set up.
        innerCall ??= inner.client.GET("/groups.json", { signal: innerCaller.signal });
        return undefined;
      },
    });
    const unsignalled = outer.client.GET("/groups.json");
    const outerCaller = new AbortController();
    const signalled = outer.client.GET("/groups.json", { signal: outerCaller.signal });
    const aborted = Promise.allSettled([innerCall!, signalled]);
    await vi.advanceTimersByTimeAsync(0);
    innerCaller.abort(new Error("inner stop"));
    outerCaller.abort(new Error("outer stop"));
    expect(await settled(aborted)).toBe(true);
    expect((await aborted).map((outcome) => outcome.status === "rejected" && (outcome.reason as Error).message)).toEqual([
      "inner stop",
      "outer stop",
    ]);
    expect(await settled(unsignalled)).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(unsignalled).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("listeners on a call's Request signal", () => {
  it("a call given no signal adds none (nothing can abort it but the timer); one given a signal adds one", async () => {
    const listening: number[] = [];
    const client = createClient({
      baseUrl: BASE_URL,
      apiKey: "k",
      fetch: async (request) => {
        listening.push(getEventListeners(request.signal, "abort").length);
        return json([]);
      },
    });
    await client.GET("/groups.json");
    await client.GET("/groups.json", { signal: new AbortController().signal });
    expect(listening).toEqual([0, 1]);
  });

  it("a signalled call whose fetch a middleware defers still listens, whatever calls come between", async () => {
    const { client } = clientWith([neverAnswers], { retry: false });
    client.use({ onRequest: () => undefined });
    const caller = new AbortController();
    const signalled = client.GET("/groups.json", { signal: caller.signal });
    const unsignalled = client.GET("/groups.json");
    const outcome = Promise.allSettled([signalled]);
    await vi.advanceTimersByTimeAsync(0);
    caller.abort(new Error("stop"));
    expect(await settled(outcome)).toBe(true);
    expect(await settled(unsignalled)).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(unsignalled).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("timers without unref (browsers), on the real clock", () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

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
