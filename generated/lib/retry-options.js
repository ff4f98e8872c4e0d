// What the retrying fetch may do, with defaults that stay polite to the service.
export const NEVER_RETRIED_METHODS = ["POST", "PATCH"];
/** Frozen: every client starts from it, so changing it would change clients made later. */
export const DEFAULT_RETRY = Object.freeze({
    maxAttempts: 3,
    maxElapsedMs: 60_000,
    baseDelayMs: 500,
    maxDelayMs: 10_000,
    statuses: Object.freeze([429, 502, 503, 504]),
    methods: Object.freeze(["GET", "HEAD", "OPTIONS", "DELETE"]),
    random: Math.random,
});
/** `false` turns retries off: one attempt, whatever happens. */
export function resolveRetryOptions(retry) {
    if (retry === false)
        return { ...DEFAULT_RETRY, maxAttempts: 1 };
    const resolved = { ...DEFAULT_RETRY, ...definedOnly(retry ?? {}) };
    if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
        throw new RangeError("retry.maxAttempts must be an integer ≥ 1");
    }
    // typeof: a string such as "500" (say, from an environment variable) would compare as a number here
    // and then misbehave in arithmetic.
    if (typeof resolved.maxElapsedMs !== "number" || !(resolved.maxElapsedMs > 0)) {
        throw new RangeError("retry.maxElapsedMs must be a number > 0");
    }
    for (const key of ["baseDelayMs", "maxDelayMs"]) {
        if (typeof resolved[key] !== "number" || !(resolved[key] >= 0))
            throw new RangeError(`retry.${key} must be a number ≥ 0`);
    }
    const methods = resolved.methods.map((m) => m.toUpperCase()).filter((m) => !NEVER_RETRIED_METHODS.includes(m));
    return { ...resolved, methods };
}
/** `{ maxAttempts: undefined }` means "the default", not "no value". */
function definedOnly(value) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base × 2^(retry-1))). */
export function backoffMs(retry, options) {
    const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
    return Math.floor(options.random() * ceiling);
}
