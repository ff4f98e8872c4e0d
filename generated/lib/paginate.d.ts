import type { FetchOptions } from "openapi-fetch";
import type { OperationAt } from "./api-client.js";
import type { paths } from "./schema.js";
/** The GET operation of path P. */
export type GetOperation<P extends keyof paths> = OperationAt<P, "get">;
/** The query parameters of an operation (never when it takes none). */
export type QueryOf<Op> = Op extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
/** The JSON body of an operation's 200 response (never when it has none). */
export type OkJson<Op> = Op extends {
    responses: {
        200: {
            content: {
                "application/json": infer Body;
            };
        };
    };
} ? Body : never;
/** True when the GET operation takes `offset` and `limit` and answers with an array. (Tuples keep
 * `never` from passing every test: `never extends X` holds for any X.) */
export type IsPaginated<Op> = [QueryOf<Op>] extends [never] ? false : ["offset" | "limit"] extends [keyof QueryOf<Op>] ? [OkJson<Op>] extends [never] ? false : [OkJson<Op>] extends [readonly unknown[]] ? true : false : false;
/** The paths whose GET takes `offset` and `limit` and answers with an array: the only ones paginate accepts. */
export type PaginatedPath = {
    [P in keyof paths]: IsPaginated<GetOperation<P>> extends true ? P : never;
}[keyof paths];
/** The resource one page of P lists, e.g. Project for "/projects.json". */
export type PageItem<P extends PaginatedPath> = OkJson<GetOperation<P>> extends readonly (infer Item)[] ? Item : never;
/** The GET options of P; `limit` is the page size (default MAX_PAGE_SIZE), `offset` where to start;
 * `maxPages` is the most pages the walk requests (default DEFAULT_MAX_PAGES). */
export type PaginateInit<P extends PaginatedPath> = FetchOptions<GetOperation<P>> & {
    maxPages?: number;
};
/** Optional when P has no required parameter, required otherwise (e.g. a path parameter). */
export type PaginateArgs<P extends PaginatedPath> = {} extends PaginateInit<P> ? [init?: PaginateInit<P>] : [init: PaginateInit<P>];
/** The description's maximum `limit`: the fewest requests per item. */
export declare const MAX_PAGE_SIZE = 100;
/** The default ceiling of a walk: a million items at the maximum page size. */
export declare const DEFAULT_MAX_PAGES = 10000;
/**
 * Thrown by paginate (and collectAll) when a walk cannot end or would return the wrong items. The
 * items of the earlier pages have been yielded already.
 * - "page-over-limit": a page held more items than `limit` (the server ignores `limit`);
 * - "repeated-page": every item of a page (by `id`) came earlier in the walk (the server ignores
 *   `offset`, as Prism's mock does, or answers the same items again in another order or form);
 * - "too-many-pages": `maxPages` full pages were read and the list goes on.
 */
export declare class PaginationError extends Error {
    readonly reason: "page-over-limit" | "repeated-page" | "too-many-pages";
    /** The path template walked, e.g. "/projects.json". */
    readonly path: string;
    /** The `offset` of the page that broke the rule ("too-many-pages": of the page not requested). */
    readonly offset: number;
    readonly limit: number;
    /** How many items that page held ("too-many-pages": the last page read). */
    readonly received: number;
    constructor(reason: "page-over-limit" | "repeated-page" | "too-many-pages", 
    /** The path template walked, e.g. "/projects.json". */
    path: string, 
    /** The `offset` of the page that broke the rule ("too-many-pages": of the page not requested). */
    offset: number, limit: number, 
    /** How many items that page held ("too-many-pages": the last page read). */
    received: number);
}
/** What paginate needs of a client: GET. Fits this package's ApiClient and a plain openapi-fetch Client<paths>. */
export interface PaginationClient {
    GET(path: PaginatedPath, init?: {
        params?: unknown;
    }): Promise<{
        data?: unknown;
        error?: unknown;
        response: Response;
    }>;
}
/**
 * Yields every item of every page. Stops after a page shorter than the page size, so an empty first
 * page costs one request, and a total that is an exact multiple of the page size costs one more
 * (empty) request. Throws ApiError when a page fails, and PaginationError when the walk could not end
 * or would return the wrong items (see its reasons).
 */
export declare function paginate<P extends PaginatedPath>(client: PaginationClient, path: P, ...[init]: PaginateArgs<P>): AsyncGenerator<PageItem<P>, void, undefined>;
/** Every item of every page, in one array. */
export declare function collectAll<P extends PaginatedPath>(client: PaginationClient, path: P, ...init: PaginateArgs<P>): Promise<PageItem<P>[]>;
