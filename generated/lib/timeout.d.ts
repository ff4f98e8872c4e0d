export interface AttemptSignal {
    signal: AbortSignal;
    /** Stops the timer (the signal then only follows the caller's). */
    clear(): void;
}
export declare function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number): AttemptSignal;
