import type { RequestInput } from "./request-input.js";
export declare function page<T>(items: readonly T[], query: RequestInput["query"]): T[];
