// Types of prism-guard.mjs, for the TypeScript tests.
export const DEFAULT_TIMEOUT_MS: number;
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
