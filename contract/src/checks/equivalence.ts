// The same page named in each way the interface allows gives the same items (equivalence, as the field's
// catalogues list it): "offset (int, default 0) and limit (int, default 30)", so
//   - no offset and no limit is offset=0&limit=30;
//   - limit=30 is the two pages of 15 at offset 0 and 15, joined.
// The interface states no order, so pages are compared as sets of ids, and only while the list held
// still: the five readings are one steady reading (no write of the run in flight: write-gate.ts), and
// the page of 30 is read before and after the others: a list that moved between the two anyway (someone
// else's write, an order that changes from one read to the next) is not judged — unless it is short
// enough that one page of 15 holds it whole. Reads
// only, five a list, in a run with writes (a read-only run's time at 150 ms latency has no room left).
import { DEFAULT_LIMIT, label, operations, type Operation } from "../description/description.js";
import { fail } from "../runner/expect.js";
import type { Suite } from "../runner/suite.js";

const HALF = DEFAULT_LIMIT / 2;

/** The ids of a page, in order. */
export const idsOf = (items: unknown): unknown[] => (Array.isArray(items) ? items.map((item) => (item as { id?: unknown })?.id) : []);

/** Whether two answers show the list as holding still: the same ids in the same order. */
export const heldStill = (before: unknown[], after: unknown[]) => JSON.stringify(before) === JSON.stringify(after);

/** What is in one page and not the other, both ways (empty: the same set of ids). */
export function setDifference(a: unknown[], b: unknown[]): { onlyA: unknown[]; onlyB: unknown[] } {
  const inA = new Set(a.map((id) => JSON.stringify(id)));
  const inB = new Set(b.map((id) => JSON.stringify(id)));
  return { onlyA: a.filter((id) => !inB.has(JSON.stringify(id))), onlyB: b.filter((id) => !inA.has(JSON.stringify(id))) };
}

/**
 * The judgement of one list's readings: `page30` and `again` the page of 30 before and after, `plain`
 * the answer without offset and limit, `first`/`second` the pages of 15. Undefined when it holds (or
 * cannot be told: `moved`), else what differs.
 */
export function pagingEquivalence(read: {
  page30: unknown[];
  again: unknown[];
  plain: unknown[];
  first: unknown[];
  second: unknown[];
}): { moved: true } | { problems: string[] } {
  const { page30, again, plain, first, second } = read;
  const whole = page30.length < HALF && heldStill([...page30].sort(), [...again].sort());
  if (!heldStill(page30, again) && !whole) return { moved: true };
  const problems: string[] = [];
  const named = (label: string, d: { onlyA: unknown[]; onlyB: unknown[] }, a: string, b: string) =>
    d.onlyA.length || d.onlyB.length
      ? [
          `${label}: ${d.onlyA.length ? `${a} holds ${d.onlyA.slice(0, 5).map(String).join(", ")} that ${b} does not` : ""}${d.onlyA.length && d.onlyB.length ? "; " : ""}${d.onlyB.length ? `${b} holds ${d.onlyB.slice(0, 5).map(String).join(", ")} that ${a} does not` : ""}`,
        ]
      : [];
  problems.push(
    ...named(
      `no offset and no limit is offset=0&limit=${DEFAULT_LIMIT}`,
      setDifference(plain, page30),
      "the default page",
      `offset=0&limit=${DEFAULT_LIMIT}`,
    ),
  );
  problems.push(
    ...named(
      `limit=${DEFAULT_LIMIT} is the pages of ${HALF} at offset 0 and ${HALF}, joined`,
      setDifference(page30, [...first, ...second]),
      `limit=${DEFAULT_LIMIT}`,
      "the two pages of 15",
    ),
  );
  return { problems };
}

export function equivalenceChecks(suite: Suite) {
  const list = suite.checks("equivalence");
  if (suite.target.isMock) return list.checks; // Prism ignores offset and limit (pagination.ts pins it)
  const paginated = operations().filter((op) => op.parameters.some((p) => p.in === "query" && p.name === "limit"));
  // Not in a read-only run: its time at a server's latency is spent (pagination.ts reads the default page
  // there); a run with writes has the time.
  if (!suite.target.allowWrites) return list.checks;
  list.check("PCS-PAGE-EQUIVALENT").for(paginated.map((op) => [label(op), op] as const))(
    `%s: the page named by its defaults, by offset=0&limit=${DEFAULT_LIMIT} and as two pages of ${HALF} holds the same items`,
    async ([, op], context) => {
      const path = suite.idPath(op);
      const read = async (query?: Record<string, number>) => {
        const response = await suite.call(label(op), { method: "get", path, ...(query && { query }) });
        context.skip(response.status !== 200 || !Array.isArray(response.json), `a page was not read: ${response.why}`);
        const ours = (response.json as Array<{ id?: unknown; title?: unknown }>)
          .filter((item) => String(item?.title ?? "").startsWith(suite.runTag))
          .map((item) => item.id);
        return { ids: idsOf(response.json), ours, why: response.why };
      };
      for (let attempt = 0; attempt < 2; attempt++) {
        // No write of the run lands between these readings (write-gate.ts); what moves the list then is
        // someone else's, which `again` shows.
        const [page30, plain, first, second, again] = await suite.steady(async () => [
          await read({ offset: 0, limit: DEFAULT_LIMIT }),
          await read(),
          await read({ offset: 0, limit: HALF }),
          await read({ offset: HALF, limit: HALF }),
          await read({ offset: 0, limit: DEFAULT_LIMIT }),
        ]);
        const judged = pagingEquivalence({ page30: page30.ids, again: again.ids, plain: plain.ids, first: first.ids, second: second.ids });
        const runs = [page30.ours, plain.ours, [...first.ours, ...second.ours], again.ours].map((ids) =>
          JSON.stringify(ids.map(String).sort()),
        );
        if ("moved" in judged || new Set(runs).size > 1) continue;
        if (judged.problems.length) fail(`${judged.problems.join("; ")} — ${plain.why}; ${second.why}`);
        return;
      }
      context.skip(true, `${label(op)} changed between two reads of its first page, twice: the ways of naming a page cannot be compared`);
    },
    ([, op]: readonly [string, Operation]) => ({ operation: op.operationId, statuses: [200] }),
  );
  return list.checks;
}
