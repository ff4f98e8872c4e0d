export interface AttemptSignal {
    signal: AbortSignal;
    /** Stops the timer (the signal then only follows the caller's). */
    clear(): void;
}
/** setTimeout's delay is a signed 32-bit number of ms; beyond it the timer would fire at once. */
export declare const MAX_TIMER_MS: number;
export declare function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number): AttemptSignal;
/** Keeps the attempt's timer running while the body of `response` is read. */
export declare function guardBody(response: Response, clear: () => void): void;
/** The body has been read (or will not be): stop its timer now rather than when it would fire. */
export declare function releaseBody(response: Response): void;
