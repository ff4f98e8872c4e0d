// createClient: an openapi-fetch client for this API, with the credential, a User-Agent, a timeout
// per attempt and retries of idempotent requests already in place.
import createFetchClient, { mergeHeaders } from "openapi-fetch";
import { withErrorPath } from "./call-tracking.js";
import { basicAuthorization } from "./auth.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./bounded-body.js";
import { serializePathParameters } from "./path-parameters.js";
import { createRedactor, credentialForms, hasUserInfo } from "./redaction.js";
import { inBrowser } from "./runtime.js";
import { createRetryingFetch, resolveRetryOptions } from "./retry.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Outside browsers, the User-Agent names this package and its version, so the service can tell clients apart. */
export const PACKAGE_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;
export function createClient(options) {
    const { baseUrl, apiKey, fetch, timeoutMs = DEFAULT_TIMEOUT_MS, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES, retry, userAgent, headers, ...passedThrough } = options;
    if (typeof baseUrl !== "string" || baseUrl === "")
        throw new TypeError("createClient: baseUrl must be a non-empty string");
    // Not quoted: the user name or password is a credential.
    if (hasUserInfo(baseUrl))
        throw new TypeError("createClient: baseUrl must not hold a user name or password (the API key is the credential)");
    // typeof: a string such as "5000" passes `> 0` but would switch the timer off for POST and PATCH.
    if (typeof timeoutMs !== "number" || !(timeoutMs > 0))
        throw new RangeError("createClient: timeoutMs must be a number > 0");
    if (typeof maxResponseBytes !== "number" || !(maxResponseBytes >= 0))
        throw new RangeError("createClient: maxResponseBytes must be a number ≥ 0");
    const authorization = basicAuthorization(apiKey);
    const client = createFetchClient({
        ...passedThrough,
        baseUrl,
        pathSerializer: serializePathParameters,
        fetch: createRetryingFetch({ fetch: fetch ?? lateGlobalFetch, retry: resolveRetryOptions(retry), timeoutMs, maxResponseBytes }),
        headers: clientHeaders(authorization, userAgent, headers),
    });
    // The key and the header value carrying it (which also contains its base64 form).
    withErrorPath(client, createRedactor(credentialForms(apiKey)));
    // The same object, typed with exact option types (see api-client.ts).
    return client;
}
/** The caller's headers over the defaults, under the client's own credential and User-Agent. Without
 * caller headers, a plain object: openapi-fetch merges it into every request, and an object is the
 * cheapest to merge. */
function clientHeaders(authorization, userAgent, headers) {
    const own = { Authorization: authorization };
    if (!inBrowser())
        own["User-Agent"] = userAgent ? `${userAgent} ${PACKAGE_USER_AGENT}` : PACKAGE_USER_AGENT;
    const defaults = { Accept: "application/json, application/problem+json" };
    if (headers === undefined)
        return { ...own, ...defaults };
    // mergeHeaders reads a Headers object or a record; a list of pairs is turned into Headers first.
    return mergeHeaders(defaults, Array.isArray(headers) ? new Headers(headers) : headers, own);
}
/** globalThis.fetch looked up at call time, so a fetch installed after createClient is still used. */
const lateGlobalFetch = (input, init) => globalThis.fetch(input, init);
