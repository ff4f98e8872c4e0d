// The HTTP-layer mutation operators of `npm run mutation:http`: each one a class of bug real stacks
// have in the layers the sandbox has no code for — routing, method handling, headers, encodings,
// serializers, the database and its caches, the authorization middleware — written as a middleware
// around the faithful stand-in (test/support/stand-in/documented-only.ts over createSandbox().fetch).
// Chosen from how such stacks fail, not from any list of known defects.
//
// Each operator says what it breaks: a STATED rule of the interface (the service's documentation:
// types, field names, limits, pagination, the operations' effects, the authorization table) or only an
// assumption (HTTP semantics, the error conventions the interface does not show, concurrency). An
// operator whose behaviour the interface allows is faithful: it is listed in FAITHFUL and never run.
// A mutant calls hit() whenever it answers otherwise than the faithful server would have, so a
// survivor that was never hit is told apart from one the checker saw and did not judge.
import type { Handler } from "../support/stand-in/documented-only.js";
import { DEFAULT_API_KEYS } from "../../src/sandbox/index.js";
import { STAND_IN_KEY } from "../support/stand-in/seed.js";

export type Layer = "routing" | "method" | "headers" | "encoding" | "serialization" | "database" | "authorization";
export type Breaks = "stated" | "assumption";
export type Hit = (what?: string) => void;

export interface Operator {
  name: string;
  layer: Layer;
  breaks: Breaks;
  /** The rule it breaks: the interface's words for a stated one, the norm for an assumption. */
  rule: string;
  /** Where it applies (operations, fields...); one mutant each, or a seeded choice of `pick` of them. */
  positions: string[];
  pick?: number;
  make: (position: string) => (inner: Handler, hit: Hit) => Handler;
}

export interface Mutant {
  id: string;
  operator: string;
  layer: Layer;
  breaks: Breaks;
  rule: string;
  position: string;
  wrap: (inner: Handler, hit: Hit) => Handler;
}

// ---------------------------------------------------------------------------------------------------
// What a request is for: the interface's sixteen operations, matched as a router would.

const ROUTES: Array<[string, string, RegExp]> = [
  ["listProjects", "GET", /^\/projects\.json$/],
  ["createProject", "POST", /^\/projects\.json$/],
  ["getProject", "GET", /^\/projects\/([^/]+)\.json$/],
  ["updateProject", "PATCH", /^\/projects\/([^/]+)\.json$/],
  ["deleteProject", "DELETE", /^\/projects\/([^/]+)\.json$/],
  ["listFiles", "GET", /^\/v1\/projects\/([^/]+)\/files\.json$/],
  ["listCapturedUrls", "GET", /^\/projects\/([^/]+)\/urls\.json$/],
  ["listCopy", "GET", /^\/projects\/([^/]+)\/copy\.json$/],
  ["listCopyRevisions", "GET", /^\/copy\/([^/]+)\/revisions\.json$/],
  ["listProjectUsers", "GET", /^\/projects\/([^/]+)\/users\.json$/],
  ["addProjectUser", "POST", /^\/projects\/([^/]+)\/users\.json$/],
  ["removeProjectUser", "DELETE", /^\/projects\/([^/]+)\/users\/([^/]+)\.json$/],
  ["getOrganization", "GET", /^\/organizations\.json$/],
  ["updateOrganization", "PATCH", /^\/organizations\.json$/],
  ["listGroups", "GET", /^\/groups\.json$/],
  ["getGroup", "GET", /^\/groups\/([^/]+)\.json$/],
];
const LISTS = ["listProjects", "listFiles", "listCapturedUrls", "listCopy", "listCopyRevisions", "listProjectUsers"];
const WITH_BODY = [...LISTS, "createProject", "getProject", "addProjectUser", "getOrganization", "listGroups", "getGroup"];

export function operationOf(request: Request): { id: string; params: string[] } | undefined {
  const { pathname } = new URL(request.url);
  for (const [id, method, pattern] of ROUTES) {
    const match = pattern.exec(pathname);
    if (match && method === request.method) return { id, params: match.slice(1) };
  }
  return undefined;
}
const pathHasGet = (pathname: string) => ROUTES.some(([, method, pattern]) => method === "GET" && pattern.test(pathname));
const isOp = (request: Request, ids: string[]) => ids.includes(operationOf(request)?.id ?? "");

// ---------------------------------------------------------------------------------------------------
// Building blocks.

const JSON_TYPE = "application/json";
const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;

function keyOf(request: Request): string | undefined {
  const match = /^Basic +(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return undefined;
  try {
    const decoded = atob(match[1]!);
    return decoded.slice(0, Math.max(0, decoded.indexOf(":")));
  } catch {
    return undefined;
  }
}

/** A copy of `request` with another URL, method, header or body (the body read once, as text). */
async function remake(
  request: Request,
  change: { url?: string | URL; method?: string; headers?: Record<string, string | null>; body?: string | null } = {},
): Promise<Request> {
  const method = change.method ?? request.method;
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(change.headers ?? {})) value === null ? headers.delete(name) : headers.set(name, value);
  const body =
    change.body !== undefined ? change.body : request.method === "GET" || request.method === "HEAD" ? null : await request.text();
  return new Request(change.url ?? request.url, {
    method,
    headers,
    ...(body !== null && method !== "GET" && method !== "HEAD" && { body }),
  });
}

/** The same answer with another body or headers (Content-Length dropped: the body changed). */
function reanswer(response: Response, body: BodyInit | null, headers: Record<string, string | null> = {}, status = response.status) {
  const all = new Headers(response.headers);
  all.delete("content-length");
  for (const [name, value] of Object.entries(headers)) value === null ? all.delete(name) : all.set(name, value);
  return new Response(body, { status, headers: all });
}

/** An operator that rewrites the headers of the answers `when` picks (its body kept); `withContent`: only
 * an answer with content (an empty one is passed on without a body). One shape for every such operator. */
const rewriteAnswer =
  (
    when: (response: Response, request: Request) => boolean,
    headers: (response: Response, bytes: Uint8Array) => Record<string, string | null>,
    { withContent = false } = {},
  ) =>
  (inner: Handler, hit: Hit): Handler =>
  async (request) => {
    const response = await inner(request);
    if (!when(response, request)) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (withContent && bytes.length === 0) return reanswer(response, null);
    hit();
    return reanswer(response, bytes, headers(response, bytes));
  };

const isJsonSuccess = (response: Response) =>
  response.status >= 200 && response.status < 300 && (response.headers.get("content-type") ?? "").includes("json");

/** Rewrites the JSON bodies of the successes of `ops` with `change`; hit when the text changes. */
const mapBody =
  (ops: string[], change: (body: unknown) => unknown) =>
  (inner: Handler, hit: Hit): Handler =>
  async (request) => {
    const response = await inner(request);
    if (!isOp(request, ops) || !isJsonSuccess(response)) return response;
    const before = JSON.parse(await response.text()) as unknown;
    const text = JSON.stringify(before);
    const after = change(structuredClone(before));
    const out = typeof after === "string" ? after : JSON.stringify(after);
    if (out !== text) hit();
    return reanswer(response, out);
  };

/** Applies `change` to each object of a body (the item of a list, or the body itself). */
const eachItem = (change: (item: Record<string, unknown>) => void) => (body: unknown) => {
  for (const item of Array.isArray(body) ? body : [body]) if (item && typeof item === "object") change(item as Record<string, unknown>);
  return body;
};

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, change));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}

/** Rewrites the strings of the JSON bodies the writes of `ops` send, as a storage layer would keep them. */
const mapWrite =
  (ops: string[], change: (text: string) => string) =>
  (inner: Handler, hit: Hit): Handler =>
  async (request) => {
    if (!isOp(request, ops)) return inner(request);
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return inner(await remake(request, { body: text }));
    }
    const changed = mapStrings(body, change);
    if (JSON.stringify(changed) !== JSON.stringify(body)) hit();
    return inner(await remake(request, { body: JSON.stringify(changed) }));
  };

/** Answers a request the inner server refused with `statuses` again as `key` (when `when` says so). */
const retryAs =
  (statuses: number[], when: (request: Request) => string | undefined) =>
  (inner: Handler, hit: Hit): Handler =>
  async (request) => {
    const key = when(request);
    const copy = key === undefined ? undefined : request.clone();
    const response = await inner(request);
    if (copy === undefined || key === undefined || !statuses.includes(response.status)) return response;
    hit();
    return inner(await remake(copy, { headers: { authorization: basic(key) } }));
  };

/** A seeded sequence in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const ID_SEGMENTS: Record<string, RegExp> = {
  project: /^(\/(?:v1\/)?projects\/)([^/]+?)(?=\.json$|\/)/,
  copy: /^(\/copy\/)([^/]+?)(?=\/revisions\.json$)/,
  group: /^(\/groups\/)([^/]+?)(?=\.json$)/,
  user: /^(\/projects\/[^/]+\/users\/)([^/]+?)(?=\.json$)/,
};

/** Rewrites the id segment of `family` in the path with `parse` (undefined: leave it). */
const parseIds =
  (family: string, parse: (segment: string) => string | undefined) =>
  (inner: Handler, hit: Hit): Handler =>
  async (request) => {
    const url = new URL(request.url);
    const match = ID_SEGMENTS[family]!.exec(decodeURIComponent(url.pathname));
    const parsed = match ? parse(match[2]!) : undefined;
    if (!match || parsed === undefined || parsed === match[2]) return inner(request);
    hit();
    url.pathname = decodeURIComponent(url.pathname).replace(match[0], `${match[1]}${parsed}`);
    return inner(await remake(request, { url }));
  };

// ---------------------------------------------------------------------------------------------------
// Pagination done by the mutant itself over the whole list (asked of the faithful server), the way a
// database query or the code around it would get it wrong.

type Paged = (all: unknown[], offset: number, limit: number, rng: () => number) => unknown[];

const page =
  (ops: string[], paged: Paged) =>
  (inner: Handler, hit: Hit): Handler => {
    const rng = seeded(48);
    return async (request) => {
      const copy = request.clone();
      const response = await inner(request);
      if (!isOp(request, ops) || response.status !== 200) return response;
      const faithful = JSON.parse(await response.text()) as unknown[];
      const url = new URL(copy.url);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 30);
      url.searchParams.set("offset", "0");
      url.searchParams.set("limit", "100000");
      const whole = await inner(await remake(copy, { url }));
      if (whole.status !== 200) return reanswer(response, JSON.stringify(faithful));
      const all = (await whole.json()) as unknown[];
      const out = paged(all, offset, limit, rng);
      if (JSON.stringify(out) !== JSON.stringify(faithful)) hit();
      return reanswer(response, JSON.stringify(out));
    };
  };

// ---------------------------------------------------------------------------------------------------
// A response cache in front of the server: served on later reads, never invalidated by writes.

const cached =
  (ops: string[], keyOfEntry: (request: Request) => string) =>
  (inner: Handler, hit: Hit): Handler => {
    const cache = new Map<string, { status: number; text: string; headers: Headers }>();
    return async (request) => {
      if (!isOp(request, ops)) return inner(request);
      const key = keyOfEntry(request);
      const fresh = await inner(request);
      const entry = cache.get(key);
      if (entry) {
        const text = await fresh.text();
        if (text !== entry.text || fresh.status !== entry.status) hit();
        return new Response(entry.text, { status: entry.status, headers: entry.headers });
      }
      if (fresh.status !== 200) return fresh;
      const text = await fresh.text();
      cache.set(key, { status: fresh.status, text, headers: new Headers(fresh.headers) });
      return new Response(text, { status: fresh.status, headers: fresh.headers });
    };
  };

// ---------------------------------------------------------------------------------------------------
// The operators.

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stripOffset = (text: unknown) => (typeof text === "string" ? text.replace(/(Z|[+-]\d\d:\d\d)$/, "") : text);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.startsWith("_") ? k : camel(k), camelKeys(v)]));
  return value;
}
const PROJECT_BODIES = ["listProjects", "getProject", "createProject"];
const ASSET_BODIES = ["listFiles", "listCapturedUrls", "listCopy"];
const PROJECT_WRITES = ["createProject", "updateProject"];

export const OPERATORS: Operator[] = [
  // Routing ----------------------------------------------------------------------------------------
  {
    name: "id-parse-int",
    layer: "routing",
    breaks: "assumption",
    rule: "an id in the path is an int: `12abc` or `12.5` names no resource (the error cases are not shown)",
    positions: ["project", "copy", "group", "user"],
    make: (family) => parseIds(family, (s) => (/^\d+\D/.test(s) ? String(Number.parseInt(s, 10)) : undefined)),
  },
  {
    name: "id-loose-number",
    layer: "routing",
    breaks: "assumption",
    rule: "an id in the path is an int as written: `012`, `1e1`, `0x1F`, ` 12` are not ids (JS Number() coercion)",
    positions: ["project", "copy", "group", "user"],
    make: (family) =>
      parseIds(family, (s) => {
        const n = Number(s);
        return !/^[1-9]\d*$/.test(s) && s.trim() !== "" && Number.isSafeInteger(n) && n > 0 ? String(n) : undefined;
      }),
  },
  {
    name: "id-int32-wrap",
    layer: "routing",
    breaks: "assumption",
    rule: "an id past 2^32 is not the id modulo 2^32 (an int32 column or parser)",
    positions: ["project"],
    make: (family) =>
      parseIds(family, (s) => (/^\d{10,}$/.test(s) && Number(s) >= 2 ** 32 ? String(Number(BigInt(s) % 2n ** 32n)) : undefined)),
  },
  {
    name: "route-shadowed-by-project",
    layer: "routing",
    breaks: "stated",
    rule: "each operation answers at its own path (a sub-resource's path answered by the project's route, registered first with a prefix pattern)",
    positions: ["listFiles", "listCapturedUrls", "listCopy", "listProjectUsers", "addProjectUser", "removeProjectUser"],
    make: (op) => (inner, hit) => async (request) => {
      const found = operationOf(request);
      if (found?.id !== op) return inner(request);
      hit();
      const url = new URL(request.url);
      url.pathname = `/projects/${found.params[0]}.json`;
      return inner(await remake(request, { url }));
    },
  },
  {
    name: "files-v1-prefix-dropped",
    layer: "routing",
    breaks: "stated",
    rule: "files are read at GET v1/projects/[id]/files.json (the router mounted without the v1/ prefix)",
    positions: ["listFiles"],
    make: () => (inner, hit) => async (request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/v1/")) {
        hit();
        return new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": JSON_TYPE } });
      }
      if (/^\/projects\/[^/]+\/files\.json$/.test(url.pathname)) {
        url.pathname = `/v1${url.pathname}`;
        return inner(await remake(request, { url }));
      }
      return inner(request);
    },
  },
  // Method handling --------------------------------------------------------------------------------
  {
    name: "head-with-body",
    layer: "method",
    breaks: "assumption",
    rule: "RFC 9110 §9.3.2: a HEAD answer has the GET's headers and no content",
    positions: ["every GET path"],
    make: () => (inner, hit) => async (request) => {
      if (request.method !== "HEAD" || !pathHasGet(new URL(request.url).pathname)) return inner(request);
      hit();
      return inner(await remake(request, { method: "GET" }));
    },
  },
  {
    name: "unknown-method-as-get",
    layer: "method",
    breaks: "assumption",
    rule: "RFC 9110 §15.5.6: a method a resource does not support is refused (405), not served as GET",
    positions: ["every path with a GET"],
    make: () => (inner, hit) => async (request) => {
      const { pathname } = new URL(request.url);
      if (operationOf(request) || request.method === "GET" || !pathHasGet(pathname)) return inner(request);
      hit();
      return inner(await remake(request, { method: "GET", body: null }));
    },
  },
  {
    name: "method-override-on-get",
    layer: "method",
    breaks: "assumption",
    rule: "RFC 9110 §9.2.1: GET is safe — an X-HTTP-Method-Override header or _method parameter on a GET must not delete or change anything",
    positions: ["every GET"],
    make: () => (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const override =
        request.headers.get("x-http-method-override") ?? request.headers.get("x-http-method") ?? url.searchParams.get("_method");
      if (request.method !== "GET" || !override) return inner(request);
      hit();
      return inner(await remake(request, { method: override.toUpperCase(), body: null }));
    },
  },
  {
    name: "put-as-patch",
    layer: "method",
    breaks: "assumption",
    rule: "RFC 9110 §9.3.4: PUT replaces the whole state; the interface has no PUT (405), a server must not take it as a partial update",
    positions: ["project", "organization"],
    make: (what) => (inner, hit) => async (request) => {
      const { pathname } = new URL(request.url);
      const path = what === "project" ? /^\/projects\/[^/]+\.json$/ : /^\/organizations\.json$/;
      if (request.method !== "PUT" || !path.test(pathname)) return inner(request);
      hit();
      return inner(await remake(request, { method: "PATCH" }));
    },
  },
  {
    name: "patch-replaces",
    layer: "method",
    breaks: "stated",
    rule: "PATCH takes a JSON object containing only the properties to change (the others stay): here the ORM saves a whole record built from the body",
    positions: ["updateProject", "updateOrganization"],
    make: (op) => (inner, hit) => async (request) => {
      if (!isOp(request, [op])) return inner(request);
      const text = await request.text();
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return inner(await remake(request, { body: text }));
      }
      if (!body || typeof body !== "object" || Array.isArray(body)) return inner(await remake(request, { body: text }));
      const reset =
        op === "updateProject"
          ? { description: "", job_code: "" }
          : { phone: "", address: { street2: "", ...((body.address as object | undefined) ?? {}) } };
      const full = { ...reset, ...body, ...(op === "updateOrganization" && { address: reset.address }) };
      // A hit only when a property the body left out was reset (not when the keys are merely reordered).
      const address = body.address as Record<string, unknown> | undefined;
      const missed =
        op === "updateProject" ? !("description" in body && "job_code" in body) : !("phone" in body && address && "street2" in address);
      if (missed) hit();
      return inner(await remake(request, { body: JSON.stringify(full) }));
    },
  },
  // Headers and caching ----------------------------------------------------------------------------
  {
    name: "content-type-missing",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 9110 §8.3: an answer with content says its type (the interface states it only for adding a user)",
    positions: WITH_BODY.filter((op) => op !== "addProjectUser"),
    pick: 3,
    make: (op) =>
      rewriteAnswer(
        (response, request) => isOp(request, [op]) && isJsonSuccess(response),
        () => ({ "content-type": null }),
      ),
  },
  {
    name: "content-type-missing",
    layer: "headers",
    breaks: "stated",
    rule: "adding a user: 201 with a JSON content type",
    positions: ["addProjectUser"],
    make: (op) =>
      rewriteAnswer(
        (response, request) => isOp(request, [op]) && response.status === 201,
        () => ({ "content-type": null }),
      ),
  },
  {
    name: "content-type-html",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 9110 §8.3: a JSON body labelled text/html (a framework's default)",
    positions: WITH_BODY,
    pick: 2,
    make: (op) =>
      rewriteAnswer(
        (response, request) => isOp(request, [op]) && isJsonSuccess(response),
        () => ({ "content-type": "text/html; charset=utf-8" }),
      ),
  },
  {
    name: "charset-latin1",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 8259 §8.1: JSON is UTF-8; the answer says charset=iso-8859-1 over UTF-8 bytes",
    positions: ["every JSON answer"],
    make: () =>
      rewriteAnswer(
        (response) => (response.headers.get("content-type") ?? "").includes("json"),
        (response) => ({ "content-type": `${(response.headers.get("content-type") ?? "").split(";")[0]}; charset=iso-8859-1` }),
      ),
  },
  {
    name: "content-length-off-by-one",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 9110 §8.6: Content-Length is the length of the content sent",
    positions: ["every answer with content"],
    make: () =>
      rewriteAnswer(
        () => true,
        (_, bytes) => ({ "content-length": String(bytes.length + 1) }),
        { withContent: true },
      ),
  },
  {
    name: "stale-read-after-write",
    layer: "headers",
    breaks: "stated",
    rule: "an update changes the project / organization, a deletion is permanent, an added user is a member: a read after the write shows it (a response cache with no invalidation)",
    positions: ["getProject", "listProjects", "getOrganization", "listProjectUsers"],
    make: (op) => cached([op], (request) => `${request.url} ${request.headers.get("authorization")}`),
  },
  {
    name: "etag-unchanged-after-write",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 9110 §8.8.3 and §13.1.2: an ETag changes with the representation, and If-None-Match answers 304 only while it is the same",
    positions: ["getProject", "getOrganization"],
    make: (op) => (inner, hit) => {
      const tags = new Map<string, { tag: string; text: string }>();
      let n = 0;
      return async (request) => {
        const response = await inner(request);
        if (!isOp(request, [op]) || response.status !== 200) return response;
        const text = await response.text();
        const key = `${request.url} ${request.headers.get("authorization")}`;
        const known = tags.get(key) ?? { tag: `"v${++n}"`, text };
        tags.set(key, known);
        if (known.text !== text) hit();
        if (request.headers.get("if-none-match") === known.tag) return new Response(null, { status: 304, headers: { etag: known.tag } });
        return reanswer(response, text, { etag: known.tag });
      };
    },
  },
  {
    name: "cache-control-public-no-vary",
    layer: "headers",
    breaks: "assumption",
    rule: "RFC 9111 §3.5 and §4.1: an answer to an authenticated request marked public, max-age=600, without Vary: Authorization, is shared with other callers by any cache",
    positions: ["every GET answer"],
    make: () =>
      rewriteAnswer(
        (response, request) => request.method === "GET" && response.status === 200,
        () => ({ "cache-control": "public, max-age=600", vary: null }),
      ),
  },
  // Encodings --------------------------------------------------------------------------------------
  {
    name: "gzip-not-asked",
    layer: "encoding",
    breaks: "assumption",
    rule: "RFC 9110 §12.5.3: no content coding the request's Accept-Encoding does not accept",
    positions: ["every answer with content"],
    make: () => (inner, hit) => async (request) => {
      const accepts = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
      const response = await inner(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (accepts || bytes.length === 0) return reanswer(response, bytes.length ? bytes : null);
      hit();
      const { gzipSync } = await import("node:zlib");
      return reanswer(response, gzipSync(bytes), { "content-encoding": "gzip" });
    },
  },
  {
    name: "gzip-claimed-plain",
    layer: "encoding",
    breaks: "assumption",
    rule: "RFC 9110 §8.4: Content-Encoding names the coding the content has (here none)",
    positions: ["every answer with content"],
    make: () =>
      rewriteAnswer(
        () => true,
        () => ({ "content-encoding": "gzip" }),
        { withContent: true },
      ),
  },
  // Serialization ----------------------------------------------------------------------------------
  {
    name: "int-as-string",
    layer: "serialization",
    breaks: "stated",
    rule: "`int` fields are integers (a serializer writing a BIGINT or DECIMAL column as a string)",
    positions: ["project.id", "project.num_comments", "user.id", "group.id", "revision.id", "asset.id", "asset.num_comments"],
    pick: 4,
    make: (position) => {
      const [what, field] = position.split(".") as [string, string];
      const ops = {
        project: PROJECT_BODIES,
        user: ["listProjectUsers"],
        group: ["listGroups", "getGroup"],
        revision: ["listCopyRevisions"],
        asset: ASSET_BODIES,
      }[what]!;
      return mapBody(
        ops,
        eachItem((item) => {
          if (typeof item[field] === "number") item[field] = String(item[field]);
        }),
      );
    },
  },
  {
    name: "timestamp-without-offset",
    layer: "serialization",
    breaks: "stated",
    rule: "`datetime` is an ISO 8601 timestamp with a UTC offset (a naive datetime column serialized as is)",
    positions: ["project", "organization", "revision", "asset"],
    make: (what) => {
      const ops = { project: PROJECT_BODIES, organization: ["getOrganization"], revision: ["listCopyRevisions"], asset: ASSET_BODIES }[
        what
      ]!;
      return mapBody(
        ops,
        eachItem((item) => {
          for (const field of ["created", "modified"]) if (typeof item[field] === "string") item[field] = stripOffset(item[field]);
        }),
      );
    },
  },
  {
    name: "null-modified-omitted",
    layer: "serialization",
    breaks: "stated",
    rule: "`modified` is null when the record was never modified (a serializer that drops null fields)",
    positions: ["project", "revision", "asset"],
    make: (what) =>
      mapBody(
        { project: PROJECT_BODIES, revision: ["listCopyRevisions"], asset: ASSET_BODIES }[what]!,
        eachItem((item) => {
          if (item.modified === null) delete item.modified;
        }),
      ),
  },
  {
    name: "null-profile-fields-omitted",
    layer: "serialization",
    breaks: "assumption",
    rule: "the profile's fields are all strings and nullable (the shape is taken from the sample; a serializer drops nulls)",
    positions: ["listProjectUsers"],
    make: (op) =>
      mapBody(
        [op],
        eachItem((item) => {
          const profile = item.profile as Record<string, unknown> | undefined;
          if (profile) for (const [k, v] of Object.entries(profile)) if (v === null) delete profile[k];
        }),
      ),
  },
  {
    name: "boolean-as-int",
    layer: "serialization",
    breaks: "stated",
    rule: "a project user's `active` is a boolean (a TINYINT column serialized as 1/0)",
    positions: ["listProjectUsers"],
    make: (op) =>
      mapBody(
        [op],
        eachItem((item) => {
          if (typeof item.active === "boolean") item.active = item.active ? 1 : 0;
        }),
      ),
  },
  {
    name: "keys-camel-case",
    layer: "serialization",
    breaks: "stated",
    rule: "the fields are named as the interface names them (`created_by`, `job_code`, `group_name`, `email_billing`...; a serializer set to camelCase)",
    positions: ["project", "organization", "user", "revision"],
    pick: 2,
    make: (what) =>
      mapBody(
        { project: PROJECT_BODIES, organization: ["getOrganization"], user: ["listProjectUsers"], revision: ["listCopyRevisions"] }[what]!,
        camelKeys,
      ),
  },
  {
    name: "astral-replaced",
    layer: "serialization",
    breaks: "stated",
    rule: "a created project's `title` carries the given name; an update changes to what is given (a utf8mb3 column: characters past U+FFFF stored as U+FFFD)",
    positions: ["project", "organization"],
    make: (what) =>
      mapWrite(what === "project" ? PROJECT_WRITES : ["updateOrganization"], (s) => s.replace(/[\u{10000}-\u{10FFFF}]/gu, "\uFFFD")),
  },
  {
    name: "combining-marks-stripped",
    layer: "serialization",
    breaks: "stated",
    rule: "a created project's `title` carries the given name (an ASCII-folding filter removes combining marks)",
    positions: ["project", "organization"],
    make: (what) =>
      mapWrite(what === "project" ? PROJECT_WRITES : ["updateOrganization"], (s) => s.normalize("NFD").replace(/\p{M}/gu, "")),
  },
  {
    name: "nfc-normalized",
    layer: "serialization",
    breaks: "assumption",
    rule: "a string is kept as sent, code point for code point (stored NFC-normalized)",
    positions: ["project"],
    make: () => mapWrite(PROJECT_WRITES, (s) => s.normalize("NFC")),
  },
  {
    name: "html-escaped",
    layer: "serialization",
    breaks: "stated",
    rule: "a created project's `title` carries the given name (an input filter HTML-escapes < > & \" ')",
    positions: ["project", "organization"],
    make: (what) =>
      mapWrite(what === "project" ? PROJECT_WRITES : ["updateOrganization"], (s) =>
        s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!),
      ),
  },
  {
    name: "strings-trimmed",
    layer: "serialization",
    breaks: "assumption",
    rule: "a string is kept as sent, leading and trailing white space included",
    positions: ["project", "organization"],
    make: (what) => mapWrite(what === "project" ? PROJECT_WRITES : ["updateOrganization"], (s) => s.trim()),
  },
  {
    name: "truncated-below-limit",
    layer: "serialization",
    breaks: "stated",
    rule: "name up to 50, description up to 1,000, job_code up to 20 characters are kept whole (a column narrower than the stated limit truncates)",
    positions: ["name@40", "description@255", "job_code@16"],
    make: (position) => {
      const [field, at] = position.split("@") as [string, string];
      return (inner, hit) => async (request) => {
        if (!isOp(request, PROJECT_WRITES)) return inner(request);
        const text = await request.text();
        try {
          const body = JSON.parse(text) as Record<string, unknown>;
          const value = body?.[field];
          if (typeof value === "string" && [...value].length > Number(at)) {
            hit();
            body[field] = [...value].slice(0, Number(at)).join("");
            return inner(await remake(request, { body: JSON.stringify(body) }));
          }
        } catch {}
        return inner(await remake(request, { body: text }));
      };
    },
  },
  // Database ---------------------------------------------------------------------------------------
  {
    name: "offset-off-by-one",
    layer: "database",
    breaks: "stated",
    rule: "`offset` (default 0) and `limit` page the list: consecutive pages neither repeat nor skip an item",
    positions: LISTS,
    pick: 2,
    make: (op) => page([op], (all, offset, limit) => all.slice(Math.max(0, offset - 1), Math.max(0, offset - 1) + limit)),
  },
  {
    name: "past-the-end-repeats-last-page",
    layer: "database",
    breaks: "stated",
    rule: "`offset` and `limit` page the list: an offset past its end is an empty page",
    positions: LISTS,
    pick: 2,
    make: (op) =>
      page([op], (all, offset, limit) =>
        offset >= all.length && all.length > 0 ? all.slice(Math.max(0, all.length - limit)) : all.slice(offset, offset + limit),
      ),
  },
  {
    name: "last-partial-page-missing",
    layer: "database",
    breaks: "stated",
    rule: "`offset` and `limit` page the list: the last, shorter page holds the items left",
    positions: LISTS,
    pick: 2,
    make: (op) => page([op], (all, offset, limit) => (offset > 0 && offset + limit > all.length ? [] : all.slice(offset, offset + limit))),
  },
  {
    name: "limit-capped-below-default",
    layer: "database",
    breaks: "stated",
    rule: "the default `limit` is 30 (a hard cap of 25 rows)",
    positions: LISTS,
    pick: 2,
    make: (op) => page([op], (all, offset, limit) => all.slice(offset, offset + Math.min(limit, 25))),
  },
  {
    name: "limit-ignored",
    layer: "database",
    breaks: "stated",
    rule: "`limit` sets the page's size (a query that always takes 30)",
    positions: LISTS,
    pick: 2,
    make: (op) => page([op], (all, offset) => all.slice(offset, offset + 30)),
  },
  {
    name: "unstable-sort",
    layer: "database",
    breaks: "assumption",
    rule: "a list is paged in one order (the order itself is not stated): a query without ORDER BY pages a shuffled list",
    positions: LISTS,
    pick: 2,
    make: (op) =>
      page([op], (all, offset, limit, rng) => {
        const shuffled = [...all];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        return shuffled.slice(offset, offset + limit);
      }),
  },
  {
    name: "deleted-still-served",
    layer: "database",
    breaks: "stated",
    rule: "deleting a project is permanent (a soft delete some queries forget to filter, until the next write rebuilds a view)",
    positions: ["listProjects", "getProject"],
    make: (op) => (inner, hit) => {
      const ghosts = new Map<string, unknown>(); // project id → its last body
      return async (request) => {
        const found = operationOf(request);
        if (found?.id === "deleteProject") {
          const before = await inner(await remake(request, { method: "GET", body: null }));
          const response = await inner(request);
          if (response.status === 204 && before.status === 200) ghosts.set(found.params[0]!, await before.json());
          return response;
        }
        const response = await inner(request);
        if (request.method !== "GET" && response.status < 300 && found?.id !== "removeProjectUser") ghosts.clear();
        if (ghosts.size === 0 || found?.id !== op) return response;
        if (op === "getProject") {
          const ghost = ghosts.get(found.params[0]!);
          if (ghost === undefined || response.status === 200) return response;
          hit();
          return new Response(JSON.stringify(ghost), { status: 200, headers: { "content-type": JSON_TYPE } });
        }
        if (response.status !== 200) return response;
        const items = (await response.json()) as unknown[];
        const url = new URL(request.url);
        const limit = Number(url.searchParams.get("limit") ?? 30);
        const extra = [...ghosts.values()].slice(0, Math.max(0, limit - items.length));
        if (extra.length) hit();
        return new Response(JSON.stringify([...items, ...extra]), { status: 200, headers: { "content-type": JSON_TYPE } });
      };
    },
  },
  {
    name: "membership-not-unique",
    layer: "database",
    breaks: "assumption",
    rule: "a user is a member of a project once (no unique constraint on the membership: adding twice lists twice)",
    positions: ["addProjectUser"],
    make: () => (inner, hit) => {
      const added = new Map<string, number>(); // "project user-or-email" → times
      return async (request) => {
        const found = operationOf(request);
        if (found?.id === "addProjectUser") {
          const copy = request.clone();
          const response = await inner(request);
          if (response.status === 201) {
            const body = (await copy.json().catch(() => ({}))) as { user?: unknown; email?: unknown };
            const who = `${found.params[0]} ${String(body.user ?? body.email ?? "").toLowerCase()}`;
            added.set(who, (added.get(who) ?? 0) + 1);
          }
          return response;
        }
        const response = await inner(request);
        if (found?.id !== "listProjectUsers" || response.status !== 200) return response;
        const users = (await response.json()) as Array<{ id?: unknown; email?: unknown }>;
        const out = users.flatMap((u) => {
          const times = Math.max(
            added.get(`${found.params[0]} ${String(u.id)}`) ?? 0,
            added.get(`${found.params[0]} ${String(u.email ?? "").toLowerCase()}`) ?? 0,
          );
          return times > 1 ? Array.from({ length: times }, () => u) : [u];
        });
        if (out.length !== users.length) hit();
        return new Response(JSON.stringify(out), { status: 200, headers: { "content-type": JSON_TYPE } });
      };
    },
  },
  {
    name: "lost-update",
    layer: "database",
    breaks: "assumption",
    rule: "concurrent updates of different properties both take effect (a read-modify-write of the whole record without a lock; concurrency is not stated)",
    positions: ["updateProject", "updateOrganization"],
    make: (op) => (inner, hit) => {
      let inFlight = 0;
      return async (request) => {
        if (!isOp(request, [op])) return inner(request);
        const text = await request.text();
        const read = await inner(await remake(request, { method: "GET", body: null }));
        if (read.status !== 200) return inner(await remake(request, { body: text }));
        const current = (await read.json()) as Record<string, unknown>;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return inner(await remake(request, { body: text }));
        }
        if (!body || typeof body !== "object" || Array.isArray(body)) return inner(await remake(request, { body: text }));
        inFlight++;
        await delay(5);
        if (inFlight > 1) hit();
        const strings = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === "string"));
        const whole =
          op === "updateProject"
            ? { ...strings({ name: current.title, description: current.description, job_code: current.job_code }), ...body }
            : {
                ...strings({
                  name: current.name,
                  website: current.website,
                  phone: current.phone,
                  email: current.email,
                  email_billing: current.email_billing,
                }),
                ...body,
                address: { ...strings((current.address as Record<string, unknown>) ?? {}), ...((body.address as object) ?? {}) },
              };
        try {
          return await inner(await remake(request, { body: JSON.stringify(whole) }));
        } finally {
          inFlight--;
        }
      };
    },
  },
  {
    name: "concurrent-create-same-answer",
    layer: "database",
    breaks: "stated",
    rule: "a create answers 201 with the project it created (an id read back with SELECT MAX(id) under concurrent inserts)",
    positions: ["createProject"],
    make: () => (inner, hit) => {
      let pending: Promise<string | undefined> | undefined;
      return async (request) => {
        if (!isOp(request, ["createProject"])) return inner(request);
        const first = pending;
        let done: (text: string | undefined) => void = () => {};
        if (!first) pending = new Promise((resolve) => (done = resolve));
        const response = await inner(request);
        if (!first) {
          const text = response.status === 201 ? await response.clone().text() : undefined;
          await delay(5);
          pending = undefined;
          done(text);
          return response;
        }
        const theirs = await first;
        if (response.status !== 201 || theirs === undefined) return response;
        hit();
        return reanswer(response, theirs);
      };
    },
  },
  // Authorization middleware -----------------------------------------------------------------------
  {
    name: "key-checked-only-on-some-methods",
    layer: "authorization",
    breaks: "stated",
    rule: "only projects the caller was added to, only the caller's organization; deleting needs an administrator or the creator (the middleware mounted on some methods, a default account behind the others)",
    positions: ["GET", "PATCH", "DELETE"],
    make: (method) =>
      retryAs([401, 403], (request) => (request.method === method && !(keyOf(request)! in DEFAULT_API_KEYS) ? STAND_IN_KEY : undefined)),
  },
  {
    name: "last-caller-reused",
    layer: "authorization",
    breaks: "stated",
    rule: "the authorization table applies to the caller of each request (the current user kept in a module variable, reused by a request without a valid key)",
    positions: ["every request"],
    make: () => (inner, hit) => {
      let last: string | undefined;
      return async (request) => {
        const copy = request.clone();
        const response = await inner(request);
        if (response.status !== 401 && response.status !== 403) {
          if (response.status < 300 && request.headers.get("authorization")) last = request.headers.get("authorization")!;
          return response;
        }
        if (!last || (keyOf(copy) ?? "") in DEFAULT_API_KEYS) return response;
        hit();
        return inner(await remake(copy, { headers: { authorization: last } }));
      };
    },
  },
  {
    name: "authorization-cached-per-path",
    layer: "authorization",
    breaks: "stated",
    rule: "who may read or change a project is decided per caller (a decision cache keyed by method and path, not by the caller)",
    positions: ["every request"],
    make: () => (inner, hit) => {
      const allowed = new Map<string, string>(); // "METHOD path" → an authorization header that was allowed
      return async (request) => {
        const key = `${request.method} ${new URL(request.url).pathname}`;
        const copy = request.clone();
        const response = await inner(request);
        const authorization = request.headers.get("authorization");
        if (response.status < 300 && authorization) allowed.set(key, authorization);
        const earlier = allowed.get(key);
        if (![401, 403, 404].includes(response.status) || !earlier || earlier === authorization) return response;
        hit();
        return inner(await remake(copy, { headers: { authorization: earlier } }));
      };
    },
  },
  {
    name: "removed-member-still-allowed",
    layer: "authorization",
    breaks: "stated",
    rule: "the project list and the project hold only projects the caller has been added to (a membership cache outliving a removal)",
    positions: ["every request on the project"],
    make: () => (inner, hit) => {
      const removed = new Set<string>(); // "project user"
      return async (request) => {
        const found = operationOf(request);
        const copy = request.clone();
        const response = await inner(request);
        if (found?.id === "removeProjectUser" && response.status === 204) removed.add(`${found.params[0]} ${found.params[1]}`);
        const project = /^\/(?:v1\/)?projects\/(\d+)[./]/.exec(new URL(request.url).pathname)?.[1];
        const user = DEFAULT_API_KEYS[keyOf(request) ?? ""];
        if (!project || user === undefined || !removed.has(`${project} ${user}`) || ![403, 404].includes(response.status)) return response;
        hit();
        return inner(await remake(copy, { headers: { authorization: basic(STAND_IN_KEY) } }));
      };
    },
  },
  {
    name: "key-compared-by-prefix",
    layer: "authorization",
    breaks: "stated",
    rule: "each key acts as its own account (a key lookup comparing the first 8 characters: a Viewer's key acts as the administrator)",
    positions: ["8 characters"],
    make: () =>
      actingAs((request) => {
        const key = keyOf(request);
        return key === undefined ? undefined : Object.keys(DEFAULT_API_KEYS).find((k) => k.slice(0, 8) === key.slice(0, 8));
      }),
  },
  {
    name: "key-case-insensitive",
    layer: "authorization",
    breaks: "assumption",
    rule: "a key is a secret compared exactly (a case-insensitive lookup)",
    positions: ["every request"],
    make: () =>
      actingAs((request) => {
        const key = keyOf(request);
        return key === undefined ? undefined : Object.keys(DEFAULT_API_KEYS).find((k) => k.toLowerCase() === key.toLowerCase());
      }),
  },
  {
    name: "password-ignored",
    layer: "authorization",
    breaks: "assumption",
    rule: "the credential is the key with an empty password (the description's scheme; the mechanism is not shown)",
    positions: ["every request"],
    make: () =>
      actingAs((request) => {
        const match = /^Basic +(\S+)$/i.exec(request.headers.get("authorization") ?? "");
        let decoded = "";
        try {
          decoded = match ? atob(match[1]!) : "";
        } catch {}
        const colon = decoded.indexOf(":");
        return colon <= 0 || colon === decoded.length - 1 ? undefined : decoded.slice(0, colon);
      }),
  },
];

/** An operator that passes the request on as sent by the key `keyFor` names (a lookup that takes one key
 * for another); a request it names no other key for passes as it is. */
function actingAs(keyFor: (request: Request) => string | undefined): (inner: Handler, hit: Hit) => Handler {
  return (inner, hit) => async (request) => {
    const key = keyFor(request);
    if (key === undefined || basic(key) === request.headers.get("authorization")) return inner(request);
    hit();
    return inner(await remake(request, { headers: { authorization: basic(key) } }));
  };
}

/** Behaviours that look like bugs but that the interface allows: never run, counted apart. */
export const FAITHFUL: Array<{ name: string; layer: Layer; why: string }> = [
  {
    name: "json-suffix-optional",
    layer: "routing",
    why: "/projects/1 answered as /projects/1.json: another URL for the same resource; the interface states only its own paths",
  },
  { name: "trailing-slash-ignored", layer: "routing", why: "as above: an alias URL" },
  { name: "case-insensitive-paths", layer: "routing", why: "as above: an alias URL" },
  {
    name: "path-matched-by-prefix",
    layer: "routing",
    why: "/projects.json/x answered as /projects.json: an alias URL (harmful prefix matches are route-shadowed-by-project)",
  },
  { name: "head-as-get-without-body", layer: "method", why: "RFC 9110 lets a server answer HEAD for any GET resource" },
  {
    name: "method-override-on-post",
    layer: "method",
    why: "a POST carrying X-HTTP-Method-Override: PATCH — authorization still applies; no rule forbids it",
  },
  { name: "options-200", layer: "method", why: "RFC 9110 §9.3.7: OPTIONS may answer 200 with a body" },
  { name: "delete-twice-204", layer: "method", why: "DELETE is idempotent; the second deletion's status is not shown" },
  { name: "limit-maximum-100", layer: "database", why: "the maximum of limit is not shown" },
  { name: "timestamps-in-another-offset", layer: "serialization", why: "any UTC offset is stated to be allowed" },
  { name: "json-unicode-escapes", layer: "serialization", why: "\\u escapes (surrogate pairs included) are the same JSON string" },
  { name: "integer-written-1.0", layer: "serialization", why: "JSON has one number type; 1.0 is the integer 1" },
  { name: "extra-fields", layer: "serialization", why: "the interface does not forbid more properties in an answer" },
  {
    name: "numbers-past-2^53-rounded",
    layer: "serialization",
    why: "no position: no integer of any answer or request is past 2^53 (ids are the server's, limits small)",
  },
  { name: "gzip-when-asked", layer: "encoding", why: "a coding the request accepts" },
];

/** Every mutant: each operator at each of its positions, or at a seeded choice of `pick` of them. */
export function mutants(seed = 48): Mutant[] {
  const rng = seeded(seed);
  const out: Mutant[] = [];
  for (const operator of OPERATORS) {
    let positions = operator.positions;
    if (operator.pick !== undefined && operator.pick < positions.length) {
      const pool = [...positions];
      positions = [];
      while (positions.length < operator.pick) positions.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
    }
    for (const position of positions) {
      const { make, positions: _p, pick: _k, ...rest } = operator;
      out.push({ ...rest, id: `${operator.name}:${position}`.replace(/ /g, "-"), operator: operator.name, position, wrap: make(position) });
    }
  }
  return out;
}
