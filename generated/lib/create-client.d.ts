import { type HeadersOptions } from "openapi-fetch";
import type { ApiClient } from "./api-client.js";
import { type FetchLike, type RetryOptions } from "./retry.js";
/**
 * The openapi-fetch client options passed through as they are, because they make sense for this API:
 * fetch's own request settings that Node.js and browsers share (`credentials`, `mode`, `redirect`…), a custom
 * `Request` class, and `requestInitExt` (fetch's second argument in Node.js, e.g. an undici
 * `dispatcher` for a proxy). Not offered: `querySerializer`, `bodySerializer` and `pathSerializer` (the
 * description's parameters are plain integers and its bodies JSON: another serialization would only
 * send requests the service does not accept), and a client-wide `signal` (it would end every later
 * call too: pass one per call).
 */
export type PassedThroughOptions = Pick<RequestInit, "credentials" | "keepalive" | "mode" | "redirect" | "referrer" | "referrerPolicy"> & {
    /** The Request class to build requests with (default globalThis.Request). */
    Request?: typeof Request;
    /** Passed to fetch as its second argument where it supports one (Node.js), e.g. `{ dispatcher }`. */
    requestInitExt?: Record<string, unknown>;
};
export interface ClientOptions extends PassedThroughOptions {
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
    /** The largest response body a call reads, in bytes (default DEFAULT_MAX_RESPONSE_BYTES, 16 MiB;
     * Infinity for none). A larger one ends the call with ResponseTooLargeError, the rest unread. */
    maxResponseBytes?: number;
    /** Retries of idempotent requests; `false` sends every request exactly once. */
    retry?: RetryOptions | false;
    /** Your application's product token (e.g. "my-app/1.2"), sent before this package's own. Not in a
     * browser, which sends its own User-Agent (docs/guides/client.md, "In a browser"). */
    userAgent?: string;
    /** Headers sent with every request (a call's own `headers` add to and override them). `Authorization`
     * and (outside browsers) `User-Agent` are always the client's own, made from `apiKey` and `userAgent`. */
    headers?: HeadersOptions;
}
export declare const DEFAULT_TIMEOUT_MS = 30000;
/** Outside browsers, the User-Agent names this package and its version, so the service can tell clients apart. */
export declare const PACKAGE_USER_AGENT = "@project-collaboration/api/0.2.0";
export declare function createClient(options: ClientOptions): ApiClient;
