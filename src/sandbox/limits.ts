// The largest request body any server of this project reads (the sandbox, its HTTP server, the guard
// in front of every Prism). The largest valid request of this API is the organization update with
// every field at its limit: under 3 kB as plain text, and about 22 kB at worst (every character one
// beyond the BMP, sent as a 12-byte JSON surrogate-pair escape): test/faults/server-faults.test.ts
// derives that bound from the description. 64 KiB keeps every valid request, and answers a 10 MB one
// with 413 before it is parsed.
export const MAX_BODY_BYTES = 64 * 1024;
