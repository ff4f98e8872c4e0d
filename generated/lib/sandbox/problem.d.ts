import type { Problem } from "../types.js";
export type FieldError = NonNullable<Problem["errors"]>[number];
/** Thrown by an operation to answer with a problem instead of its success response. */
export declare class ProblemError extends Error {
    readonly status: number;
    readonly detail: string;
    readonly errors?: FieldError[] | undefined;
    constructor(status: number, detail: string, errors?: FieldError[] | undefined);
}
export declare function jsonResponse(status: number, body: unknown): Response;
export declare function emptyResponse(status: number): Response;
export declare function problemResponse(error: ProblemError, instance: string, headers?: Record<string, string>): Response;
