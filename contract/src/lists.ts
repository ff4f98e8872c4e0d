// A bounded walk of a list: pages of the default size (which every server takes: the interface states
// it), at most `most` items, so a long account is sampled, never walked whole.
import { basicAuthorization } from "./http.js";
import type { Suite } from "./suite.js";

/** The page size a list has without `limit`: the interface states "limit (int, default 30)". */
export const DEFAULT_LIMIT = 30;
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
    first ??= page;
    if (page.status !== 200 || !Array.isArray(page.json)) return { items, complete: false, first };
    items.push(...(page.json as T[]));
    if (page.json.length < DEFAULT_LIMIT) return { items, complete: true, first };
  }
  return { items, complete: false, first: first! };
}
