// Types of prism-guard.mjs, for the TypeScript tests.
export const MAX_BODY_BYTES: number;
export const MAX_JSON_DEPTH: number;
export const DEFAULT_TIMEOUT_MS: number;
export function nestedDeeperThan(bytes: Uint8Array, max: number): boolean;
export function refusal(body: Uint8Array, contentType?: string): [number, string] | undefined;
export function allowedMethods(description: unknown): (path: string) => string[];
export function startGuard(options: {
  host: string;
  port: number;
  target: () => Promise<string>;
  bypass?: (path: string) => string | undefined;
  gateway?: boolean;
  timeoutMs?: number;
  allowed?: (path: string) => string[];
}): Promise<{ url: string; port: number; close(): Promise<void> }>;
