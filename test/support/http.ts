// Raw HTTP for the contract tests: requests the typed client would refuse to send (bad input, broken
// credentials, Prism's `Prefer` header), and the arguments each operation is called with.
import { deref, type Json, type Operation } from "./openapi.js";
import type { Target } from "./target.js";

export interface RawRequest {
  method: string;
  /** A path of the description with its {parameters} already filled in. */
  path: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a string, which is sent as is. */
  body?: unknown;
  /** The Authorization header: default the target's valid key, `null` for none. */
  authorization?: string | null;
}

/** Methods that cannot change data: the only ones the read-only mode sends. */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export class WriteRefusedError extends Error {
  override name = "WriteRefusedError";
}

/**
 * The read-only guard: every request of the suite passes here (send() and the typed client's fetch),
 * so no test can change a server's data by forgetting a condition. A server that is not disposable only
 * gets a method that can change data when the user opted in with PCS_ALLOW_WRITES=1.
 */
export function assertMaySend(target: Target, method: string, url: string): void {
  if (READ_ONLY_METHODS.has(method.toUpperCase()) || target.allowWrites || target.disposable) return;
  throw new WriteRefusedError(
    `contract suite (read-only mode): ${method.toUpperCase()} ${url} was not sent — ${target.name} is not disposable and PCS_ALLOW_WRITES=1 is not set`,
  );
}

/** fetch for the package's typed client, through the same guard as send(). */
export function guardedFetch(target: Target): (input: Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    assertMaySend(target, input.method, input.url);
    return fetch(input, init);
  };
}

export interface RawResponse {
  method: string;
  /** The full URL asked for, query included. */
  url: string;
  status: number;
  contentType: string;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
}

export function basicAuthorization(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`, "utf8").toString("base64")}`;
}

export async function send(target: Target, request: RawRequest): Promise<RawResponse> {
  const url = new URL(target.baseUrl + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { accept: "application/json, application/problem+json", ...request.headers };
  const authorization = request.authorization === undefined ? basicAuthorization(target.apiKey) : request.authorization;
  if (authorization !== null) headers.authorization = authorization;
  let body: string | undefined;
  if (request.body !== undefined) {
    body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
    headers["content-type"] ??= "application/json";
  }
  assertMaySend(target, request.method, url.href);
  const response = await fetch(url, { method: request.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    method: request.method.toUpperCase(),
    url: url.href,
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    headers: response.headers,
    text,
    json,
  };
}

/** Replaces the API key, in clear or inside a Basic token, so no failure message can carry it. */
export function withoutCredentials(text: string, apiKey: string): string {
  if (!apiKey) return text;
  const token = Buffer.from(`${apiKey}:`, "utf8").toString("base64");
  return text.split(token).join("‹credential›").split(apiKey).join("‹api key›");
}

/**
 * What a failure message says about an answer, so an implementer can replay it: the operation, method,
 * full URL, status, content type and the start of the body, credential-free.
 * "listProjects: GET http://…/projects.json?limit=5 → 404 application/json {"error":"Not found"}"
 */
export function explain(
  what: string,
  response: Pick<RawResponse, "method" | "url" | "status" | "contentType" | "text">,
  apiKey: string,
): string {
  const body = response.text.length > 200 ? `${response.text.slice(0, 200)}…` : response.text;
  return withoutCredentials(
    `${what}: ${response.method} ${response.url} → ${response.status} ${response.contentType || "(no content type)"} ${body ? body.replace(/\s+/g, " ") : "(empty body)"}`,
    apiKey,
  );
}

/** Runs `work` over `items` with at most `parallel` at a time (Prism is one process on 2 cores). */
export async function inParallel<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(values[name]));
  });
}

/** The value the description gives as an example of a parameter (or of its schema), else 1. */
export function exampleOf(parameter: Json): unknown {
  if ("example" in parameter) return parameter.example;
  const schema = deref(parameter.schema ?? {});
  return schema.examples?.[0] ?? schema.example ?? 1;
}

/** The operation's path with each path parameter set to its example. */
export function examplePath(op: Operation, overrides: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) values[p.name] = exampleOf(p) as number;
  return fillPath(op.path, { ...values, ...overrides });
}

/** The first example of the operation's JSON request body, or undefined when it takes none. */
export function exampleBody(op: Operation): unknown {
  const media = deref(op.operation.requestBody ?? {}).content?.["application/json"];
  if (!media) return undefined;
  if ("example" in media) return media.example;
  const first = Object.values<Json>(media.examples ?? {})[0];
  return first ? deref(first).value : undefined;
}

/** The success response of an operation: its status and the schema of its JSON body (if any). */
export function successResponse(op: Operation): { status: number; schema?: Json } {
  const [code, response] = Object.entries<Json>(op.operation.responses).find(([c]) => c.startsWith("2"))!;
  return { status: Number(code), schema: deref(response).content?.["application/json"]?.schema };
}

export const PROBLEM_SCHEMA = { $ref: "#/components/schemas/Problem" };
export const PROBLEM_TYPE = /^application\/problem\+json\b/;

export function label(op: Operation): string {
  return `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
}
