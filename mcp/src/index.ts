// @project-collaboration/mcp as a library: the server without its stdio command, e.g. to embed it or
// to test an agent over the SDK's InMemoryTransport.
export { createMcpServer } from "./server.js";
export type { ServerOptions } from "./server.js";
export { connect, SANDBOX_BASE_URL } from "./connection.js";
export type { Connection } from "./connection.js";
export { builtTools } from "./operations.js";
export type { OperationTool } from "./operations.js";
export { selectTools, UsageError } from "./selection.js";
export type { Selection } from "./selection.js";
export { annotationsOf, WARNINGS } from "./annotations.js";
export { secretsOf } from "./redact.js";
export { serveHttp, keyOf } from "./http.js";
export type { HttpOptions } from "./http.js";
