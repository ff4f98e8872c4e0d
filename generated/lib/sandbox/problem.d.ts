import type { Problem } from "../types.js";
import type { RefusalBasis } from "./stated-rules.js";
export type FieldError = NonNullable<Problem["errors"]>[number];
/** RFC 9110's reason phrases: the `title` of every problem the project's servers write (the sandbox,
 * its HTTP server, the guard in front of Prism) and the status line the docs console shows. */
export declare const STATUS_TITLES: Readonly<Record<number, string>>;
/** A problem body (RFC 9457) as JSON text: what servers that are not the sandbox itself answer with. */
export declare function problemJson(status: number, detail: string, extra?: Record<string, unknown>): string;
/** Thrown by an operation to answer with a problem instead of its success response. `basis` says which
 * stated rule or which of the description's assumptions the refusal rests on (never sent: the contract
 * checker's model reads it, stated-rules.ts). */
export declare class ProblemError extends Error {
    readonly status: number;
    readonly detail: string;
    readonly errors?: FieldError[] | undefined;
    readonly basis?: RefusalBasis | undefined;
    constructor(status: number, detail: string, errors?: FieldError[] | undefined, basis?: RefusalBasis | undefined);
}
export declare function jsonResponse(status: number, body: unknown): Response;
export declare function emptyResponse(status: number): Response;
export declare function problemResponse(error: ProblemError, instance: string, headers?: Record<string, string>): Response;
