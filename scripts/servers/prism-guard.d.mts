// Types of prism-guard.mjs, for the TypeScript tests.
export const DEFAULT_TIMEOUT_MS: number;
export function allowedMethods(description: unknown): (path: string) => string[];
export function basePathOf(description: { servers?: { url?: string; variables?: Record<string, { default?: string }> }[] }): string;
export function withoutBasePath(target: string, basePath: string): string;
export function startGuard(options: {
  host: string;
  port: number;
  target: () => Promise<string>;
  bypass?: (path: string) => string | undefined;
  gateway?: boolean;
  timeoutMs?: number;
  allowed?: (path: string) => string[];
  /** Also answered under this path (the description's server's, "/public/api"): taken off before Prism. */
  basePath?: string;
  /** A path of the description without parameters, named in the 404 for a path it lacks. */
  examplePath?: string;
  /** Told the status of every answer the guard sent (its own or Prism's). */
  onAnswered?: (status: number) => void;
}): Promise<{ url: string; port: number; close(): Promise<void> }>;
