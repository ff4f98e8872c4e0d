// Where the client runs, for the one thing that differs in a browser: the User-Agent header.
//
// A browser sends its own User-Agent. Chromium silently drops one set by a script; Firefox sends it,
// but then, being no CORS-safelisted header, it is listed in the preflight's
// Access-Control-Request-Headers, and a service that allows only Authorization refuses the call. So in
// a browser the client sets none (docs/guides/client.md, "In a browser").

/** True in a web page or a web worker. */
export function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return typeof scope.document === "object" || typeof scope.WorkerGlobalScope === "function";
}
