// Type tests (run by `npm run typecheck`, see client.types.ts): the call table the build writes
// (generated/lib/calls.d.ts, scripts/build/call-table.mjs) gives every method and path what openapi-fetch's
// own generic types compute for its operation — the options a call takes, and what it resolves to under
// every `parseAs` — and no path more or less. The client's methods read the table (src/api-client.ts)
// so that a consumer's compiler need not work these out at every call.
import type { FetchOptions, FetchResponse, ParseAs } from "openapi-fetch";
import { expectTypeOf } from "vitest";
import type { CallAt, CallOptions, CallResult, Calls, HttpMethod, MediaType, OperationAt, PathsWithMethod } from "../../src/index.js";

/**
 * True when A and B accept the same values and name the same properties. (Assignable both ways alone
 * would let an extra optional property by; vitest's toEqualTypeOf compares unions member by member
 * after merging them, which these union-typed bodies and results do not survive.)
 */
type Same<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;

/** The options of method M and path P: the table's, and openapi-fetch's computed from the operation. */
type TableOptions<M extends HttpMethod, P, As extends ParseAs> = P extends keyof Calls[M]
  ? CallOptions<CallAt<M, P>, As>
  : "not in the table";
type OpenapiFetchOptions<M extends HttpMethod, P, As extends ParseAs> =
  P extends PathsWithMethod<M> ? FetchOptions<OperationAt<P, M>> & { parseAs?: As } : "not a path of the description";

/** What a call of method M and path P resolves to: the table's, and openapi-fetch's. */
type TableResult<M extends HttpMethod, P, As extends ParseAs> = P extends keyof Calls[M]
  ? CallResult<CallAt<M, P>, As>
  : "not in the table";
type OpenapiFetchResult<M extends HttpMethod, P, As extends ParseAs> =
  P extends PathsWithMethod<M> ? FetchResponse<OperationAt<P, M>, { parseAs: As }, MediaType> : "not a path of the description";

/** "GET /groups.json options (json)" for each method, path and parseAs where the two differ: never when none does. */
type Differences = {
  [M in HttpMethod]: {
    [P in keyof Calls[M] | PathsWithMethod<M>]: {
      [As in ParseAs]:
        | (Same<TableOptions<M, P, As>, OpenapiFetchOptions<M, P, As>> extends true
            ? never
            : `${Uppercase<M>} ${P & string} options (${As})`)
        | (Same<TableResult<M, P, As>, OpenapiFetchResult<M, P, As>> extends true ? never : `${Uppercase<M>} ${P & string} result (${As})`);
    }[ParseAs];
  }[keyof Calls[M] | PathsWithMethod<M>];
}[HttpMethod];

export function theTableIsOpenapiFetchsTypesWrittenOut() {
  expectTypeOf<Differences>().toEqualTypeOf<never>();
  // Every operation is in it.
  expectTypeOf<keyof Calls["get"]>().toEqualTypeOf<PathsWithMethod<"get">>();
  expectTypeOf<keyof Calls["patch"]>().toEqualTypeOf<"/projects/{project_id}.json" | "/organizations.json">();
}

export function theComparisonBites() {
  type Wanted<M extends HttpMethod, P extends PathsWithMethod<M>> = FetchOptions<OperationAt<P, M>> & { parseAs?: "json" };
  // A required body made optional, an optional params made required, an extra option, another operation's data.
  type Loosened = Omit<CallOptions<CallAt<"post", "/projects.json">, "json">, "body"> & {
    body?: OperationAt<"/projects.json", "post">["requestBody"];
  };
  expectTypeOf<Same<Loosened, Wanted<"post", "/projects.json">>>().toEqualTypeOf<false>();
  type Tightened = CallOptions<CallAt<"get", "/projects.json">, "json"> & { params: unknown };
  expectTypeOf<Same<Tightened, Wanted<"get", "/projects.json">>>().toEqualTypeOf<false>();
  type Extra = CallOptions<CallAt<"get", "/projects.json">, "json"> & { retries?: number };
  expectTypeOf<Same<Extra, Wanted<"get", "/projects.json">>>().toEqualTypeOf<false>();
  type OtherData = CallResult<CallAt<"get", "/groups.json">, "json">;
  expectTypeOf<
    Same<OtherData, FetchResponse<OperationAt<"/projects.json", "get">, { parseAs: "json" }, MediaType>>
  >().toEqualTypeOf<false>();
  // And the same types are the same.
  expectTypeOf<Same<CallOptions<CallAt<"post", "/projects.json">, "json">, Wanted<"post", "/projects.json">>>().toEqualTypeOf<true>();
}
