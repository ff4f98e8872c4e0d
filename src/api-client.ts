// The client's type. At run time it is the openapi-fetch client itself. To the type checker it must be
// four things at once:
//
// - an openapi-fetch `Client<paths>`, so that openapi-fetch's helpers and helper types
//   (wrapAsPathBasedClient, MethodResponse, ClientPathsWithMethod…) accept it;
// - stricter than one: openapi-fetch infers each call's options as a type parameter, which switches
//   off TypeScript's excess-property check, so a misspelt body field compiles silently
//   (openapi-typescript issue #2329). Here the options' type follows from the path, so it does not;
// - clear when a call is wrong: the compiler's message names the field, parameter or path, as raw
//   openapi-fetch's does, on TypeScript 7 as on 5.x;
// - cheap to check: each call's options, data and error are read from the call table (calls.d.ts,
//   which the build writes from the description: scripts/build/call-table.mjs), not worked out at every
//   call by openapi-fetch's generic types, which walk every schema twice (Readable, Writable) and try
//   some fifty error statuses per operation. They are the same types (test/types/call-table.types.ts
//   proves it for every method and path); a consumer's compiler does about a tenth of the work
//   (bench/RESULTS.md).
//
// How: each call method is an intersection of function types, which TypeScript treats as an overload
// list, in this order (test/types/compiler-messages.test.ts holds each point, on each compiler):
//
// 1. CallMethod, the strict signature. Editors take completions and signature help from the first
//    overload, so the paths, the body's fields and the parameters are offered from it.
// 2. openapi-fetch's own method type over `never` paths. It accepts no call; it is there for
//    assignability, which needs only one member of the intersection: ClientMethod<never, …> is
//    assignable to ClientMethod<paths, …> (and to Client<any, any>, MethodResponse's bound).
// 3. NoCallSignature, a signature that accepts no call either and costs the checker nothing.
// 4. ReportedCallMethod, the strict signature again. When no overload accepts a call, TypeScript 7
//    reports the last overload's error alone, and 5.x does the same when more than three overloads
//    failed (with two or three it lists every one). So the error a user reads is the strict
//    signature's ('nam' does not exist… Did you mean 'name'?), never the `never` overload's
//    ("not assignable to parameter of type 'never'"); NoCallSignature only makes four. (A second openapi-fetch
//    member would do too, but TypeScript tries every overload once with the subtype relation before the
//    assignable one, and that member's instantiations cost a consumer half again as much.)
//
// `request` stays openapi-fetch's own type over `paths`: it is what lets MethodResponse and
// wrapAsPathBasedClient infer `paths` from an ApiClient.
import type {
  BodySerializer,
  Client,
  ClientMethod,
  ClientOptions,
  HeadersOptions,
  Middleware,
  ParseAs,
  PathSerializer,
  QuerySerializer,
  QuerySerializerOptions,
} from "openapi-fetch";
import type { Calls } from "./calls.js";
import type { paths } from "./schema.js";

/** The HTTP methods an OpenAPI path item can hold (openapi-fetch's `HttpMethod`). */
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** Any media type (openapi-fetch's `MediaType`). */
export type MediaType = `${string}/${string}`;

/** The operation object of path P for method M (never when P has no such method). */
export type OperationAt<P extends keyof paths, M extends HttpMethod> = paths[P] extends { [K in M]: infer Op }
  ? Op extends Record<string, unknown>
    ? Op
    : never
  : never;

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
export type CallOptions<C extends CallEntry, As extends ParseAs> = C["request"] & RequestSettings<C["operation"]> & { parseAs?: As };

/** The options are optional exactly when the operation has nothing required (no path parameter, no body). */
export type CallArgs<C extends CallEntry, As extends ParseAs> = {} extends C["request"]
  ? [init?: CallOptions<C, As>]
  : [init: CallOptions<C, As>];

/** What a body becomes, by `parseAs` (openapi-fetch's BodyType). */
export interface ParsedBody<Data> {
  json: Data;
  text: Awaited<ReturnType<Response["text"]>>;
  blob: Awaited<ReturnType<Response["blob"]>>;
  arrayBuffer: Awaited<ReturnType<Response["arrayBuffer"]>>;
  stream: Response["body"];
}

/** What a call resolves to: openapi-fetch's FetchResponse, the data parsed as As. */
export type CallResult<C extends CallEntry, As extends ParseAs> =
  | { data: ParsedBody<C["data"]>[As]; error?: never; response: Response }
  | { data?: never; error: C["error"]; response: Response };

/**
 * One call method (GET, POST…). The options' type follows from the path alone, so an unknown property
 * is an error; only `parseAs` is inferred, so that `data` has the type it parses to (a string for
 * "text", a Blob for "blob"…), as in openapi-fetch.
 */
export type CallMethod<M extends HttpMethod> = <P extends keyof Calls[M], As extends ParseAs = "json">(
  url: P,
  ...init: CallArgs<CallAt<M, P>, As>
) => Promise<CallResult<CallAt<M, P>, As>>;

/**
 * CallMethod again, for the compilers' error messages (see the top of this file). The options are
 * spelt as a spread tuple only so that TypeScript keeps it apart from CallMethod (it merges identical
 * signatures of an intersection); the calls it accepts are the same.
 */
export type ReportedCallMethod<M extends HttpMethod> = <P extends keyof Calls[M], As extends ParseAs = "json">(
  url: P,
  ...init: [...CallArgs<CallAt<M, P>, As>]
) => Promise<CallResult<CallAt<M, P>, As>>;

/** An overload that accepts no call, only so that there are four (see the top of this file). */
export type NoCallSignature = (url: never, ...init: never[]) => never;

/** A method that is strict, satisfies openapi-fetch's method type and reports errors by name (see the top of this file). */
export type ClientCallMethod<M extends HttpMethod> = CallMethod<M> &
  ClientMethod<never, M, MediaType> &
  NoCallSignature &
  ReportedCallMethod<M>;

/** An openapi-fetch client for this API: a `Client<paths>` whose calls refuse unknown option properties. */
// `request` (the same calls by method name), `use` and `eject` are openapi-fetch's own.
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
