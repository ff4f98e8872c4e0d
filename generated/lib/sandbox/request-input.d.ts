import type { DescribedOperation } from "./description.js";
import { MAX_BODY_BYTES } from "./limits.js";
/** A request's input once valid: parameters converted to their schema's type, defaults filled in. */
export interface RequestInput {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    body: unknown;
}
/** Throws ProblemError 400 naming every rejected value; otherwise the converted input. */
export declare function readInput(request: Request, operation: DescribedOperation, pathValues: Record<string, string>): Promise<RequestInput>;
export { MAX_BODY_BYTES };
