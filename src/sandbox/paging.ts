// One page of a list, as `offset` and `limit` ask. Their defaults and the maximum `limit` are the
// description's (filled in and checked by request-input.ts before an operation runs).
import type { RequestInput } from "./request-input.js";

export function page<T>(items: readonly T[], query: RequestInput["query"]): T[] {
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? items.length);
  return items.slice(offset, offset + limit);
}
