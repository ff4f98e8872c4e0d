export interface RetryOptions {
    /** Attempts in total, the first included (default 3; 1 means no retry). */
    maxAttempts?: number;
    /** Upper bound on the whole call of a retried method (GET, DELETE…), every attempt and wait
     * included, in ms (default 60 000). POST and PATCH, sent once, are bounded by timeoutMs alone. */
    maxElapsedMs?: number;
    /** First backoff step in ms; step n is baseDelayMs × 2^(n-1), capped by maxDelayMs (default 500). */
    baseDelayMs?: number;
    /** Cap of one computed backoff wait in ms (default 10 000). A longer Retry-After is still honoured
     * when the total budget allows it. */
    maxDelayMs?: number;
    /** Statuses worth another attempt (default 429, 502, 503, 504). */
    statuses?: readonly number[];
    /** Methods that may be sent again (default GET, HEAD, OPTIONS, DELETE). POST and PATCH are refused
     * even when listed: they are not idempotent, and a lost response does not mean a lost request. */
    methods?: readonly string[];
    /** Source of jitter in [0, 1); injectable so tests are deterministic (default Math.random). */
    random?: () => number;
}
export type ResolvedRetryOptions = Required<RetryOptions>;
export declare const NEVER_RETRIED_METHODS: readonly string[];
/** Frozen: every client starts from it, so changing it would change clients made later. */
export declare const DEFAULT_RETRY: Readonly<ResolvedRetryOptions>;
/** `false` turns retries off: one attempt, whatever happens. */
export declare function resolveRetryOptions(retry: RetryOptions | false | undefined): ResolvedRetryOptions;
/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base × 2^(retry-1))). */
export declare function backoffMs(retry: number, options: ResolvedRetryOptions): number;
