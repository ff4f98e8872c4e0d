import type { ValidatedOperationId } from "../request-validators.js";
import type { Operation } from "./call.js";
export declare const operations: Record<ValidatedOperationId, Operation>;
