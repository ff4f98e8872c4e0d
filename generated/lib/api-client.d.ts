import type { BodySerializer, Client, ClientMethod, ClientOptions, HeadersOptions, Middleware, ParseAs, PathSerializer, QuerySerializer, QuerySerializerOptions } from "openapi-fetch";
import type { Calls } from "./calls.js";
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
/** One entry of the call table (calls.d.ts): what openapi-fetch's types compute for one method and path. */
export interface CallEntry {
    /** The call's own options: `params` (required when a parameter is) and `body` (required, optional, or `never`). */
    request: {};
    /** The operation, which types openapi-fetch's per-call serializers. */
    operation: unknown;
    /** What a success's body parses to. */
    data: unknown;
    /** What a failure's body parses to. */
    error: unknown;
}
/** The entry of method M and path P. (`& CallEntry` only tells the compiler, for any M, that it is an
 * entry; for a given method and path the intersection is the entry itself.) */
export type CallAt<M extends HttpMethod, P extends keyof Calls[M]> = Calls[M][P] & CallEntry;
/** The options any call takes besides its own: openapi-fetch's RequestOptions without `params` and
 * `body`, and fetch's RequestInit without `body` and `headers` (which openapi-fetch sets). */
export type RequestSettings<Op> = {
    baseUrl?: string;
    querySerializer?: QuerySerializer<Op> | QuerySerializerOptions;
    bodySerializer?: BodySerializer<Op>;
    pathSerializer?: PathSerializer;
    parseAs?: ParseAs;
    fetch?: ClientOptions["fetch"];
    headers?: HeadersOptions;
    middleware?: Middleware[];
} & Omit<RequestInit, "body" | "headers">;
/** A call's options: openapi-fetch's FetchOptions for the operation, with `parseAs` narrowed to the one given (As). */
export type CallOptions<C extends CallEntry, As extends ParseAs> = C["request"] & RequestSettings<C["operation"]> & {
    parseAs?: As;
};
/** The options are optional exactly when the operation has nothing required (no path parameter, no body). */
export type CallArgs<C extends CallEntry, As extends ParseAs> = {} extends C["request"] ? [init?: CallOptions<C, As>] : [init: CallOptions<C, As>];
/** What a body becomes, by `parseAs` (openapi-fetch's BodyType). */
export interface ParsedBody<Data> {
    json: Data;
    text: Awaited<ReturnType<Response["text"]>>;
    blob: Awaited<ReturnType<Response["blob"]>>;
    arrayBuffer: Awaited<ReturnType<Response["arrayBuffer"]>>;
    stream: Response["body"];
}
/** What a call resolves to: openapi-fetch's FetchResponse, the data parsed as As. */
export type CallResult<C extends CallEntry, As extends ParseAs> = {
    data: ParsedBody<C["data"]>[As];
    error?: never;
    response: Response;
} | {
    data?: never;
    error: C["error"];
    response: Response;
};
/**
 * One call method (GET, POST…). The options' type follows from the path alone, so an unknown property
 * is an error; only `parseAs` is inferred, so that `data` has the type it parses to (a string for
 * "text", a Blob for "blob"…), as in openapi-fetch.
 */
export type CallMethod<M extends HttpMethod> = <P extends keyof Calls[M], As extends ParseAs = "json">(url: P, ...init: CallArgs<CallAt<M, P>, As>) => Promise<CallResult<CallAt<M, P>, As>>;
/**
 * CallMethod again, for the compilers' error messages (see the top of this file). The options are
 * spelt as a spread tuple only so that TypeScript keeps it apart from CallMethod (it merges identical
 * signatures of an intersection); the calls it accepts are the same.
 */
export type ReportedCallMethod<M extends HttpMethod> = <P extends keyof Calls[M], As extends ParseAs = "json">(url: P, ...init: [...CallArgs<CallAt<M, P>, As>]) => Promise<CallResult<CallAt<M, P>, As>>;
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
