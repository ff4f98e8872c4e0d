// The client's type. At run time it is the openapi-fetch client itself; the type is stricter in one
// way: openapi-fetch infers each call's options as a type parameter, which switches off TypeScript's
// excess-property check, so a misspelt body field compiled silently (openapi-typescript issue #2329).
// Here the options' type follows from the path alone, so an unknown property is an error.
import type { Client, FetchOptions, FetchResponse } from "openapi-fetch";
import type { paths } from "./schema.js";

type Method = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The operation object of path P for method M (never when P has no such method). */
export type OperationAt<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer Op }
  ? Op extends Record<string, unknown>
    ? Op
    : never
  : never;

/** The paths that take method M. */
export type PathsWithMethod<M extends Method> = {
  [P in keyof paths]: [OperationAt<P, M>] extends [never] ? never : P;
}[keyof paths];

/** The options are optional exactly when the operation has nothing required (no path parameter, no body). */
type InitArgs<Op> = {} extends FetchOptions<Op> ? [init?: FetchOptions<Op>] : [init: FetchOptions<Op>];

type MediaType = `${string}/${string}`;

export type CallMethod<M extends Method> = <P extends PathsWithMethod<M>>(
  url: P,
  ...init: InitArgs<OperationAt<P, M>>
) => Promise<FetchResponse<OperationAt<P, M>, FetchOptions<OperationAt<P, M>>, MediaType>>;

/** An openapi-fetch client for this API, with exact option types. */
export interface ApiClient extends Omit<Client<paths>, "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE"> {
  GET: CallMethod<"get">;
  PUT: CallMethod<"put">;
  POST: CallMethod<"post">;
  DELETE: CallMethod<"delete">;
  OPTIONS: CallMethod<"options">;
  HEAD: CallMethod<"head">;
  PATCH: CallMethod<"patch">;
  TRACE: CallMethod<"trace">;
}
