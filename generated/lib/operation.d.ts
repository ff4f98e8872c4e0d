import type { Middleware } from "openapi-fetch";
/** Client middleware: notes the method and schema path of every response. */
export declare const recordOperation: Middleware;
/** The operation of a response, or its URL path when it came from another client. */
export declare function operationOf(response: Response): string;
