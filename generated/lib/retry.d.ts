import { AttemptDeadlines } from "./attempt-deadlines.js";
/** The fetch signature openapi-fetch calls (globalThis.fetch fits it). An injected fetch must honour
 * `init.signal` as fetch does: it carries the caller's abort and the per-attempt timeout. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;
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
/** Frozen: every client starts from it, so changing it would change clients made later. */
export declare const DEFAULT_RETRY: Readonly<ResolvedRetryOptions>;
/** `false` turns retries off: one attempt, whatever happens. */
export declare function resolveRetryOptions(retry: RetryOptions | false | undefined): ResolvedRetryOptions;
/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base × 2^(retry-1))). */
export declare function backoffMs(retry: number, options: ResolvedRetryOptions): number;
/** Milliseconds to wait as a Retry-After value asks (RFC 9110 §10.2.3: seconds or an HTTP date), or
 * undefined when absent or unreadable. */
export declare function retryAfterMs(value: string | null, now?: number): number | undefined;
/** A wait between attempts that the caller's signal cuts short (rejects with its reason). */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
export interface AttemptSignal {
    signal: AbortSignal;
    /** Ends the attempt's deadline (the signal then only follows the caller's). */
    clear(): void;
}
/** One attempt's signal: aborted by the caller's own signal or, after timeoutMs, by a TimeoutError.
 * The deadline is kept by `deadlines`, the client's one timer for all its attempts in flight; it
 * runs on setTimeout (not AbortSignal.timeout), so fake timers drive it in tests. */
export declare function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number, deadlines?: AttemptDeadlines): AttemptSignal;
export interface RetryingFetchOptions {
    fetch: FetchLike;
    retry: ResolvedRetryOptions;
    /** Per attempt, from sending to the end of the body; Infinity for none. */
    timeoutMs: number;
    /** The largest response body read, in bytes (see bounded-body.ts). */
    maxResponseBytes: number;
}
export declare function createRetryingFetch({ fetch, retry, timeoutMs, maxResponseBytes }: RetryingFetchOptions): FetchLike;
