// Pagination, as the service documents it: every paginated list takes `offset` (default 0) and `limit`
// (default 30) and answers one JSON array. A server that ignored either would pass every schema check,
// so these look at what comes back: never more than `limit` items; consecutive pages are consecutive;
// without `limit`, 30 items unless the list is shorter; without `offset`, the first page; read at and
// past its end, an empty array; a later page shorter than its limit holds the items left. Expected numbers are written here, not read from the description.
// Each check reads what it compares inside `suite.steady`: no write of the run is in flight while it reads
// (the run's own creates and deletes would change the list between two readings otherwise).
import { label, operations, type Operation } from "../description/description.js";
import { expect } from "../runner/expect.js";
import { DEFAULT_LIMIT } from "../description/description.js";
import { listAll } from "../runner/lists.js";
import type { Suite } from "../runner/suite.js";

/** What a page keeps of its items: more than a default page and one (the checks compare up to 31). */
const KEPT_ITEMS = DEFAULT_LIMIT + 10;

/**
 * The last page of a list of `length` items (2 or more) read with a `limit` that leaves it shorter than
 * asked: from the second item, a limit of the whole length (its `length - 1` items); past a default
 * page, the last item alone with a limit of 2 (a limit above 30 may be capped: its maximum is not stated).
 */
export function shorterLastPage(length: number): { offset: number; limit: number } {
  return length <= DEFAULT_LIMIT ? { offset: 1, limit: length } : { offset: length - 1, limit: 2 };
}

/** The ids of the whole list that the pages joined miss, and those the pages hold that the list does not
 * (compared as sets: the order of a list is not stated). */
export function joinedAgainstWhole(whole: unknown[], pages: unknown[]): { missing: unknown[]; extra: unknown[] } {
  const joined = new Set(pages);
  const all = new Set(whole);
  return { missing: [...all].filter((id) => !joined.has(id)), extra: [...joined].filter((id) => !all.has(id)) };
}

export function paginationChecks(suite: Suite) {
  const list = suite.checks("pagination");
  const paginated = operations().filter((op) => op.parameters.some((p) => p.in === "query" && p.name === "limit"));
  /** A page: how many items it holds, and the first KEPT_ITEMS of them (a check holds pages while it
   * asks for others; a page that ignores `limit` may hold thousands). */
  const page = async (
    op: Operation,
    query: Record<string, number>,
  ): Promise<{ count: number; items: Array<{ id: unknown }>; why: string }> => {
    const response = await suite.send({ method: "get", path: suite.idPath(op), query });
    const why = suite.explain(label(op), response);
    expect(response.status, why).toBe(200);
    expect(Array.isArray(response.json), `a JSON array: ${why}`).toBe(true);
    const items = response.json as Array<{ id: unknown }>;
    return { count: items.length, items: items.slice(0, KEPT_ITEMS), why };
  };
  const meta = ([, op]: readonly [string, Operation]) => ({ operation: op.operationId, statuses: [200] });

  list.check("PCS-WALK-PAGINATION").it("the six paginated lists of the interface take limit (a sanity check of the walk)", () => {
    expect(paginated.map((op) => op.operationId).sort()).toEqual([
      "listCapturedUrls",
      "listCopy",
      "listCopyRevisions",
      "listFiles",
      "listProjectUsers",
      "listProjects",
    ]);
  });

  if (suite.target.isMock) {
    list
      .check("PCS-MOCK-PAGING-GAP")
      .it("known mock gap, pinned: Prism ignores limit and offset (use the sandbox for paging)", async () => {
        const op = paginated.find((o) => o.operationId === "listProjects")!;
        const [first, second] = [await page(op, { limit: 1, offset: 0 }), await page(op, { limit: 1, offset: 1 })];
        expect(first.count).toBeGreaterThan(1);
        expect(second.items).toEqual(first.items);
      });
    return list.checks;
  }

  const cases = paginated.map((op) => [label(op), op] as const);
  list.check("PCS-PAGE-LIMIT-MAX").for(cases)(
    "%s: never more items than limit",
    async ([, op]) => {
      // Not steady: a page's length is bounded by its limit whatever the list holds.
      for (const limit of [1, 2]) {
        const { count, why } = await page(op, { limit });
        expect(count, `limit=${limit}: ${why}`).toBeLessThanOrEqual(limit);
      }
    },
    meta,
  );

  list.check("PCS-PAGE-OFFSET").for(cases)(
    "%s: offset pages (page 2 of size 1 is the second item of the page of size 2)",
    async ([, op], context) => {
      const read = await suite.steady(async () => {
        const two = await page(op, { offset: 0, limit: 2 });
        if (two.count < 2) return { two };
        const first = await page(op, { offset: 0, limit: 1 });
        const second = await page(op, { offset: 1, limit: 1 });
        const three = await page(op, { offset: 0, limit: 3 });
        const middle = three.count >= 3 ? await page(op, { offset: 1, limit: 2 }) : undefined;
        return { two, first, second, three, middle };
      });
      const { two, first, second, three, middle } = read;
      context.skip(
        !first || !second || !three,
        `${label(op)}: the list holds fewer than 2 items, so offset cannot be told from no offset; a list of 2 or more (a project with more of them) would check it`,
      );
      expect(second!.items, `two consecutive pages are the same: offset ignored? ${second!.why}`).not.toEqual(first!.items);
      expect([...first!.items, ...second!.items], `pages of 1 against the page of 2: ${second!.why}`).toEqual(two.items);
      // offset counts items, not pages: from the second item, two items are the second and third.
      if (middle)
        expect(middle.items, `offset 1, limit 2 against items 2 and 3 of the page of 3: ${middle.why}`).toEqual(three!.items.slice(1, 3));
    },
    meta,
  );

  list.check("PCS-PAGE-DEFAULTS").for(cases)(
    `%s: without limit, ${DEFAULT_LIMIT} items unless the list is shorter; without offset, the first page`,
    async ([, op]) => {
      const [longer, byDefault] = await suite.steady(async () => [
        await page(op, { offset: 0, limit: DEFAULT_LIMIT + 1 }),
        await page(op, {}),
      ]);
      expect(byDefault.count, `default page size: ${byDefault.why}`).toBe(Math.min(DEFAULT_LIMIT, longer.count));
      expect(byDefault.items, `no offset means offset 0: ${byDefault.why}`).toEqual(longer.items.slice(0, byDefault.items.length));
    },
    meta,
  );

  /** The list walked page by page (at most MOST_ITEMS items), once for the checks that read it whole
   * while no write of the run ends between them (called inside `steady`, it is the list as it stands). */
  const walk = (op: Operation) =>
    suite.shared(`walk ${op.operationId} after ${suite.transport.writesEnded} writes`, () =>
      listAll(suite, op.operationId, suite.idPath(op)),
    );

  list.check("PCS-PAGE-UNIQUE").for(cases)(
    "%s: every item once (ids are unique, across its pages too)",
    async ([, op]) => {
      const twiceIn = (items: unknown[]) => {
        const seen = new Set<unknown>();
        return items.map((item) => (item as { id: unknown }).id).filter((id) => seen.size === seen.add(id).size);
      };
      const walked = await suite.steady(() => walk(op));
      expect(walked.first.status, walked.first.why).toBe(200);
      const twice = twiceIn(walked.items);
      expect(twice, `ids listed more than once, walking the list page by page: ${walked.first.why}`).toEqual([]);
    },
    meta,
  );

  list.check("PCS-PAGE-LAST").for(cases)(
    "%s: the last, shorter page holds the items left (its pages joined are the whole list)",
    async ([, op], context) => {
      const idsOf = (items: unknown[]) => items.map((item) => (item as { id: unknown }).id);
      const { walked, query, last } = await suite.steady(async () => {
        const walked = await walk(op);
        if (walked.first.status !== 200 || !walked.complete || walked.items.length < 2) return { walked };
        const query = shorterLastPage(walked.items.length);
        return { walked, query, last: await page(op, query) };
      });
      expect(walked.first.status, walked.first.why).toBe(200);
      context.skip(!walked.complete, `${label(op)}: longer than the run reads whole, so its last page is not known`);
      context.skip(!query || !last, `${label(op)}: fewer than 2 items, so no page of it is a later, shorter one`);
      const n = walked.items.length;
      // The first pages are the walk's: the items before the offset, in the order one list is paged.
      const head = walked.items.slice(0, query!.offset);
      const { missing, extra } = joinedAgainstWhole(idsOf(walked.items), [...idsOf(head), ...idsOf(last!.items)]);
      const what = `the list holds ${n} items; offset ${query!.offset}, limit ${query!.limit}`;
      expect(missing, `ids of the list in none of its pages joined (${what}): ${last!.why}`).toEqual([]);
      expect(extra, `ids in the pages joined that the list read whole does not hold (${what}): ${last!.why}`).toEqual([]);
    },
    meta,
  );

  list.check("PCS-PAGE-PAST-END").for(cases)(
    "%s: read at its end and past it, an empty page (200, [])",
    async ([, op]) => {
      // Where the list ends, for a list of at most MOST_ITEMS items (a longer list is sampled, not walked).
      const { walked, pages } = await suite.steady(async () => {
        const walked = await walk(op);
        if (walked.first.status !== 200) return { walked, pages: [] };
        const length = walked.complete ? walked.items.length : undefined;
        const offsets = length === undefined ? [1_000_000] : [length, length + DEFAULT_LIMIT];
        const pages = [];
        for (const offset of offsets) pages.push({ offset, ...(await page(op, { offset, limit: 5 })) });
        return { walked, pages };
      });
      expect(walked.first.status, walked.first.why).toBe(200);
      const length = walked.complete ? walked.items.length : undefined;
      for (const { offset, items, why } of pages) {
        expect(items, `offset ${offset}, ${length === undefined ? "far past the end" : `the list holds ${length}`}: ${why}`).toEqual([]);
      }
    },
    meta,
  );
  return list.checks;
}
