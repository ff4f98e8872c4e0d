// Walks every page of a paginated list (query `offset` and `limit`) until a short page.
import type { FetchOptions } from "openapi-fetch";
import type { OperationAt } from "./api-client.js";
import type { paths } from "./schema.js";
import { unwrap } from "./unwrap.js";

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

/** The GET options of P; `limit` is the page size (default MAX_PAGE_SIZE), `offset` where to start. */
export type PaginateInit<P extends PaginatedPath> = FetchOptions<GetOperation<P>>;

/** Optional when P has no required parameter, required otherwise (e.g. a path parameter). */
export type PaginateArgs<P extends PaginatedPath> = {} extends PaginateInit<P> ? [init?: PaginateInit<P>] : [init: PaginateInit<P>];

/** The description's maximum `limit`: the fewest requests per item. */
export const MAX_PAGE_SIZE = 100;

/**
 * Thrown by paginate (and collectAll) when the server does not page as the description says, so the
 * walk would never end or would return the wrong items: a page with more items than `limit`
 * ("page-over-limit": `limit` ignored), or a full page equal to the one before it ("repeated-page":
 * `offset` ignored, as Prism's mock does). The items of the earlier pages have been yielded already.
 */
export class PaginationError extends Error {
  constructor(
    readonly reason: "page-over-limit" | "repeated-page",
    /** The path template walked, e.g. "/projects.json". */
    readonly path: string,
    /** The `offset` of the page that broke the rule. */
    readonly offset: number,
    readonly limit: number,
    /** How many items that page held. */
    readonly received: number,
  ) {
    super(
      reason === "page-over-limit"
        ? `paginate: GET ${path} answered ${received} items to limit=${limit} (offset=${offset}); a server that ignores "limit" cannot be paged`
        : `paginate: GET ${path} answered the same ${received} items at offset=${offset} as at offset=${offset - received} (limit=${limit}); a server that ignores "offset" cannot be paged`,
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
 * (empty) request. Throws ApiError when a page fails, and PaginationError when the server ignores
 * `limit` or `offset`.
 */
export async function* paginate<P extends PaginatedPath>(
  client: PaginationClient,
  path: P,
  ...[init]: PaginateArgs<P>
): AsyncGenerator<PageItem<P>, void, undefined> {
  const options = (init ?? {}) as { params?: { query?: { offset?: number; limit?: number } } };
  const limit = options.params?.query?.limit ?? MAX_PAGE_SIZE;
  // The walk stops on a page shorter than `limit`: 0 would never stop, and more than the service's
  // maximum would stop after one capped page, silently dropping the rest.
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new RangeError(`paginate: limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  let offset = options.params?.query?.offset ?? 0;
  let previous: string | undefined; // the last full page, as JSON
  for (;;) {
    const query = { ...options.params?.query, offset, limit };
    const page: unknown = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
    // An empty 200 body ends the list; anything but an array is not a page of this API.
    if (page === undefined) return;
    if (!Array.isArray(page)) throw new TypeError(`paginate: ${String(path)} answered with something other than an array`);
    // Both guards stop a walk that would otherwise never end, or end with the wrong items: the walk
    // relies on the server honouring `limit` (a short page ends it) and `offset` (each page is new).
    if (page.length > limit) throw new PaginationError("page-over-limit", String(path), offset, limit, page.length);
    const json = page.length === limit ? JSON.stringify(page) : undefined;
    if (json !== undefined && json === previous) throw new PaginationError("repeated-page", String(path), offset, limit, page.length);
    yield* page as PageItem<P>[];
    if (page.length < limit) return;
    previous = json;
    offset += page.length;
  }
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
