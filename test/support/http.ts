// Raw HTTP to the mock: requests the typed client would refuse to send (bad input, Prism's `Prefer`
// header), and the arguments each operation is called with.
import { exampleOf } from "../../contract/src/description.js";
import type { Operation } from "./openapi.js";
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

/** The operation's path with each path parameter set to its example. */
export function examplePath(op: Operation, overrides: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) values[p.name] = exampleOf(p) as number;
  return fillPath(op.path, { ...values, ...overrides });
}

// One answer to each question about the description: the checker's (contract/src/description.ts).
export { exampleBody, exampleOf, label, PROBLEM_SCHEMA, PROBLEM_TYPE, successResponse } from "../../contract/src/description.js";
