// The package's public surface: the client, its helpers, and the types of every path and resource.
export { createClient, DEFAULT_TIMEOUT_MS, PACKAGE_USER_AGENT } from "./create-client.js";
export type { ClientOptions } from "./create-client.js";
export type { ApiClient } from "./api-client.js";
export type { FetchLike } from "./retrying-fetch.js";
export { DEFAULT_RETRY } from "./retry-options.js";
export type { RetryOptions } from "./retry-options.js";
export { paginate, collectAll, MAX_PAGE_SIZE, PaginationError } from "./paginate.js";
export type { PaginatedPath, PageItem, PaginateInit } from "./paginate.js";
export { unwrap } from "./unwrap.js";
export type { FetchResult } from "./unwrap.js";
export { ApiError } from "./api-error.js";
export { PACKAGE_VERSION } from "./version.js";
export type * from "./types.js";
