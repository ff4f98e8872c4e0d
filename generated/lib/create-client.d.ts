import type { ApiClient } from "./api-client.js";
import { type RetryOptions } from "./retry-options.js";
import { type FetchLike } from "./retrying-fetch.js";
export interface ClientOptions {
    /** The service root, e.g. "https://example.com/public/api" (the description's server, `{host}` filled in). */
    baseUrl: string;
    /** Sent as HTTP Basic user name with an empty password; never quoted in errors or logs. */
    apiKey: string;
    /** The fetch to send requests with (default globalThis.fetch): inject one to test or to proxy. Like
     * fetch, it must honour `init.signal` (the caller's abort and the per-attempt timeout travel there). */
    fetch?: FetchLike;
    /** Per attempt, from sending the request to the end of its body, in ms (default 30 000; Infinity for
     * none). Attempts of a retried method (GET, DELETE…) are also bounded by retry.maxElapsedMs. */
    timeoutMs?: number;
    /** Retries of idempotent requests; `false` sends every request exactly once. */
    retry?: RetryOptions | false;
    /** Your application's product token (e.g. "my-app/1.2"), sent before this package's own. */
    userAgent?: string;
}
export declare const DEFAULT_TIMEOUT_MS = 30000;
/** The User-Agent always names this package and its version, so the service can tell clients apart. */
export declare const PACKAGE_USER_AGENT = "@project-collaboration/api/0.1.0";
export declare function createClient(options: ClientOptions): ApiClient;
