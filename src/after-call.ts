// What the client does once a call has finished — response received and body read: it stops the
// attempt's timer that guarded the body, and a failed response remembers its operation
// ("GET /projects/{project_id}.json", the path as the caller named it) for ApiError.
//
// A wrapper around the call methods rather than openapi-fetch middleware: middleware runs before the
// body is read, and adds bookkeeping to every request (an id, a frozen options object, an await per
// hook: ~1.5% of a loopback request, bench/README.md).
import { recordOrigin } from "./operation.js";
import type { Redactor } from "./redact.js";
import { releaseBody } from "./timeout.js";

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;
type Call = (path: string, init?: { parseAs?: string }) => Promise<{ response: Response }>;

export function afterEachCall<C extends Record<(typeof METHODS)[number], unknown>>(client: C, redact: Redactor): C {
  for (const method of METHODS) {
    const call = client[method] as Call;
    (client as Record<string, Call>)[method] = async (path, init) => {
      const result = await call(path, init);
      // A streamed body is read by the caller after this returns: its timer keeps guarding it.
      if (init?.parseAs !== "stream") releaseBody(result.response);
      if (!result.response.ok) recordOrigin(result.response, { operation: `${method} ${path}`, redact });
      return result;
    };
  }
  return client;
}
