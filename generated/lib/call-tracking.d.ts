import type { Redactor } from "./redaction.js";
import { type HttpMethod } from "./methods.js";
interface ResponseRecord {
    releaseBody?: () => void;
    operation?: string;
    redact?: Redactor;
}
/** Keeps `release` (the attempt's timer) until the call that reads the body of `response` is done. */
export declare function guardUntilRead(response: Response, release: () => void): void;
/** The origin of a response; for one from a client this package did not create, its URL path. */
export declare function originOf(response: Response): Required<Omit<ResponseRecord, "releaseBody">>;
/**
 * Wraps the client's call methods. Once a call is done: the timer guarding a body it has read stops;
 * a failed response remembers its operation; what the call threw is scrubbed of the credential. A
 * wrapper rather than openapi-fetch middleware, which runs before the body is read (a parse error
 * would pass it by) and adds bookkeeping to every request.
 */
export declare function withErrorPath<C extends Record<HttpMethod | "request", unknown>>(client: C, redact: Redactor): C;
export {};
