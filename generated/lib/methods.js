// The HTTP methods that cannot change data (RFC 9110's safe methods this API can be sent): the only ones
// a read-only tool sends — the contract checker without --allow-writes, the MCP server's read tools.
export const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
