// A call made without a signal of its own can be aborted by nothing but its attempts' timers: the
// Request openapi-fetch builds for it has a signal that nothing aborts, so the retrying fetch need not
// listen to it (a listener per attempt is a measurable share of the client's CPU per request). The
// client's call wrapper (call-tracking.ts) raises this flag around the call only: openapi-fetch reaches
// fetch synchronously when no middleware is registered, and the retrying fetch (retry.ts) takes the flag
// down first thing; with a middleware, fetch runs later, finds the flag down and listens as usual.
let callerGaveNoSignal = false;

/** Makes one call of the client (`send`), saying whether it was given a signal. The flag is set for
 * this call alone, even when a middleware's onRequest starts another call before this one's fetch. */
export function callNoting<T>(givenSignal: boolean, send: () => T): T {
  const outer = callerGaveNoSignal;
  callerGaveNoSignal = !givenSignal;
  try {
    return send();
  } finally {
    callerGaveNoSignal = outer;
  }
}

/** True when the fetch running now serves a call given no signal; lowers the flag. */
export function takeNoSignalFlag(): boolean {
  const raised = callerGaveNoSignal;
  callerGaveNoSignal = false;
  return raised;
}
