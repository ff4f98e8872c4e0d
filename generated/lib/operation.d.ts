import type { Redactor } from "./redact.js";
export interface ResponseOrigin {
    operation: string;
    redact: Redactor;
}
/** Remembers which operation produced a (failed) response, for the ApiError made from it. */
export declare function recordOrigin(response: Response, origin: ResponseOrigin): void;
/** The origin of a response; for one from a client this package did not create, its URL path. */
export declare function originOf(response: Response): ResponseOrigin;
