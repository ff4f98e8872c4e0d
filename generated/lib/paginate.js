import { unwrap } from "./api-error.js";
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
    reason;
    path;
    offset;
    limit;
    received;
    constructor(reason, 
    /** The path template walked, e.g. "/projects.json". */
    path, 
    /** The `offset` of the page that broke the rule ("too-many-pages": of the page not requested). */
    offset, limit, 
    /** How many items that page held ("too-many-pages": the last page read). */
    received) {
        super(reason === "page-over-limit"
            ? `paginate: GET ${path} answered ${received} items to limit=${limit} (offset=${offset}); a server that ignores "limit" cannot be paged`
            : reason === "repeated-page"
                ? `paginate: GET ${path} answered ${received} items at offset=${offset} (limit=${limit}) that all came earlier in the walk; a server that ignores "offset" cannot be paged`
                : `paginate: GET ${path} stopped before offset=${offset} (limit=${limit}): the walk reached its maxPages and the list goes on`);
        this.reason = reason;
        this.path = path;
        this.offset = offset;
        this.limit = limit;
        this.received = received;
        this.name = "PaginationError";
    }
}
/**
 * Yields every item of every page. Stops after a page shorter than the page size, so an empty first
 * page costs one request, and a total that is an exact multiple of the page size costs one more
 * (empty) request. Throws ApiError when a page fails, and PaginationError when the walk could not end
 * or would return the wrong items (see its reasons).
 */
export async function* paginate(client, path, ...[init]) {
    const { maxPages = DEFAULT_MAX_PAGES, ...options } = (init ?? {});
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
    const seen = new Set();
    for (let pages = 1;; pages++) {
        const query = { ...options.params?.query, offset, limit };
        const page = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
        // An empty 200 body ends the list; anything but an array is not a page of this API.
        if (page === undefined)
            return;
        if (!Array.isArray(page))
            throw new TypeError(`paginate: ${String(path)} answered with something other than an array`);
        if (page.length > limit)
            throw new PaginationError("page-over-limit", String(path), offset, limit, page.length);
        const ids = page.map(idOf);
        // An item without an id cannot be recognised again, so it counts as new.
        if (page.length > 0 && ids.every((id) => id !== undefined && seen.has(id))) {
            throw new PaginationError("repeated-page", String(path), offset, limit, page.length);
        }
        for (const id of ids)
            seen.add(id);
        yield* page;
        if (page.length < limit)
            return;
        offset += page.length;
        if (pages >= maxPages)
            throw new PaginationError("too-many-pages", String(path), offset, limit, page.length);
    }
}
function idOf(item) {
    return typeof item === "object" && item !== null ? item.id : undefined;
}
/** Every item of every page, in one array. */
export async function collectAll(client, path, ...init) {
    const items = [];
    for await (const item of paginate(client, path, ...init))
        items.push(item);
    return items;
}
