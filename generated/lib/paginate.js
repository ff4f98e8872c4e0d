import { unwrap } from "./unwrap.js";
/** The description's maximum `limit`: the fewest requests per item. */
export const MAX_PAGE_SIZE = 100;
/**
 * Thrown by paginate (and collectAll) when the server does not page as the description says, so the
 * walk would never end or would return the wrong items: a page with more items than `limit`
 * ("page-over-limit": `limit` ignored), or a full page equal to the one before it ("repeated-page":
 * `offset` ignored, as Prism's mock does). The items of the earlier pages have been yielded already.
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
    /** The `offset` of the page that broke the rule. */
    offset, limit, 
    /** How many items that page held. */
    received) {
        super(reason === "page-over-limit"
            ? `paginate: GET ${path} answered ${received} items to limit=${limit} (offset=${offset}); a server that ignores "limit" cannot be paged`
            : `paginate: GET ${path} answered the same ${received} items at offset=${offset} as at offset=${offset - received} (limit=${limit}); a server that ignores "offset" cannot be paged`);
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
 * (empty) request. Throws ApiError when a page fails, and PaginationError when the server ignores
 * `limit` or `offset`.
 */
export async function* paginate(client, path, ...[init]) {
    const options = (init ?? {});
    const limit = options.params?.query?.limit ?? MAX_PAGE_SIZE;
    // The walk stops on a page shorter than `limit`: 0 would never stop, and more than the service's
    // maximum would stop after one capped page, silently dropping the rest.
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
        throw new RangeError(`paginate: limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
    }
    let offset = options.params?.query?.offset ?? 0;
    let previous; // the last full page, as JSON
    for (;;) {
        const query = { ...options.params?.query, offset, limit };
        const page = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
        // An empty 200 body ends the list; anything but an array is not a page of this API.
        if (page === undefined)
            return;
        if (!Array.isArray(page))
            throw new TypeError(`paginate: ${String(path)} answered with something other than an array`);
        // Both guards stop a walk that would otherwise never end, or end with the wrong items: the walk
        // relies on the server honouring `limit` (a short page ends it) and `offset` (each page is new).
        if (page.length > limit)
            throw new PaginationError("page-over-limit", String(path), offset, limit, page.length);
        const json = page.length === limit ? JSON.stringify(page) : undefined;
        if (json !== undefined && json === previous)
            throw new PaginationError("repeated-page", String(path), offset, limit, page.length);
        yield* page;
        if (page.length < limit)
            return;
        previous = json;
        offset += page.length;
    }
}
/** Every item of every page, in one array. */
export async function collectAll(client, path, ...init) {
    const items = [];
    for await (const item of paginate(client, path, ...init))
        items.push(item);
    return items;
}
