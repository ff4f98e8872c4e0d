import type { Redactor } from "./redact.js";
declare const METHODS: readonly ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
export declare function afterEachCall<C extends Record<(typeof METHODS)[number] | "request", unknown>>(client: C, redact: Redactor): C;
export {};
