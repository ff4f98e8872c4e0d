// Types of upstream-relay.mjs, for the TypeScript tests.
export const MAX_ANSWER_BYTES: number;
export function startUpstreamRelay(
  upstream: string,
  options?: { maxBytes?: number; onRefused?: (line: string) => void },
): Promise<{ url: string; close(): Promise<void> }>;
