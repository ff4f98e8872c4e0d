// Deliberately broken stand-ins: one defect each, on top of the documented-only server. The contract
// suite must fail against every one of them, in the check written for that defect
// (test/conformance-levels/levels.test.ts), and must leave each as it found it.
import type { Handler } from "./documented-only.js";
import { STAND_IN_KEY, STAND_IN_OWNER_KEY } from "./seed.js";

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const withUrl = (request: Request, change: (url: URL) => void) => {
  const url = new URL(request.url);
  change(url);
  return new Request(url, request);
};
/** Rewrites the JSON body of successful answers. */
const mapJson =
  (handler: Handler, change: (body: unknown) => unknown): Handler =>
  async (request) => {
    const response = await handler(request);
    if (response.status !== 200 && response.status !== 201) return response;
    const body = change(await response.json());
    return new Response(JSON.stringify(body), { status: response.status, headers: { "content-type": "application/json" } });
  };
/** The same request as another user (keeping method, URL and body). */
const as = async (request: Request, key: string) => {
  const headers = new Headers(request.headers);
  headers.set("authorization", basic(key));
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.text(),
  });
};
/** Answers a request the handler refuses with `status` as if `key` had sent it. */
const overrule =
  (h: Handler, applies: (request: Request, url: URL) => boolean, status: number, key: string): Handler =>
  async (request) => {
    const url = new URL(request.url);
    if (!applies(request, url)) return h(request);
    const retry = request.clone();
    const response = await h(request);
    return response.status === status ? h(await as(retry, key)) : response;
  };
const isRead = (request: Request) => request.method === "GET";
const renameIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(renameIds)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "id" && typeof v === "number" ? String(v) : renameIds(v)]))
      : value;

export const DEFECTS: Record<string, (handler: Handler) => Handler> = {
  /** Always the default page size, whatever `limit` says. */
  "limit-ignored": (h) => (request) => h(withUrl(request, (url) => url.searchParams.delete("limit"))),
  /** Always the first page, whatever `offset` says. */
  "offset-ignored": (h) => (request) => h(withUrl(request, (url) => url.searchParams.delete("offset"))),
  /** Past a list's end, the first page again (offsets wrapped around) instead of an empty one. */
  "past-end-wraps": (h) => async (request) => {
    const offset = Number(new URL(request.url).searchParams.get("offset") ?? 0);
    const response = await h(request.clone());
    if (request.method !== "GET" || !(offset > 0) || response.status !== 200) return response;
    const body: unknown = await response.clone().json();
    return Array.isArray(body) && body.length === 0 ? h(withUrl(request, (url) => url.searchParams.set("offset", "0"))) : response;
  },
  /** Any well-formed Basic credential is taken for the valid key. */
  "any-key": (h) => (request) => {
    const headers = new Headers(request.headers);
    if (/^Basic [A-Za-z0-9+/=]+$/.test(headers.get("authorization") ?? "")) headers.set("authorization", basic(STAND_IN_KEY));
    return h(new Request(request, { headers }));
  },
  /** Ids sent as strings ("48213") instead of integers. */
  "string-id": (h) => mapJson(h, renameIds),
  /** Lists wrapped in an object ({"items": […]}) instead of a JSON array. */
  "wrapped-list": (h) => mapJson(h, (body) => (Array.isArray(body) ? { items: body } : body)),
  /** Projects without their `title`. */
  "missing-field": (h) =>
    mapJson(h, (body) => {
      const strip = (p: unknown) =>
        p && typeof p === "object" && "title" in p ? Object.fromEntries(Object.entries(p).filter(([k]) => k !== "title")) : p;
      return Array.isArray(body) ? body.map(strip) : strip(body);
    }),
  /** A create answered 200 instead of 201 (the project is created all the same). */
  "create-200": (h) => async (request) => {
    const response = await h(request);
    if (request.method !== "POST" || new URL(request.url).pathname !== "/projects.json" || response.status !== 201) return response;
    return new Response(await response.text(), { status: 200, headers: response.headers });
  },
  /** A create answered with a body that breaks the schema (no title, a number for a timestamp). */
  "create-bad-body": (h) => async (request) => {
    const response = await h(request);
    if (request.method !== "POST" || new URL(request.url).pathname !== "/projects.json" || response.status !== 201) return response;
    const { title: _title, ...project } = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...project, created: 12 }), { status: 201, headers: { "content-type": "application/json" } });
  },
  /** The project list also holds projects the caller was not added to (those another user sees). */
  "list-not-members": (h) => async (request) => {
    const url = new URL(request.url);
    const response = await h(request.clone());
    if (!isRead(request) || url.pathname !== "/projects.json" || response.status !== 200) return response;
    const own = (await response.json()) as Array<{ id: number }>;
    const others = (await (await h(await as(request, STAND_IN_OWNER_KEY))).json()) as Array<{ id: number }>;
    return new Response(JSON.stringify([...own, ...others.filter((p) => !own.some((o) => o.id === p.id))]), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  },
  /** A project of another organization, and its assets, readable by id. */
  "other-project-readable": (h) =>
    overrule(h, (r, url) => isRead(r) && /^\/(v1\/)?projects\/\d+(\.json|\/)/.test(url.pathname), 404, STAND_IN_OWNER_KEY),
  /** The revisions of someone else's copy readable by the copy's id. */
  "other-revisions-readable": (h) =>
    overrule(h, (r, url) => isRead(r) && /^\/copy\/\d+\/revisions\.json$/.test(url.pathname), 404, STAND_IN_OWNER_KEY),
  /** A user who neither created a project nor is a company administrator may delete it. */
  "non-creator-may-delete": (h) =>
    overrule(h, (r, url) => r.method === "DELETE" && /^\/projects\/\d+\.json$/.test(url.pathname), 403, STAND_IN_KEY),
  /** A user who is not a company administrator may update the organization. */
  "non-admin-may-update-organization": (h) =>
    overrule(h, (r, url) => r.method === "PATCH" && url.pathname === "/organizations.json", 403, STAND_IN_KEY),
  /** The project list stops at 30 projects in all (a page past them is empty), though more exist by id. */
  "list-stops-at-30": (h) => async (request) => {
    const url = new URL(request.url);
    const response = await h(request);
    if (!isRead(request) || url.pathname !== "/projects.json" || response.status !== 200) return response;
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const items = (await response.json()) as unknown[];
    return new Response(JSON.stringify(items.slice(0, Math.max(0, 30 - offset))), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  },
  /** A user added to a project they are a member of already is listed twice from then on. */
  "member-twice": (h) => {
    const twice = new Set<string>(); // "project user"
    return async (request) => {
      const url = new URL(request.url);
      const users = /^\/projects\/(\d+)\/users(?:\/(\d+))?\.json$/.exec(url.pathname);
      if (!users) return h(request);
      const [, project, user] = users;
      if (request.method === "POST") {
        const body = (await request
          .clone()
          .json()
          .catch(() => ({}))) as { user?: string };
        const before = (await (
          await h(new Request(`${url.origin}/projects/${project}/users.json?limit=100`, { headers: request.headers }))
        )
          .json()
          .catch(() => [])) as Array<{ id: number }>;
        const response = await h(request);
        if (response.status === 201 && Array.isArray(before) && before.some((u) => String(u.id) === body.user))
          twice.add(`${project} ${body.user}`);
        return response;
      }
      if (request.method === "DELETE") {
        twice.delete(`${project} ${user}`);
        return h(request);
      }
      const response = await h(request);
      if (response.status !== 200) return response;
      const list = (await response.json()) as Array<{ id: number }>;
      const listed = list.flatMap((u) => (twice.has(`${project} ${u.id}`) ? [u, u] : [u]));
      return new Response(JSON.stringify(listed), { status: 200, headers: { "content-type": "application/json" } });
    };
  },
  /** `modified` never changes: an update leaves it as it was first read (null for a new project). */
  "modified-unchanged": (h) => {
    const first = new Map<string, unknown>(); // "project 48213" / "organization" → modified as first seen
    const frozen = (key: string, record: Record<string, unknown>) => {
      if (!first.has(key)) first.set(key, record.modified);
      return { ...record, modified: first.get(key) };
    };
    return async (request) => {
      const url = new URL(request.url);
      const response = await h(request);
      if (response.status !== 200 && response.status !== 201) return response;
      const isProjects = /^\/projects(\/\d+)?\.json$/.test(url.pathname);
      if (!isProjects && url.pathname !== "/organizations.json") return response;
      const body = (await response.json()) as Record<string, unknown> | Array<Record<string, unknown>>;
      const changed = Array.isArray(body)
        ? body.map((p) => frozen(`project ${p.id}`, p))
        : frozen(isProjects ? `project ${body.id}` : "organization", body);
      return new Response(JSON.stringify(changed), { status: response.status, headers: { "content-type": "application/json" } });
    };
  },
  /** The key is also taken from a query parameter, another header or scheme, and in any case. */
  "key-elsewhere": (h) => (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const known = [STAND_IN_KEY, STAND_IN_OWNER_KEY, "sandbox-viewer-key"];
    const auth = headers.get("authorization") ?? "";
    let decoded = "";
    try {
      decoded = /^Basic /.test(auth) ? atob(auth.slice(6)) : "";
    } catch {}
    const candidates = [
      ...["api_key", "apikey", "key", "token", "access_token"].map((n) => url.searchParams.get(n)),
      ...["x-api-key", "api-key", "x-auth-token"].map((n) => headers.get(n)),
      auth.replace(/^(Bearer|Token) /, ""),
      decoded.replace(/^:/, "").replace(/:$/, ""),
    ];
    const found = known.find((k) => candidates.some((c) => c && c.toLowerCase() === k.toLowerCase()));
    if (found) headers.set("authorization", basic(found));
    return h(new Request(request, { headers }));
  },
};
