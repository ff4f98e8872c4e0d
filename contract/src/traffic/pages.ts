// Pages of the same list read by the same caller with nothing written in between that may change it, as the pagination
// checks read them (checks/pagination.ts, whose comparison of pages against the whole is reused): a page
// holds at most `limit` items; a page read from a whole list's end on is empty; a page holds only items
// of the whole list; two pages of windows apart share no item. Each a failure only where two answers
// of the recording contradict each other.
import { joinedAgainstWhole } from "../checks/pagination.js";
import type { Finding } from "../model/ledger.js";
import type { Exchange } from "../transport/transport.js";
import { DEFAULT_LIMIT } from "../description/description.js";

interface Page {
  offset: number;
  limit: number;
  ids: unknown[];
  exchange: Exchange;
}

/** A list of one project's (its users, files, urls, copy): what only a write to that project changes. */
const PROJECT_LIST = /^\/(?:v1\/)?projects\/(\d+)\//;

export class Pages {
  /** Per "caller path", the pages read since the last write that may change that list, and the
   * generation they belong to. */
  private readonly lists = new Map<string, { generation: string; pages: Page[] }>();
  /** Writes of any kind; of what the judge cannot tell; to each project ("project N"). */
  private generation = 0;
  private unknownGeneration = 0;
  private readonly projectGenerations = new Map<string, number>();

  constructor(private readonly found: (finding: Finding) => void) {}

  /** Something written (`about`: "project N", "organization", or not known): what was read before of
   * a list it may change no longer holds. A project's own lists change only with a write to it (or one
   * the judge cannot place); the project list and the rest with any write. */
  written(about?: string): void {
    this.generation++;
    if (about === undefined) this.unknownGeneration++;
    else this.projectGenerations.set(about, (this.projectGenerations.get(about) ?? 0) + 1);
  }

  private generationOf(path: string): string {
    const project = PROJECT_LIST.exec(path)?.[1];
    if (project === undefined) return `${this.generation}`;
    return `${this.unknownGeneration} ${this.projectGenerations.get(`project ${Number(project)}`) ?? 0}`;
  }

  /** A page of a list (200, a JSON array) served to `caller`. */
  read(caller: string, role: string, operation: string, path: string, items: unknown[], exchange: Exchange): void {
    const query = new URL(exchange.url).searchParams;
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? DEFAULT_LIMIT);
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) return;
    const fail = (message: string, earlier?: Exchange) =>
      this.found({
        operation,
        role,
        rule: "pagination",
        problem: `${message}: ${exchange.method} ${exchange.url} → ${exchange.status}${earlier ? ` (and ${earlier.method} ${earlier.url} → ${earlier.status})` : ""}`,
        exchange,
        reproduction: earlier ? [earlier, exchange] : [exchange],
        status: exchange.status,
      });
    if (items.length > limit) {
      fail(`a page of ${items.length} items, more than its limit of ${limit}`);
      return;
    }
    const ids = items.map((item) => (item as { id?: unknown } | null)?.id);
    const key = `${caller} ${path}`;
    const generation = this.generationOf(path);
    let list = this.lists.get(key);
    if (!list || list.generation !== generation) this.lists.set(key, (list = { generation, pages: [] }));
    const page: Page = { offset, limit, ids, exchange };
    for (const other of list.pages) {
      const problem = contradiction(page, other) ?? contradiction(other, page);
      if (problem) {
        fail(problem, other.exchange);
        return;
      }
    }
    list.pages.push(page);
  }
}

const whole = (page: Page) => page.offset === 0 && page.ids.length < page.limit;

/** How `page` contradicts `other`, if it does. */
function contradiction(page: Page, other: Page): string | undefined {
  if (whole(other)) {
    if (page.offset >= other.ids.length && page.ids.length > 0)
      return `a page from offset ${page.offset} holds ${page.ids.length} items, past the end of the whole list of ${other.ids.length}`;
    const { extra } = joinedAgainstWhole(other.ids, page.ids);
    if (extra.length) return `a page holds ${JSON.stringify(extra.slice(0, 5))}, which the whole list does not`;
  }
  const apart = page.offset >= other.offset + other.limit || other.offset >= page.offset + page.limit;
  const shared = apart ? page.ids.filter((id) => other.ids.includes(id)) : [];
  if (shared.length)
    return `pages of offsets ${other.offset} (limit ${other.limit}) and ${page.offset} (limit ${page.limit}) both hold ${JSON.stringify(shared.slice(0, 5))}`;
  return undefined;
}
