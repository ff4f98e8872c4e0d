// The HTTP methods, once for the client side (the description side, the toolkit's HTTP_METHODS, is
// the same eight in lower case, as OpenAPI's path item spells them; a test holds the two together).
/** Every method an OpenAPI path item can hold, and so every call method of the client. */
export const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/** The methods that cannot change data (RFC 9110's safe methods this API can be sent): the only ones a
 * read-only tool sends — the contract checker without --allow-writes, the MCP server's read tools. */
export const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The methods whose request may be sent twice with the effect of once (RFC 9110 §9.2.2): what a proxy
 * may send again after a connection it reused was reset. */
export const IDEMPOTENT_METHODS = new Set([...READ_ONLY_METHODS, "PUT", "DELETE"]);
