// The program's environment inside the isolate, as JavaScript the isolate runs before the program: the
// names ./scope.ts declares to the type checker, each made of the isolate's two host functions
// (host.call, host.log), which it then takes off the global object. `client`'s methods send
// (method, path, {params, body}) to the server, which sends the request through the package's client
// (./bridge.ts); `paginate` and `collectAll` walk a list through the package's own paginate, a page of
// items per step; `unwrap` is the package's: the data, or an ApiError with the client's message.
// Everything crosses as JSON text: no object of the server ever enters the isolate.

const PRELUDE = `(() => {
  "use strict";
  const { call, log } = globalThis.host;
  delete globalThis.host;
  const show = (value) => {
    if (typeof value === "string") return value;
    try { return JSON.stringify(value) ?? String(value); } catch { return String(value); }
  };
  const console = {};
  for (const level of ["log", "info", "warn", "error", "debug"])
    console[level] = (...values) => log((level === "log" ? "" : level + ": ") + values.map(show).join(" "));
  globalThis.console = Object.freeze(console);

  // A function in a request's options (a fetch of its own) would vanish in JSON: named, it is refused.
  const functionsNamed = (key, value) => (typeof value === "function" ? "(a function)" : value);
  const failures = new WeakMap();
  const headersOf = (pairs) => {
    const map = new Map(pairs);
    return Object.freeze({
      get: (name) => map.get(String(name).toLowerCase()) ?? null,
      has: (name) => map.has(String(name).toLowerCase()),
      forEach: (callback) => map.forEach((value, name) => callback(value, name)),
    });
  };
  const send = async (method, path, init) => {
    const answer = JSON.parse(await call("request", JSON.stringify([method, path, init ?? {}], functionsNamed)));
    const response = Object.freeze({ status: answer.status, ok: answer.ok, statusText: answer.statusText, url: answer.url, headers: headersOf(answer.headers) });
    const result = answer.ok ? { data: answer.data, response } : { error: answer.error, response };
    if (answer.failure !== undefined) failures.set(result, answer.failure);
    return result;
  };
  const client = {};
  for (const method of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"])
    client[method] = (path, init) => send(method, path, init);
  client.request = (method, path, init) => send(String(method).toUpperCase(), path, init);
  Object.freeze(client);

  const unwrap = (result) => {
    if (result.response.ok) return result.data;
    const error = new Error(failures.get(result) ?? "the call failed with status " + result.response.status);
    error.name = "ApiError";
    error.status = result.response.status;
    error.problem = result.error;
    throw error;
  };
  let walks = 0;
  async function* paginate(of, path, init) {
    if (of !== client) throw new TypeError("paginate: pass it the client in scope");
    const walk = ++walks;
    for (;;) {
      const step = JSON.parse(await call("walk", JSON.stringify([walk, path, init ?? {}], functionsNamed)));
      yield* step.items;
      if (step.done) return;
    }
  }
  const collectAll = async (of, path, init) => {
    const items = [];
    for await (const item of paginate(of, path, init)) items.push(item);
    return items;
  };
  return (program) => async () => {
    const value = await program(client, paginate, collectAll, unwrap);
    return JSON.stringify(value === undefined ? null : value);
  };
})()`;

/** The script the isolate evaluates: its value is the function that runs the program and answers its
 * result as JSON text. `programJavaScript` declares `async function program(client, …)` (./check.ts). */
export function isolateScript(programJavaScript: string): string {
  return `${programJavaScript}\n;${PRELUDE}(program)`;
}
