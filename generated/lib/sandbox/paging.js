export function page(items, query) {
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? items.length);
    return items.slice(offset, offset + limit);
}
