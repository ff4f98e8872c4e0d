import type { Redactor } from "./redact.js";
export interface ResponseOrigin {
    operation: string;
    redact: Redactor;
}
declare const METHODS: readonly ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/**
 * Wraps the client's call methods so that a failed response remembers its operation ("GET
 * /projects/{project_id}.json": the path as the caller named it) and the redactor for its body.
 * A wrapper rather than openapi-fetch middleware, which adds bookkeeping to every request (an id, a
 * frozen options object, an await per hook: ~1.5% of a loopback request, bench/README.md); and only
 * failures are recorded, since only ApiError needs to know.
 */
export declare function recordOrigins<C extends Record<(typeof METHODS)[number], unknown>>(client: C, redact: Redactor): C;
/** The origin of a response; for one from a client this package did not create, its URL path. */
export declare function originOf(response: Response): ResponseOrigin;
export {};
