// The tests' one raw walk of a list by `offset` and `limit` (the stand-ins read the sandbox's lists
// whole with it). The client's walk is src/paginate.ts, tested in test/client/paginate.test.ts; the
// checker's is contract/src/transport/lists.ts.

/** What a page request gives: the page's items, or undefined when it failed (which ends the walk). */
export type PageReader<T> = (offset: number, limit: number) => Promise<readonly T[] | undefined>;

/** Reads pages of `pageSize` items from offset `from` until a page comes back shorter than asked, a
 * page fails, or `most` items are read (the last page asks only for what is left). */
export async function walkPages<T>(
  read: PageReader<T>,
  { pageSize, from = 0, most = Number.POSITIVE_INFINITY }: { pageSize: number; from?: number; most?: number },
): Promise<T[]> {
  const items: T[] = [];
  for (let offset = from; items.length < most; ) {
    const limit = Math.min(pageSize, most - items.length);
    const page = await read(offset, limit);
    if (page === undefined) break;
    items.push(...page);
    if (page.length < limit) break;
    offset += page.length;
  }
  return items;
}
