// A fetch that retries. openapi-fetch middleware cannot send a request twice, so retries live here,
// below openapi-fetch: it hands us a finished Request, which we send again (a copy of it when it has a
// body, since a body can be read once).
import { backoffMs, type ResolvedRetryOptions } from "./retry-options.js";
import { retryAfterMs } from "./retry-after.js";
import { sleep } from "./sleep.js";
import { attemptSignal, guardBody, MAX_TIMER_MS } from "./timeout.js";

/** The fetch signature openapi-fetch calls (globalThis.fetch fits it). An injected fetch must honour
 * `init.signal` as fetch does: it carries the caller's abort and the per-attempt timeout. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

export interface RetryingFetchOptions {
  fetch: FetchLike;
  retry: ResolvedRetryOptions;
  /** Per attempt, from sending to the end of the body; Infinity for none. */
  timeoutMs: number;
}

export function createRetryingFetch({ fetch, retry, timeoutMs }: RetryingFetchOptions): FetchLike {
  return async function retryingFetch(request, init) {
    const started = Date.now();
    const caller = request.signal;
    const maxAttempts = retry.methods.includes(request.method.toUpperCase()) ? retry.maxAttempts : 1;
    const mayRetry = maxAttempts > 1;

    for (let attempt = 1; ; attempt++) {
      caller.throwIfAborted();
      const remaining = retry.maxElapsedMs - (Date.now() - started);
      // With retries on, maxElapsedMs bounds the whole call, so an attempt may not outlast it either.
      const guard = attemptSignal(caller, mayRetry ? Math.min(timeoutMs, remaining) : timeoutMs);
      // A request with a body is copied before each attempt that may be followed by another, so the
      // original body stays unread for the next one; a bodyless request (every GET) can be sent as is
      // any number of times, and skipping clone() saves ~8 µs per request (bench/README.md).
      const source = mayRetry && request.body !== null ? request.clone() : request;
      const isLast = attempt >= maxAttempts;

      let response: Response;
      try {
        // The attempt's signal goes in `init`, where fetch's contract puts it (init.signal overrides
        // the Request's own). Building a new Request just to carry the signal cost ~15 µs a request,
        // because fetch then builds another from it (bench/README.md).
        response = await fetch(source, { ...init, signal: guard.signal });
      } catch (error) {
        guard.clear();
        // The caller's abort ends everything at once; a timeout or a network error may be retried.
        if (caller.aborted) throw caller.reason;
        const wait = backoffMs(attempt, retry);
        if (isLast || !withinBudget(started, wait, retry)) throw error;
        await sleep(wait, caller);
        continue;
      }

      const wait = isLast || !retry.statuses.includes(response.status)
        ? undefined
        : (retryAfterMs(response.headers.get("Retry-After")) ?? backoffMs(attempt, retry));
      // The answer is final — or a server asks for a longer wait than the budget allows, and gets its
      // answer passed on. A body still to be read keeps its timer until the call is done with it.
      if (wait === undefined || !withinBudget(started, wait, retry)) {
        if (response.body === null) guard.clear();
        else guardBody(response, guard.clear);
        return response;
      }
      guard.clear();
      discard(response);
      await sleep(wait, caller);
    }
  };
}

/** A wait fits when it ends inside the budget, and a timer can hold it (setTimeout's 32-bit limit). */
function withinBudget(started: number, wait: number, retry: ResolvedRetryOptions): boolean {
  return wait <= MAX_TIMER_MS && Date.now() - started + wait < retry.maxElapsedMs;
}

/** Releases the connection of a response we will not read. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}
