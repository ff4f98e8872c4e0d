// Types of hostile-requests.mjs, for the TypeScript tests.
import type { Arbitrary } from "fast-check";

export interface HostileRequest {
  method: string;
  /** The request target as sent: path and query, percent-escapes (well-formed or not) included. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}
export const hostileText: Arbitrary<string>;
export const HOSTILE_PLACES: Record<string, Arbitrary<HostileRequest>>;
export const VALID_REQUEST: HostileRequest;
export const EURO_NAME_REQUEST: HostileRequest;
export function sendRaw(url: string, request: HostileRequest, timeoutMs?: number): Promise<{ status: number; answer: string }>;
