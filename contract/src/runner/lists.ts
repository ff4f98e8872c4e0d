// A bounded walk of a list: pages of the default size (which every server takes: the interface states
// it), at most `most` items kept, so a long account is sampled, never walked whole. A page longer than
// asked for (a server that ignores `limit`) ends the walk, what it holds past `most` not kept.
import { DEFAULT_LIMIT } from "../description/description.js";
import { basicAuthorization } from "../transport/http.js";
import { compact, type Suite } from "./suite.js";

export const MOST_ITEMS = 300;

export interface Listed<T> {
  items: T[];
  /** The whole list was read (it ended before `most`). */
  complete: boolean;
  /** The first page's answer and its failure text. */
  first: Awaited<ReturnType<Suite["call"]>>;
}

export async function listAll<T = { id: number }>(
  suite: Suite,
  operationId: string,
  path: string,
  { apiKey = suite.target.apiKey, most = MOST_ITEMS }: { apiKey?: string; most?: number } = {},
): Promise<Listed<T>> {
  const items: T[] = [];
  let first: Listed<T>["first"] | undefined;
  for (let offset = 0; offset < most; offset += DEFAULT_LIMIT) {
    const page = await suite.call(operationId, {
      method: "get",
      path,
      query: { offset, limit: DEFAULT_LIMIT },
      authorization: basicAuthorization(apiKey),
    });
    first ??= compact(page);
    if (page.status !== 200 || !Array.isArray(page.json)) return { items, complete: false, first };
    const got = page.json as T[];
    for (const item of got.slice(0, most - items.length)) items.push(item);
    if (got.length > DEFAULT_LIMIT) return { items, complete: false, first };
    if (got.length < DEFAULT_LIMIT) return { items, complete: true, first };
  }
  return { items, complete: false, first: first! };
}
