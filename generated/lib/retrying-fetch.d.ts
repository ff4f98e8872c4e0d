import { type ResolvedRetryOptions } from "./retry-options.js";
/** The fetch signature openapi-fetch calls (globalThis.fetch fits it). An injected fetch must honour
 * `init.signal` as fetch does: it carries the caller's abort and the per-attempt timeout. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;
export interface RetryingFetchOptions {
    fetch: FetchLike;
    retry: ResolvedRetryOptions;
    /** Per attempt, from sending to the end of the body; Infinity for none. */
    timeoutMs: number;
}
export declare function createRetryingFetch({ fetch, retry, timeoutMs }: RetryingFetchOptions): FetchLike;
