// Raw HTTP to the mock: requests the typed client would refuse to send (bad input, Prism's `Prefer`
// header), and the arguments each operation is called with.
import { send as sendThrough, type RawRequest, type RawResponse } from "../../contract/src/transport/http.js";
import { DEFAULT_LIMITS, Transport } from "../../contract/src/transport/transport.js";
import type { Target } from "./target.js";

export type { RawRequest, RawResponse } from "../../contract/src/transport/http.js";
export { basicAuthorization } from "../../contract/src/transport/http.js";

/** The checker's transport, unpaced and sending each request once: the mock is disposable, and a
 * test that asks it for a 429 or a 503 must see it. */
const transport = new Transport({
  ...DEFAULT_LIMITS,
  rate: 1_000_000,
  concurrency: 64,
  retries: 0,
  deadline: Number.POSITIVE_INFINITY,
  mayWrite: true,
  targetName: "the mock",
  redact: (text) => text,
});

/** A raw request to the mock, through the checker's own `send`. */
export function send(target: Target, request: RawRequest): Promise<RawResponse> {
  return sendThrough(transport, target, { retry: false, ...request });
}

/** Runs `work` over `items` with at most `parallel` at a time (Prism is one process on 2 cores). */
export async function inParallel<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

// One answer to each question about the description: the checker's (contract/src/description/description.ts).
export {
  exampleBody,
  exampleOf,
  label,
  PROBLEM_SCHEMA,
  PROBLEM_TYPE,
  successResponse,
} from "../../contract/src/description/description.js";
export { examplePath } from "../../contract/src/checks/examples.js";
