// Raw requests through the run's transport — the ones the typed client would refuse to send (bad
// input, broken credentials, Prism's `Prefer` header) — and the failure text an implementer can replay.
import { copyOf, excerpt } from "./excerpt.js";
import type { Transport } from "./transport.js";
import type { Redact } from "./redact.js";

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
  /** false: send once, whatever the answer (a check that asks the mock for a 429 must see it). */
  retry?: boolean;
}

export interface RawResponse {
  method: string;
  /** The full URL asked for, query included. */
  url: string;
  status: number;
  contentType: string;
  headers: Headers;
  /** The start of the body as text (a copy, at most TEXT_KEPT characters: a check keeps a response
   * while it waits on others, and a body can be megabytes). */
  text: string;
  /** The body was longer than TEXT_KEPT characters: `text` is its start. */
  truncated: boolean;
  /** The body parsed as JSON (from the whole body), or undefined when it is empty or not JSON. */
  json: unknown;
}

/** How much of a body's text a RawResponse keeps. */
export const TEXT_KEPT = 64 * 1024;

export function basicAuthorization(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`, "utf8").toString("base64")}`;
}

export async function send(transport: Transport, target: { baseUrl: string; apiKey: string }, request: RawRequest): Promise<RawResponse> {
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
  const response = await transport.fetch(new Request(url, { method: request.method.toUpperCase(), headers, body }), {
    retry: request.retry ?? true,
  });
  let text: string = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const truncated = text.length > TEXT_KEPT;
  if (truncated) text = excerpt(text, TEXT_KEPT);
  return {
    method: request.method.toUpperCase(),
    url: url.href,
    status: response.status,
    contentType: copyOf(response.headers.get("content-type") ?? ""),
    headers: response.headers,
    text,
    truncated,
    json,
  };
}

/**
 * What a failure says about an answer, so an implementer can replay it: the operation, method, full
 * URL, status, content type and the start of the body, credential-free.
 * "listProjects: GET http://…/projects.json?limit=5 → 404 application/json {"error":"Not found"}"
 */
export function explain(
  what: string,
  response: Pick<RawResponse, "method" | "url" | "status" | "contentType" | "text">,
  redact: Redact,
): string {
  const body = excerpt(response.text, 200);
  return redact(
    `${what}: ${response.method} ${response.url} → ${response.status} ${response.contentType || "(no content type)"} ${body ? body.replace(/\s+/g, " ") : "(empty body)"}`,
  );
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(values[name]));
  });
}

/** A 4xx: refused. A 5xx is neither refused nor data served (see isBusyOrBroken). */
export const isRefused = (response: Pick<RawResponse, "status">) => response.status >= 400 && response.status < 500;
