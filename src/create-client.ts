// createClient: an openapi-fetch client for this API, with the credential, a User-Agent, a timeout
// per attempt and retries of idempotent requests already in place.
import createFetchClient, { mergeHeaders, type HeadersOptions } from "openapi-fetch";
import type { ApiClient } from "./api-client.js";
import { withErrorPath } from "./call-tracking.js";
import { basicAuthorization } from "./auth.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./bounded-body.js";
import { serializePathParameters } from "./path-parameters.js";
import { createRedactor, credentialForms, hasUserInfo } from "./redaction.js";
import { inBrowser } from "./runtime.js";
import { createRetryingFetch, resolveRetryOptions, type FetchLike, type RetryOptions } from "./retry.js";
import type { paths } from "./schema.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";

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

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Outside browsers, the User-Agent names this package and its version, so the service can tell clients apart. */
export const PACKAGE_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;

export function createClient(options: ClientOptions): ApiClient {
  const {
    baseUrl,
    apiKey,
    fetch,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    retry,
    userAgent,
    headers,
    ...passedThrough
  } = options;
  if (typeof baseUrl !== "string" || baseUrl === "") throw new TypeError("createClient: baseUrl must be a non-empty string");
  // Not quoted: the user name or password is a credential.
  if (hasUserInfo(baseUrl))
    throw new TypeError("createClient: baseUrl must not hold a user name or password (the API key is the credential)");
  // typeof: a string such as "5000" passes `> 0` but would switch the timer off for POST and PATCH.
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) throw new RangeError("createClient: timeoutMs must be a number > 0");
  if (typeof maxResponseBytes !== "number" || !(maxResponseBytes >= 0))
    throw new RangeError("createClient: maxResponseBytes must be a number ≥ 0");
  const authorization = basicAuthorization(apiKey);
  const client = createFetchClient<paths>({
    ...passedThrough,
    baseUrl,
    pathSerializer: serializePathParameters,
    fetch: createRetryingFetch({ fetch: fetch ?? lateGlobalFetch, retry: resolveRetryOptions(retry), timeoutMs, maxResponseBytes }),
    headers: clientHeaders(authorization, userAgent, headers),
  });
  // The key and the header value carrying it (which also contains its base64 form).
  withErrorPath(client, createRedactor(credentialForms(apiKey)));
  // The same object, typed with exact option types (see api-client.ts).
  return client as unknown as ApiClient;
}

/** The caller's headers over the defaults, under the client's own credential and User-Agent. Without
 * caller headers, a plain object: openapi-fetch merges it into every request, and an object is the
 * cheapest to merge. */
function clientHeaders(authorization: string, userAgent: string | undefined, headers: HeadersOptions | undefined): HeadersOptions {
  const own: Record<string, string> = { Authorization: authorization };
  if (!inBrowser()) own["User-Agent"] = userAgent ? `${userAgent} ${PACKAGE_USER_AGENT}` : PACKAGE_USER_AGENT;
  const defaults = { Accept: "application/json, application/problem+json" };
  if (headers === undefined) return { ...own, ...defaults };
  // mergeHeaders reads a Headers object or a record; a list of pairs is turned into Headers first.
  return mergeHeaders(defaults, Array.isArray(headers) ? new Headers(headers) : headers, own);
}

/** globalThis.fetch looked up at call time, so a fetch installed after createClient is still used. */
const lateGlobalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
