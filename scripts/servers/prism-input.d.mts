// Types of prism-input.mjs, for the TypeScript tests.
import type { IncomingHttpHeaders } from "node:http";

export const MAX_BODY_BYTES: number;
export const MAX_JSON_DEPTH: number;
/** A field error of a refusal: a JSON Pointer into the body and why. */
export interface RefusedField {
  pointer: string;
  detail: string;
}
export type Refusal = [status: number, detail: string, errors?: RefusedField[]];
export function forPrism(
  url: string,
  headers: IncomingHttpHeaders,
  body: Uint8Array,
): { url: string; headers: IncomingHttpHeaders; refused?: undefined } | { refused: Refusal };
export function nestedDeeperThan(bytes: Uint8Array, max: number): boolean;
export function refusal(body: Uint8Array, contentType?: string): Refusal | undefined;
