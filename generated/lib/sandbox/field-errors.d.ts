import type { RequestSchemaError } from "./request-validators.js";
import type { FieldError } from "./problem.js";
export declare function fieldErrors(errors: readonly RequestSchemaError[]): FieldError[];
