/** Every method an OpenAPI path item can hold, and so every call method of the client. */
export declare const HTTP_METHODS: readonly ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** The methods that cannot change data (RFC 9110's safe methods this API can be sent): the only ones a
 * read-only tool sends — the contract checker without --allow-writes, the MCP server's read tools. */
export declare const READ_ONLY_METHODS: ReadonlySet<string>;
/** The methods whose request may be sent twice with the effect of once (RFC 9110 §9.2.2): what a proxy
 * may send again after a connection it reused was reset. */
export declare const IDEMPOTENT_METHODS: ReadonlySet<string>;
