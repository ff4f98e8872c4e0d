// The one timer behind every attempt a client has in flight (src/attempt-deadlines.ts): each attempt
// still ends at its own bound, whatever else is in flight and in whatever order the bounds come; an
// attempt that ends first never fires; the timer stops once nothing is left; it never keeps Node.js
// alive. Fake timers drive it, except where the real Timeout object is what is checked.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AttemptDeadlines } from "../../src/attempt-deadlines.js";
import { createClient } from "../../src/index.js";
import { BASE_URL, fakeFetch, json, neverAnswers } from "./fake-fetch.js";

const START = Date.parse("2025-03-01T12:00:00Z");

describe("deadlines sharing one timer", () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

  /** Adds a deadline `ms` from now that records the fake clock's time when it fires. */
  function watch(deadlines: AttemptDeadlines, ms: number, fired: Map<string, number>, name: string) {
    return deadlines.add(ms, () => fired.set(name, Date.now() - START));
  }

  it("ends each deadline at its own time, in whatever order they were added, with one timer", async () => {
    const deadlines = new AttemptDeadlines();
    const fired = new Map<string, number>();
    watch(deadlines, 1000, fired, "a"); // ends at 1000
    await vi.advanceTimersByTimeAsync(300);
    watch(deadlines, 1000, fired, "b"); // ends at 1300
    watch(deadlines, 200, fired, "c"); // added later, ends first: at 500
    watch(deadlines, 700, fired, "d"); // ends at 1000, with a
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect([...fired]).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect([...fired]).toEqual([["c", 500]]);
    await vi.advanceTimersByTimeAsync(499);
    expect(fired.has("a")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.get("a")).toBe(1000);
    expect(fired.get("d")).toBe(1000);
    await vi.advanceTimersByTimeAsync(299);
    expect(fired.has("b")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.get("b")).toBe(1300);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a removed deadline never fires, and the timer stops when none is left", async () => {
    const deadlines = new AttemptDeadlines();
    const fired = new Map<string, number>();
    const a = watch(deadlines, 1000, fired, "a");
    const b = watch(deadlines, 2000, fired, "b");
    deadlines.remove(a);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect([...fired]).toEqual([]);
    deadlines.remove(b);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...fired]).toEqual([]);
  });

  it("a deadline added from an expiring one is watched too", async () => {
    const deadlines = new AttemptDeadlines();
    const fired = new Map<string, number>();
    deadlines.add(100, () => watch(deadlines, 50, fired, "next"));
    await vi.advanceTimersByTimeAsync(149);
    expect(fired.has("next")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.get("next")).toBe(150);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a timer that should have fired and has not (another clock) is set again when a deadline comes", async () => {
    const deadlines = new AttemptDeadlines();
    const fired = new Map<string, number>();
    watch(deadlines, 1000, fired, "overdue");
    // The clock moves on without the timers: the first deadline is past, its timer not run.
    vi.setSystemTime(START + 5000);
    watch(deadlines, 1000, fired, "new");
    await vi.advanceTimersByTimeAsync(0);
    expect(fired.get("overdue")).toBe(5000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fired.get("new")).toBe(6000);
  });
});

describe("a client's attempts in flight", () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

  it("share one timer, and each still times out at its own bound", async () => {
    const fake = fakeFetch(neverAnswers);
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, timeoutMs: 1000, retry: false });
    const failedAt: Promise<number>[] = [];
    for (let i = 0; i < 5; i++) {
      failedAt.push(
        client.GET("/groups.json").then(
          () => Number.NaN,
          (error: Error) => (error.name === "TimeoutError" ? Date.now() - START : Number.NaN),
        ),
      );
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await Promise.all(failedAt)).toEqual([1000, 1100, 1200, 1300, 1400]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a call that ends leaves the others' deadlines running, and the last one stops the timer", async () => {
    let answer: ((response: Response) => void) | undefined;
    const fake = fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)), neverAnswers);
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, timeoutMs: 1000, retry: false });
    const answered = client.GET("/groups.json");
    await vi.advanceTimersByTimeAsync(0);
    const stalled = expect(client.GET("/groups.json")).rejects.toMatchObject({ name: "TimeoutError" });
    await vi.advanceTimersByTimeAsync(500);
    answer?.(json([{ id: 1 }]));
    expect((await answered).data).toEqual([{ id: 1 }]);
    expect(fake.sent[0]?.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    await stalled;
    expect(fake.sent[0]?.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("on the real clock", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the timer never keeps Node.js alive (unref)", () => {
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    const deadlines = new AttemptDeadlines();
    const deadline = deadlines.add(60_000, () => {});
    const timer = setTimeoutSpy.mock.results.at(-1)?.value as NodeJS.Timeout;
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    expect(timer.hasRef()).toBe(false);
    deadlines.remove(deadline);
  });

  it("ends a deadline on time", async () => {
    const deadlines = new AttemptDeadlines();
    const started = performance.now();
    const elapsed = await new Promise<number>((resolve) => deadlines.add(20, () => resolve(performance.now() - started)));
    // The deadline is read from Date.now(), whole milliseconds: up to one early by performance.now().
    expect(elapsed).toBeGreaterThanOrEqual(18);
  });
});
