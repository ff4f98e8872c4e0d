import type { Middleware } from "openapi-fetch";
import type { Redactor } from "./redact.js";
export interface ResponseOrigin {
    operation: string;
    redact: Redactor;
}
/** Client middleware: notes the method, schema path and redactor of every response. */
export declare function recordOrigin(redact: Redactor): Middleware;
/** The origin of a response; for one from a client this package did not create, its URL path. */
export declare function originOf(response: Response): ResponseOrigin;
