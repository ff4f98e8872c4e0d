/** Milliseconds to wait as asked by a Retry-After value, or undefined when absent or unreadable. */
export declare function retryAfterMs(value: string | null, now?: number): number | undefined;
