import { unwrap } from "./unwrap.js";
/** The description's maximum `limit`: the fewest requests per item. */
export const MAX_PAGE_SIZE = 100;
/**
 * Yields every item of every page. Stops after a page shorter than the page size, so an empty first
 * page costs one request, and a total that is an exact multiple of the page size costs one more
 * (empty) request. Throws ApiError when a page fails.
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
    for (;;) {
        const query = { ...options.params?.query, offset, limit };
        const page = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
        // An empty 200 body ends the list; anything but an array is not a page of this API.
        if (page === undefined)
            return;
        if (!Array.isArray(page))
            throw new TypeError(`paginate: ${String(path)} answered with something other than an array`);
        yield* page;
        if (page.length < limit)
            return;
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
