// Paths filled with the ids the API key can see (discovered by the global setup), never the
// description's example ids, which do not exist on a real server.
import { fillPath } from "./http.js";
import type { Operation } from "./openapi.js";
import { ids } from "./target.js";

/** The operation's path with each path parameter set to a discovered id (`overrides` win). */
export function idPath(op: Operation, overrides: Record<string, string | number> = {}): string {
  return fillPath(op.path, { ...ids(), ...overrides } as Record<string, string | number>);
}
