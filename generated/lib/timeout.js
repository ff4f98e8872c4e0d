// One attempt's signal: aborted by the caller's own signal or, after timeoutMs, by a TimeoutError.
// A plain setTimeout (not AbortSignal.timeout) so fake timers drive it in tests.
/** setTimeout's delay is a signed 32-bit number of ms; beyond it the timer would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export function attemptSignal(callerSignal, timeoutMs) {
    const controller = new AbortController();
    // The caller's abort is forwarded by a listener rather than AbortSignal.any, which costs ~11 µs per
    // request on Node 20 (measured for bench/). The retrying fetch passes the Request's own signal,
    // which lives no longer than the request; the listener also goes when the attempt ends or times out.
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    let timer;
    if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
            callerSignal?.removeEventListener("abort", forwardAbort);
            controller.abort(new DOMException(`The request timed out after ${timeoutMs} ms`, "TimeoutError"));
        }, Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS));
        // The timer also covers reading the body, so it may outlive the call: never let it keep Node alive.
        timer.unref?.();
    }
    if (callerSignal?.aborted)
        forwardAbort();
    else
        callerSignal?.addEventListener("abort", forwardAbort, { once: true });
    const clear = () => {
        clearTimeout(timer);
        callerSignal?.removeEventListener("abort", forwardAbort);
    };
    return { signal: controller.signal, clear };
}
/** Timers still guarding a response body, until the call that reads it is done (see after-call.ts). */
const bodyGuards = new WeakMap();
/** Keeps the attempt's timer running while the body of `response` is read. */
export function guardBody(response, clear) {
    bodyGuards.set(response, clear);
}
/** The body has been read (or will not be): stop its timer now rather than when it would fire. */
export function releaseBody(response) {
    bodyGuards.get(response)?.();
    bodyGuards.delete(response);
}
