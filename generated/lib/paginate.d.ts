import type { Client, FetchOptions } from "openapi-fetch";
import type { paths } from "./schema.js";
type GetOperation<P extends keyof paths> = paths[P] extends {
    get: infer Op;
} ? Op : never;
type QueryOf<Op> = Op extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
type OkJson<Op> = Op extends {
    responses: {
        200: {
            content: {
                "application/json": infer Body;
            };
        };
    };
} ? Body : never;
/** The paths whose GET takes `offset` and `limit` and answers with an array: the only ones paginate accepts. */
export type PaginatedPath = {
    [P in keyof paths]: [keyof QueryOf<GetOperation<P>>] extends [never] ? never : "offset" | "limit" extends keyof QueryOf<GetOperation<P>> ? OkJson<GetOperation<P>> extends readonly unknown[] ? P : never : never;
}[keyof paths];
/** The resource one page of P lists, e.g. Project for "/projects.json". */
export type PageItem<P extends PaginatedPath> = OkJson<GetOperation<P>> extends readonly (infer Item)[] ? Item : never;
/** The GET options of P; `limit` is the page size (default MAX_PAGE_SIZE), `offset` where to start. */
export type PaginateInit<P extends PaginatedPath> = FetchOptions<GetOperation<P>>;
/** Optional when P has no required parameter, required otherwise (e.g. a path parameter). */
type PaginateArgs<P extends PaginatedPath> = {} extends PaginateInit<P> ? [init?: PaginateInit<P>] : [init: PaginateInit<P>];
/** The description's maximum `limit`: the fewest requests per item. */
export declare const MAX_PAGE_SIZE = 100;
/**
 * Yields every item of every page. Stops after a page shorter than the page size, so an empty first
 * page costs one request, and a total that is an exact multiple of the page size costs one more
 * (empty) request. Throws ApiError when a page fails.
 */
export declare function paginate<P extends PaginatedPath>(client: Client<paths>, path: P, ...[init]: PaginateArgs<P>): AsyncGenerator<PageItem<P>, void, undefined>;
/** Every item of every page, in one array. */
export declare function collectAll<P extends PaginatedPath>(client: Client<paths>, path: P, ...init: PaginateArgs<P>): Promise<PageItem<P>[]>;
export {};
