// Walks every page of a paginated list (query `offset` and `limit`) until a short page.
import type { FetchOptions } from "openapi-fetch";
import type { OperationAt } from "./api-client.js";
import type { paths } from "./schema.js";
import { unwrap } from "./api-error.js";

/** The GET operation of path P. */
export type GetOperation<P extends keyof paths> = OperationAt<P, "get">;
/** The query parameters of an operation (never when it takes none). */
export type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** The JSON body of an operation's 200 response (never when it has none). */
export type OkJson<Op> = Op extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;

/** True when the GET operation takes `offset` and `limit` and answers with an array. (Tuples keep
 * `never` from passing every test: `never extends X` holds for any X.) */
export type IsPaginated<Op> = [QueryOf<Op>] extends [never]
  ? false
  : ["offset" | "limit"] extends [keyof QueryOf<Op>]
    ? [OkJson<Op>] extends [never]
      ? false
      : [OkJson<Op>] extends [readonly unknown[]]
        ? true
        : false
    : false;

/** The paths whose GET takes `offset` and `limit` and answers with an array: the only ones paginate accepts. */
export type PaginatedPath = {
  [P in keyof paths]: IsPaginated<GetOperation<P>> extends true ? P : never;
}[keyof paths];

/** The resource one page of P lists, e.g. Project for "/projects.json". */
export type PageItem<P extends PaginatedPath> = OkJson<GetOperation<P>> extends readonly (infer Item)[] ? Item : never;

/** The GET options of P; `limit` is the page size (default MAX_PAGE_SIZE), `offset` where to start;
 * `maxPages` is the most pages the walk requests (default DEFAULT_MAX_PAGES). */
export type PaginateInit<P extends PaginatedPath> = FetchOptions<GetOperation<P>> & { maxPages?: number };

/** Optional when P has no required parameter, required otherwise (e.g. a path parameter). */
export type PaginateArgs<P extends PaginatedPath> = {} extends PaginateInit<P> ? [init?: PaginateInit<P>] : [init: PaginateInit<P>];

/** The description's maximum `limit`: the fewest requests per item. */
export const MAX_PAGE_SIZE = 100;

/** The default ceiling of a walk: a million items at the maximum page size. */
export const DEFAULT_MAX_PAGES = 10_000;

/**
 * Thrown by paginate (and collectAll) when a walk cannot end or would return the wrong items. The
 * items of the earlier pages have been yielded already.
 * - "page-over-limit": a page held more items than `limit` (the server ignores `limit`);
 * - "repeated-page": every item of a page (by `id`) came earlier in the walk (the server ignores
 *   `offset`, as Prism's mock does, or answers the same items again in another order or form);
 * - "too-many-pages": `maxPages` full pages were read and the list goes on.
 */
export class PaginationError extends Error {
  constructor(
    readonly reason: "page-over-limit" | "repeated-page" | "too-many-pages",
    /** The path template walked, e.g. "/projects.json". */
    readonly path: string,
    /** The `offset` of the page that broke the rule ("too-many-pages": of the page not requested). */
    readonly offset: number,
    readonly limit: number,
    /** How many items that page held ("too-many-pages": the last page read). */
    readonly received: number,
  ) {
    super(
      reason === "page-over-limit"
        ? `paginate: GET ${path} answered ${received} items to limit=${limit} (offset=${offset}); a server that ignores "limit" cannot be paged`
        : reason === "repeated-page"
          ? `paginate: GET ${path} answered ${received} items at offset=${offset} (limit=${limit}) that all came earlier in the walk; a server that ignores "offset" cannot be paged`
          : `paginate: GET ${path} stopped before offset=${offset} (limit=${limit}): the walk reached its maxPages and the list goes on`,
    );
    this.name = "PaginationError";
  }
}

/** What paginate needs of a client: GET. Fits this package's ApiClient and a plain openapi-fetch Client<paths>. */
export interface PaginationClient {
  // Method syntax on purpose: its parameters compare bivariantly, so both clients' generic GETs fit.
  GET(path: PaginatedPath, init?: { params?: unknown }): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

/**
 * Yields every item of every page. Stops after a page shorter than the page size, so an empty first
 * page costs one request, and a total that is an exact multiple of the page size costs one more
 * (empty) request. Throws ApiError when a page fails, and PaginationError when the walk could not end
 * or would return the wrong items (see its reasons).
 */
export async function* paginate<P extends PaginatedPath>(
  client: PaginationClient,
  path: P,
  ...[init]: PaginateArgs<P>
): AsyncGenerator<PageItem<P>, void, undefined> {
  const { maxPages = DEFAULT_MAX_PAGES, ...options } = (init ?? {}) as {
    maxPages?: number;
    params?: { query?: { offset?: number; limit?: number } };
  };
  const limit = options.params?.query?.limit ?? MAX_PAGE_SIZE;
  // The walk stops on a page shorter than `limit`: 0 would never stop, and more than the service's
  // maximum would stop after one capped page, silently dropping the rest.
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new RangeError(`paginate: limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (!(Number.isInteger(maxPages) && maxPages >= 1) && maxPages !== Infinity) {
    throw new RangeError("paginate: maxPages must be an integer ≥ 1 (or Infinity)");
  }
  let offset = options.params?.query?.offset ?? 0;
  // The ids met so far: a page that brings none the walk has not seen means the server is not paging.
  const seen = new Set<unknown>();
  for (let pages = 1; ; pages++) {
    const query = { ...options.params?.query, offset, limit };
    const page: unknown = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
    // An empty 200 body ends the list; anything but an array is not a page of this API.
    if (page === undefined) return;
    if (!Array.isArray(page)) throw new TypeError(`paginate: ${String(path)} answered with something other than an array`);
    if (page.length > limit) throw new PaginationError("page-over-limit", String(path), offset, limit, page.length);
    const ids = page.map(idOf);
    // An item without an id cannot be recognised again, so it counts as new.
    if (page.length > 0 && ids.every((id) => id !== undefined && seen.has(id))) {
      throw new PaginationError("repeated-page", String(path), offset, limit, page.length);
    }
    for (const id of ids) seen.add(id);
    yield* page as PageItem<P>[];
    if (page.length < limit) return;
    offset += page.length;
    if (pages >= maxPages) throw new PaginationError("too-many-pages", String(path), offset, limit, page.length);
  }
}

function idOf(item: unknown): unknown {
  return typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
}

/** Every item of every page, in one array. */
export async function collectAll<P extends PaginatedPath>(
  client: PaginationClient,
  path: P,
  ...init: PaginateArgs<P>
): Promise<PageItem<P>[]> {
  const items: PageItem<P>[] = [];
  for await (const item of paginate(client, path, ...init)) items.push(item);
  return items;
}
