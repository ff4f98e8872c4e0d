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
    let offset = options.params?.query?.offset ?? 0;
    for (;;) {
        const query = { ...options.params?.query, offset, limit };
        const page = unwrap(await client.GET(path, { ...options, params: { ...options.params, query } }));
        yield* page;
        if (!Array.isArray(page) || page.length < limit)
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
