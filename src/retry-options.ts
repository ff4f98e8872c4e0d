// What the retrying fetch may do, with defaults that stay polite to the service.

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

export const NEVER_RETRIED_METHODS: readonly string[] = ["POST", "PATCH"];

/** Frozen: every client starts from it, so changing it would change clients made later. */
export const DEFAULT_RETRY: Readonly<ResolvedRetryOptions> = Object.freeze({
  maxAttempts: 3,
  maxElapsedMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  statuses: Object.freeze([429, 502, 503, 504]),
  methods: Object.freeze(["GET", "HEAD", "OPTIONS", "DELETE"]),
  random: Math.random,
});

/** `false` turns retries off: one attempt, whatever happens. */
export function resolveRetryOptions(retry: RetryOptions | false | undefined): ResolvedRetryOptions {
  if (retry === false) return { ...DEFAULT_RETRY, maxAttempts: 1 };
  const resolved = { ...DEFAULT_RETRY, ...definedOnly(retry ?? {}) };
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
    throw new RangeError("retry.maxAttempts must be an integer ≥ 1");
  }
  // typeof: a string such as "500" (say, from an environment variable) would compare as a number here
  // and then misbehave in arithmetic.
  if (typeof resolved.maxElapsedMs !== "number" || !(resolved.maxElapsedMs > 0)) {
    throw new RangeError("retry.maxElapsedMs must be a number > 0");
  }
  for (const key of ["baseDelayMs", "maxDelayMs"] as const) {
    if (typeof resolved[key] !== "number" || !(resolved[key] >= 0)) throw new RangeError(`retry.${key} must be a number ≥ 0`);
  }
  const methods = resolved.methods.map((m) => m.toUpperCase()).filter((m) => !NEVER_RETRIED_METHODS.includes(m));
  return { ...resolved, methods };
}

/** `{ maxAttempts: undefined }` means "the default", not "no value". */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base × 2^(retry-1))). */
export function backoffMs(retry: number, options: ResolvedRetryOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(options.random() * ceiling);
}
