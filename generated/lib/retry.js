// The fetch the client hands openapi-fetch: each attempt bounded in time, idempotent requests sent
// again after a network error or a passing failure (429, 502, 503, 504), waits as the server asks
// (Retry-After) or by backoff. openapi-fetch middleware cannot send a request twice, so this lives
// below openapi-fetch, which hands us a finished Request.
import { AttemptDeadlines, MAX_TIMER_MS } from "./attempt-deadlines.js";
import { boundBody } from "./bounded-body.js";
import { takeNoSignalFlag } from "./caller-signal.js";
const NEVER_RETRIED_METHODS = ["POST", "PATCH"];
/** Frozen: every client starts from it, so changing it would change clients made later. */
export const DEFAULT_RETRY = Object.freeze({
    maxAttempts: 3,
    maxElapsedMs: 60_000,
    baseDelayMs: 500,
    maxDelayMs: 10_000,
    statuses: Object.freeze([429, 502, 503, 504]),
    methods: Object.freeze(["GET", "HEAD", "OPTIONS", "DELETE"]),
    random: Math.random,
});
/** `false` turns retries off: one attempt, whatever happens. */
export function resolveRetryOptions(retry) {
    if (retry === false)
        return { ...DEFAULT_RETRY, maxAttempts: 1 };
    // `{ maxAttempts: undefined }` means "the default", not "no value".
    const given = Object.fromEntries(Object.entries(retry ?? {}).filter(([, v]) => v !== undefined));
    const resolved = { ...DEFAULT_RETRY, ...given };
    if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
        throw new RangeError("retry.maxAttempts must be an integer ≥ 1");
    }
    // typeof: a string such as "500" (say, from an environment variable) would compare as a number here
    // and then misbehave in arithmetic.
    if (typeof resolved.maxElapsedMs !== "number" || !(resolved.maxElapsedMs > 0)) {
        throw new RangeError("retry.maxElapsedMs must be a number > 0");
    }
    for (const key of ["baseDelayMs", "maxDelayMs"]) {
        if (typeof resolved[key] !== "number" || !(resolved[key] >= 0))
            throw new RangeError(`retry.${key} must be a number ≥ 0`);
    }
    const methods = resolved.methods.map((m) => m.toUpperCase()).filter((m) => !NEVER_RETRIED_METHODS.includes(m));
    return { ...resolved, methods };
}
/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base × 2^(retry-1))). */
export function backoffMs(retry, options) {
    const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
    return Math.floor(options.random() * ceiling);
}
/** Milliseconds to wait as a Retry-After value asks (RFC 9110 §10.2.3: seconds or an HTTP date), or
 * undefined when absent or unreadable. */
export function retryAfterMs(value, now = Date.now()) {
    if (value === null)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    // An HTTP date always names a weekday; requiring a letter keeps "1.5" or "-3" from parsing as dates.
    if (!/^[A-Za-z]/.test(trimmed))
        return undefined;
    const at = Date.parse(trimmed);
    if (Number.isNaN(at))
        return undefined;
    return Math.max(0, at - now);
}
/** A wait between attempts that the caller's signal cuts short (rejects with its reason). */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
        }, ms);
        signal?.addEventListener("abort", onAbort, { once: true });
    });
}
/** One attempt's signal: aborted by the caller's own signal or, after timeoutMs, by a TimeoutError.
 * The deadline is kept by `deadlines`, the client's one timer for all its attempts in flight; it
 * runs on setTimeout (not AbortSignal.timeout), so fake timers drive it in tests. */
export function attemptSignal(callerSignal, timeoutMs, deadlines = new AttemptDeadlines()) {
    const controller = new AbortController();
    const deadline = Number.isFinite(timeoutMs)
        ? deadlines.add(Math.max(0, timeoutMs), () => {
            callerSignal?.removeEventListener("abort", forwardAbort);
            controller.abort(new DOMException(`The request timed out after ${timeoutMs} ms`, "TimeoutError"));
        })
        : undefined;
    // A listener rather than AbortSignal.any, which costs more per request. The caller's signal here is
    // the Request's own, which lives no longer than the request; the listener also goes when the
    // attempt ends or times out.
    function forwardAbort() {
        if (deadline !== undefined)
            deadlines.remove(deadline);
        controller.abort(callerSignal?.reason);
    }
    if (callerSignal?.aborted)
        forwardAbort();
    else
        callerSignal?.addEventListener("abort", forwardAbort, { once: true });
    const clear = () => {
        if (deadline !== undefined)
            deadlines.remove(deadline);
        callerSignal?.removeEventListener("abort", forwardAbort);
    };
    return { signal: controller.signal, clear };
}
export function createRetryingFetch({ fetch, retry, timeoutMs, maxResponseBytes }) {
    // One timer for all of this client's attempts in flight.
    const deadlines = new AttemptDeadlines();
    return async function retryingFetch(request, init) {
        const unsignalled = takeNoSignalFlag();
        const started = Date.now();
        const caller = request.signal;
        const maxAttempts = retry.methods.includes(request.method.toUpperCase()) ? retry.maxAttempts : 1;
        const mayRetry = maxAttempts > 1;
        for (let attempt = 1;; attempt++) {
            caller.throwIfAborted();
            const remaining = retry.maxElapsedMs - (Date.now() - started);
            // With retries on, maxElapsedMs bounds the whole call, so an attempt may not outlast it either.
            const guard = attemptSignal(unsignalled ? undefined : caller, mayRetry ? Math.min(timeoutMs, remaining) : timeoutMs, deadlines);
            // A request with a body is copied before each attempt that may be followed by another, so the
            // original body stays unread for the next one; a bodyless request (every GET) is sent as is.
            const source = mayRetry && request.body !== null ? request.clone() : request;
            const isLast = attempt >= maxAttempts;
            let response;
            try {
                // The attempt's signal goes in `init`, where fetch's contract puts it (init.signal overrides
                // the Request's own): a new Request just to carry it would be built twice, here and by fetch.
                response = await fetch(source, { ...init, signal: guard.signal });
            }
            catch (error) {
                guard.clear();
                // The caller's abort ends everything at once; a timeout or a network error may be retried.
                if (caller.aborted)
                    throw caller.reason;
                const wait = backoffMs(attempt, retry);
                if (isLast || !withinBudget(started, wait, retry))
                    throw error;
                await sleep(wait, caller);
                continue;
            }
            const wait = isLast || !retry.statuses.includes(response.status)
                ? undefined
                : (retryAfterMs(response.headers.get("Retry-After")) ?? backoffMs(attempt, retry));
            // The answer is final — or a server asks for a longer wait than the budget allows, and gets its
            // answer passed on. Its body keeps the attempt's timer until it has been read.
            if (wait === undefined || !withinBudget(started, wait, retry))
                return boundBody(response, maxResponseBytes, guard.clear);
            guard.clear();
            // Releases the connection of a response we will not read.
            response.body?.cancel().catch(() => { });
            await sleep(wait, caller);
        }
    };
}
/** A wait fits when it ends inside the budget, and a timer can hold it (setTimeout's 32-bit limit). */
function withinBudget(started, wait, retry) {
    return wait <= MAX_TIMER_MS && Date.now() - started + wait < retry.maxElapsedMs;
}
