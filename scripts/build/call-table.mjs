// The client's call table (generated/lib/calls.d.ts): for every method and path, what openapi-fetch's
// generic types compute for that operation — the call's own options, the data of a success and the
// error of a failure — written out once as plain indexed accesses into openapi-typescript's
// `operations`. A consumer's compiler then reads each answer instead of working it out at every call
// (openapi-fetch's FetchOptions and FetchResponse walk every schema twice, through Readable and
// Writable, and try some fifty error statuses per operation): bench/RESULTS.md has the figures.
// test/types/call-table.types.ts proves every entry equal to openapi-fetch's own computation.
//
// openapi-typescript's conventions this follows (schema.d.ts): an operation's `parameters` has a
// required key per location with a required parameter (`path` whenever there are path parameters); a
// required request body is `requestBody`, an optional one `requestBody?`; each response is keyed by its
// status (a number, or "2XX", "default"…) and holds `content` by media type, or `content?: never`.
import { operations, resolveRef } from "../lib/openapi.mjs";

/** openapi-typescript-helpers' OkStatus and ErrorStatus: the responses openapi-fetch reads as data and as error. */
const isSuccess = (status) => /^(20[0-467]|2XX)$/.test(status);
const isError = (status) => /^([45]\d\d|[45]XX|default)$/.test(status);

/** `["key"]`, or `[200]` for a numeric status, as openapi-typescript keys it. */
const index = (key) => (/^\d+$/.test(key) ? `[${key}]` : `[${JSON.stringify(key)}]`);

/** The union of what the responses of these statuses carry: each media type's body, or `content` (undefined) for none. */
function contents(document, operation, at, statuses) {
  const members = statuses.flatMap((status) => {
    const response = resolveRef(document, operation.responses[status]);
    const media = Object.keys(response.content ?? {});
    const content = `${at}["responses"]${index(status)}["content"]`;
    return media.length ? media.map((type) => `${content}${index(type)}`) : [content];
  });
  return members.length ? members.join(" | ") : "never";
}

/** One entry: `request` (the params and body openapi-fetch's ParamsOption and RequestBodyOption give), `data`, `error`. */
function entry(document, { operation, parameters }) {
  const at = `operations[${JSON.stringify(operation.operationId)}]`;
  const paramsRequired = parameters.some((p) => p.in === "path" || p.required === true);
  const body = operation.requestBody && resolveRef(document, operation.requestBody);
  const bodyMedia = Object.keys(body?.content ?? {});
  const bodyType = bodyMedia.map((type) => `${at}["requestBody"]["content"]${index(type)}`).join(" | ");
  const bodyMember = !body || bodyMedia.length === 0 ? "body?: never" : body.required ? `body: ${bodyType}` : `body?: ${bodyType}`;
  const statuses = Object.keys(operation.responses ?? {});
  return [
    `{`,
    `            request: { params${paramsRequired ? "" : "?"}: ${at}["parameters"]; ${bodyMember} };`,
    `            operation: ${at};`,
    `            data: ${contents(document, operation, at, statuses.filter(isSuccess))};`,
    `            error: ${contents(document, operation, at, statuses.filter(isError))};`,
    `        }`,
  ].join("\n");
}

/** The text of calls.d.ts for the bundled description. */
export function callTable(document) {
  const byMethod = new Map();
  for (const op of operations(document)) {
    if (!byMethod.has(op.method)) byMethod.set(op.method, []);
    byMethod.get(op.method).push(`        ${JSON.stringify(op.path)}: ${entry(document, op)};`);
  }
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"].map((method) =>
    byMethod.has(method) ? `    ${method}: {\n${byMethod.get(method).join("\n")}\n    };` : `    ${method}: {};`,
  );
  return [
    `// Written by scripts/build/call-table.mjs (npm run build:types) from the bundled description: do not edit.`,
    `import type { operations } from "./schema.js";`,
    `/** Per method, per path: the call's own options, its operation, the data of a success, the error of a failure. */`,
    `export interface Calls {`,
    ...methods,
    `}`,
    ``,
  ].join("\n");
}
