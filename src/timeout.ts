// One attempt's signal: aborted by the caller's own signal or, after timeoutMs, by a TimeoutError.
// A plain setTimeout (not AbortSignal.timeout) so fake timers drive it in tests.

export interface AttemptSignal {
  signal: AbortSignal;
  /** Stops the timer (the signal then only follows the caller's). */
  clear(): void;
}

/** setTimeout's delay is a signed 32-bit number of ms; beyond it the timer would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (Number.isFinite(timeoutMs)) {
    timer = setTimeout(
      () => controller.abort(new DOMException(`The request timed out after ${timeoutMs} ms`, "TimeoutError")),
      Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS),
    );
    // The timer also covers reading the body, so it may outlive the call: never let it keep Node alive.
    (timer as { unref?: () => void }).unref?.();
  }
  const signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal;
  return { signal, clear: () => clearTimeout(timer) };
}
