// What a model is told of the `execute` and `types` tools: how a program is written, what is in its
// scope, its limits, and one line per operation the server offers (method, path, name, whether it
// pages, summary). The request and result types of an operation come from the `types` tool, on demand:
// the list stays short however many operations the description grows.
import { WARNINGS } from "../annotations.js";
import type { OperationTool } from "../operations.js";
import { MAX_REQUESTS } from "./bridge.js";
import type { IsolateLimits } from "./isolate.js";

export function executeDescription(offered: readonly OperationTool[], allowWrites: boolean, limits: IsolateLimits): string {
  const operations = offered.map(
    (t) => `${t.method} ${t.path} — ${t.name}${t.paginated ? ", paged" : ""}${t.writes ? ", changes data" : ""}: ${t.title}`,
  );
  return [
    "Runs a TypeScript program against the Project Collaboration Service in one call: walk every page, filter, join and count, and return only the answer.",
    "`code` is the body of an async function. In scope:",
    '- client: the typed openapi-fetch client. `await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 1 }, query: {…} } })` (and POST, PATCH, DELETE with `body`) resolves to { data, error, response } (response: status, ok, statusText, url, headers.get).',
    '- paginate(client, path, init?): an async iterator over every item of a paged list; collectAll(client, path, init?): all of them in an array. E.g. `const projects = await collectAll(client, "/projects.json");`',
    "- unwrap(result): result.data, or throws ApiError (message, status, problem).",
    "- console.log(…): its lines come back with the result.",
    "`return` a JSON value: it is the result. The program is type-checked against the client's types first: a mistake is refused with the compiler's message and nothing runs. It runs isolated (no fetch, process, require, import or timers) within " +
      `${limits.cpuMs / 1000} s of CPU, ${limits.memoryBytes / 1024 / 1024} MiB and ${MAX_REQUESTS.toLocaleString("en-US")} requests.` +
      (allowWrites
        ? " Writes are enabled: a program's changes are made at once and are not undone if it fails later."
        : " This server is read-only: a request that changes data is refused (the server must be started with --allow-writes)."),
    "Call `types` with the operation names you need for their parameters, body and result types. Operations:",
    ...operations,
    // The warnings the operation tools open with hold for a program's calls too.
    ...offered.filter((t) => WARNINGS[t.name]).map((t) => `${t.name}: ${WARNINGS[t.name]}`),
  ].join("\n");
}

export const TYPES_DESCRIPTION =
  "The TypeScript types an `execute` program uses for the operations named: each call's path and query parameters and body, the `data` it returns, and the schemas they name.";
