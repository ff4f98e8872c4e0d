// The package's public surface: the client, its helpers, and the types of every path and resource.
// Node-only helpers live in their own entry points, out of what a browser app bundles:
// `@project-collaboration/api/network-failure` (why a fetch got no answer).
export { createClient, DEFAULT_TIMEOUT_MS, PACKAGE_USER_AGENT } from "./create-client.js";
export { DEFAULT_RETRY } from "./retry.js";
export { DEFAULT_MAX_RESPONSE_BYTES, ResponseTooLargeError } from "./bounded-body.js";
export { paginate, collectAll, DEFAULT_MAX_PAGES, MAX_PAGE_SIZE, PaginationError } from "./paginate.js";
export { ApiError, unwrap } from "./api-error.js";
export { PathParameterError } from "./path-parameters.js";
export { READ_ONLY_METHODS } from "./methods.js";
export { createRedactor, credentialForms, hasUserInfo, MIN_EMBEDDED_SECRET_LENGTH, REDACTED, redactJson } from "./redaction.js";
export { safeCiText, safeJsonText, safeTerminalText } from "./terminal-text.js";
export { didYouMean, unknownOptionLine } from "./did-you-mean.js";
export { PACKAGE_VERSION } from "./version.js";
