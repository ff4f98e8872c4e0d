// The package's public surface: the client, its helpers, and the types of every path and resource.
export { createClient, DEFAULT_TIMEOUT_MS, PACKAGE_USER_AGENT } from "./create-client.js";
export type { ClientOptions, PassedThroughOptions } from "./create-client.js";
export type {
  ApiClient,
  CallArgs,
  CallMethod,
  CallOptions,
  ClientCallMethod,
  HttpMethod,
  MediaType,
  OperationAt,
  PathsWithMethod,
} from "./api-client.js";
export type { FetchLike } from "./retrying-fetch.js";
export { DEFAULT_RETRY } from "./retry-options.js";
export type { ResolvedRetryOptions, RetryOptions } from "./retry-options.js";
export { paginate, collectAll, MAX_PAGE_SIZE, PaginationError } from "./paginate.js";
export type {
  GetOperation,
  IsPaginated,
  OkJson,
  PaginateArgs,
  PaginatedPath,
  PageItem,
  PaginateInit,
  PaginationClient,
  QueryOf,
} from "./paginate.js";
export { unwrap } from "./unwrap.js";
export type { FetchResult } from "./unwrap.js";
export { ApiError } from "./api-error.js";
export type { ApiErrorInit } from "./api-error.js";
export { PACKAGE_VERSION } from "./version.js";
export type * from "./types.js";
