import type { Client, ClientMethod, FetchOptions, FetchResponse, ParseAs } from "openapi-fetch";
import type { paths } from "./schema.js";
/** The HTTP methods an OpenAPI path item can hold (openapi-fetch's `HttpMethod`). */
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
/** Any media type (openapi-fetch's `MediaType`). */
export type MediaType = `${string}/${string}`;
/** The operation object of path P for method M (never when P has no such method). */
export type OperationAt<P extends keyof paths, M extends HttpMethod> = paths[P] extends {
    [K in M]: infer Op;
} ? Op extends Record<string, unknown> ? Op : never : never;
/** The paths that take method M. */
export type PathsWithMethod<M extends HttpMethod> = {
    [P in keyof paths]: [OperationAt<P, M>] extends [never] ? never : P;
}[keyof paths];
/** A call's options: openapi-fetch's, with `parseAs` narrowed to the one given (As). */
export type CallOptions<Op, As extends ParseAs> = FetchOptions<Op> & {
    parseAs?: As;
};
/** The options are optional exactly when the operation has nothing required (no path parameter, no body). */
export type CallArgs<Op, As extends ParseAs> = {} extends FetchOptions<Op> ? [init?: CallOptions<Op, As>] : [init: CallOptions<Op, As>];
/**
 * One call method (GET, POST…). The options' type follows from the path alone, so an unknown property
 * is an error; only `parseAs` is inferred, so that `data` has the type it parses to (a string for
 * "text", a Blob for "blob"…), as in openapi-fetch.
 */
export type CallMethod<M extends HttpMethod> = <P extends PathsWithMethod<M>, As extends ParseAs = "json">(url: P, ...init: CallArgs<OperationAt<P, M>, As>) => Promise<FetchResponse<OperationAt<P, M>, {
    parseAs: As;
}, MediaType>>;
/**
 * CallMethod again, for the compilers' error messages (see the top of this file). The options are
 * spelt as a spread tuple only so that TypeScript keeps it apart from CallMethod (it merges identical
 * signatures of an intersection); the calls it accepts are the same.
 */
export type ReportedCallMethod<M extends HttpMethod> = <P extends PathsWithMethod<M>, As extends ParseAs = "json">(url: P, ...init: [...CallArgs<OperationAt<P, M>, As>]) => Promise<FetchResponse<OperationAt<P, M>, {
    parseAs: As;
}, MediaType>>;
/** An overload that accepts no call, only so that there are four (see the top of this file). */
export type NoCallSignature = (url: never, ...init: never[]) => never;
/** A method that is strict, satisfies openapi-fetch's method type and reports errors by name (see the top of this file). */
export type ClientCallMethod<M extends HttpMethod> = CallMethod<M> & ClientMethod<never, M, MediaType> & NoCallSignature & ReportedCallMethod<M>;
/** An openapi-fetch client for this API: a `Client<paths>` whose calls refuse unknown option properties. */
export interface ApiClient extends Omit<Client<paths, MediaType>, Uppercase<HttpMethod>> {
    GET: ClientCallMethod<"get">;
    PUT: ClientCallMethod<"put">;
    POST: ClientCallMethod<"post">;
    DELETE: ClientCallMethod<"delete">;
    OPTIONS: ClientCallMethod<"options">;
    HEAD: ClientCallMethod<"head">;
    PATCH: ClientCallMethod<"patch">;
    TRACE: ClientCallMethod<"trace">;
}
