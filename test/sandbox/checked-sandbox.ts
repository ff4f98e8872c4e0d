// The in-process sandbox, with every answer it gives checked against the description (test/support's
// Ajv over the bundle, independent of the sandbox's own compiled validators): status documented for
// the operation, media type, body schema, documented headers. Violations are collected and every test
// file asserts there are none, so each test also proves the sandbox follows the full description.
import { afterEach, expect } from "vitest";
import { createClient } from "../../src/index.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../src/sandbox/index.js";
import { basicAuthorization } from "../support/http.js";
import { deref, operations, pathPattern, schemaErrors, type Json } from "../support/openapi.js";

export const BASE_URL = "https://sandbox.pcs.invalid/public/api";
export const KEYS = { admin: "sandbox-admin-key", editor: "sandbox-editor-key", viewer: "sandbox-viewer-key" } as const;

const templates = operations().map((op) => ({
  op,
  pattern: new RegExp(`^/public/api${pathPattern(op.path).source}$`),
}));

/** What is wrong with an answer, by the description; empty when it is documented exactly. */
export async function undocumented(request: Request, response: Response): Promise<string[]> {
  const { pathname } = new URL(request.url);
  const found = templates.find((t) => t.op.method === request.method.toLowerCase() && t.pattern.test(pathname));
  if (!found)
    return response.status === 404 || response.status === 405
      ? []
      : [`${request.method} ${pathname}: not an operation, answered ${response.status}`];
  const where = `${request.method} ${pathname} → ${response.status}`;
  const documented = found.op.operation.responses[String(response.status)];
  if (!documented) return [`${where}: status not documented for ${found.op.operationId}`];
  const spec = deref(documented);
  const problems: string[] = [];
  for (const header of Object.keys(spec.headers ?? {})) {
    if (header.toLowerCase() === "retry-after") continue; // only with 429, which the sandbox never sends
    if (response.headers.get(header) === null) problems.push(`${where}: header ${header} missing`);
  }
  const text = await response.clone().text();
  const content = spec.content as Record<string, Json> | undefined;
  if (!content) {
    if (text !== "") problems.push(`${where}: a body where none is documented`);
    return problems;
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const media = content[type];
  if (!media) return [...problems, `${where}: content type ${type || "(none)"} not documented`];
  problems.push(...schemaErrors(media.schema, JSON.parse(text)).map((e) => `${where}: ${e}`));
  return problems;
}

/** A sandbox whose answers are all checked (see above), plus a client for it per API key. */
export function checkedSandbox(options: SandboxOptions = {}) {
  const violations: string[] = [];
  const sandbox: Sandbox = createSandbox({ onError: (error) => violations.push(`sandbox bug: ${String(error)}`), ...options });
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await sandbox.fetch(request.clone());
    violations.push(...(await undocumented(request, response)));
    return response;
  };
  const client = (apiKey: string = KEYS.admin) => createClient({ baseUrl: BASE_URL, apiKey, fetch, retry: false });
  /** A raw request, for what the typed client would refuse to send. */
  const send = (
    method: string,
    path: string,
    {
      body,
      key = KEYS.admin,
      authorization,
      headers = {},
    }: { body?: unknown; key?: string; authorization?: string | null; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${BASE_URL}${path}`, {
      method,
      headers: {
        ...(authorization !== null && { authorization: authorization ?? basicAuthorization(key) }),
        ...(body !== undefined && { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  afterEach(() => {
    expect(violations.splice(0), "answers that break the description").toEqual([]);
  });
  return { sandbox, fetch, client, send };
}
