// The exact edges of the retry budget and of what a timer can hold, POST's timeout outside the retry
// budget, and timers and listeners left behind by none of an attempt, a wait or a timeout. Fake timers
// drive every wait.
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/index.js";
import { attemptSignal, resolveRetryOptions, retryAfterMs, sleep } from "../../src/retry.js";
import { BASE_URL, fakeFetch, json, neverAnswers, status, type Reply } from "./fake-fetch.js";

const START = Date.parse("2025-03-01T12:00:00Z");
/** The longest delay setTimeout takes (a signed 32-bit number of ms), written out rather than imported. */
const LONGEST_TIMER_MS = 2_147_483_647;
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

function clientWith(replies: Reply[], options: { timeoutMs?: number; retry?: object } = {}) {
  const fake = fakeFetch(...replies);
  const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, ...options });
  return { client, sent: fake.sent };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("the retry budget's edges", () => {
  it("a wait that would end exactly at maxElapsedMs is not started", async () => {
    const { client, sent } = clientWith([status(503, { "Retry-After": "2" }), json([])], { retry: { maxElapsedMs: 2000 } });
    expect((await client.GET("/groups.json")).response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it("a wait of exactly the longest a timer can hold is kept", async () => {
    // Retry-After as a date 2^31 − 1 ms ahead: the clock is set so that the whole seconds work out.
    const at = START + 2_147_484_000;
    vi.setSystemTime(at - LONGEST_TIMER_MS);
    const { client, sent } = clientWith([status(503, { "Retry-After": new Date(at).toUTCString() }), json([])], {
      retry: { maxElapsedMs: Infinity },
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
      retry: { maxElapsedMs: Infinity },
    });
    const call = client.GET("/groups.json");
    expect(await settled(call)).toBe(true);
    expect((await call).response.status).toBe(503);
    expect(sent).toHaveLength(1);
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

  it("a delay option of 0 is allowed, a budget given as a string is not", () => {
    expect(resolveRetryOptions({ baseDelayMs: 0, maxDelayMs: 0 })).toMatchObject({ baseDelayMs: 0, maxDelayMs: 0 });
    expect(() => resolveRetryOptions({ maxElapsedMs: "5000" as unknown as number })).toThrow(
      new RangeError("retry.maxElapsedMs must be a number > 0"),
    );
  });

  it("Retry-After must start with a letter to be read as a date (an ISO timestamp is not an HTTP date)", () => {
    expect(retryAfterMs("2025-03-01T12:00:10Z", START)).toBeUndefined();
    expect(retryAfterMs("Sat, 01 Mar 2025 12:00:10 GMT", START)).toBe(10_000);
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
