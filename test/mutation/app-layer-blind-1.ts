// The first blind round of application-layer defects (issue 58, item 7): twenty mistakes an implementer
// of the service's interface could make, written from the interface, the description, the reference
// sandbox and public sources only — by an author who has not read the contract checker or its tests.
// Each is put around the faithful (documented-only) stand-in as app-layer-defects.ts's are, breaks one
// sentence the interface states (`states`), and calls `hit` whenever it answers otherwise than the
// faithful stand-in would (a defect that keeps state calls it where its state first parts from the
// faithful one). `npm run mutation:app -- --corpus blind-1` scores the checker against them; a defect is
// never edited after its score is known.
import { DEFAULT_API_KEYS } from "../../src/sandbox/index.js";
import { apiKeyOf } from "../../src/sandbox/credentials.js";
import { walkPages } from "../support/pages.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInSeed } from "../support/stand-in/seed.js";
import type { AppDefect } from "./app-layer-defects.js";
import type { Hit } from "./http-layer-operators.js";

export interface BlindDefect extends AppDefect {
  /** The sentence of the interface the defect breaks, quoted. */
  states: string;
}

type Json = Record<string, unknown>;
type Item = Json & { id: number };

// ---------------------------------------------------------------------------------------------------
// Answers in the faithful stand-in's own shapes (the sandbox's successes, documented-only.ts's errors).

const success = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "access-control-allow-origin": "*", "content-type": "application/json" } });
const noContent = () => new Response(null, { status: 204, headers: { "access-control-allow-origin": "*" } });
const standInError = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const notFound = () => standInError(404, { error: "Not found" });
const badRequest = (what: string) => standInError(400, { message: `Bad request: The request is invalid: ${what}.` });

/** Whether two answers differ in status or body. */
async function differ(a: Response, b: Response): Promise<boolean> {
  return a.status !== b.status || (await a.clone().text()) !== (await b.clone().text());
}

// ---------------------------------------------------------------------------------------------------
// Who calls, and the stand-in seed's users, organizations and projects.

const SEED = standInSeed();
const KEYS = Object.keys(DEFAULT_API_KEYS);
const ORGANIZATION_OF = new Map(SEED.users.map((u) => [u.id, u.organization]));
/** Where each seeded project stands in the server's lists (seed order; created projects follow by id). */
const SEED_ORDER = new Map(SEED.projects.map((p, i) => [p.id, i]));
const listOrder = (id: number) => SEED_ORDER.get(id) ?? 1e7 + id;

const keyOf = (request: Request) => apiKeyOf(request.headers.get("authorization"));
/** The account the request's credential acts as (undefined: no valid credential). */
const callerOf = (request: Request): number | undefined => {
  const key = keyOf(request);
  return key === undefined ? undefined : DEFAULT_API_KEYS[key];
};
const organizationOf = (user: number | undefined) => (user === undefined ? undefined : (ORGANIZATION_OF.get(user) ?? null));
/** The other keys, those of the caller's organization first. */
const otherKeys = (request: Request) => {
  const key = keyOf(request);
  const organization = organizationOf(callerOf(request));
  return KEYS.filter((k) => k !== key).sort(
    (a, b) => Number(organizationOf(DEFAULT_API_KEYS[b]) === organization) - Number(organizationOf(DEFAULT_API_KEYS[a]) === organization),
  );
};

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;

/** The request again, changed: another key, method, URL or body. */
async function again(
  request: Request,
  change: { key?: string; method?: string; url?: string; body?: string | null; dropHeader?: string } = {},
): Promise<Request> {
  const headers = new Headers(request.headers);
  if (change.key !== undefined) headers.set("authorization", basic(change.key));
  if (change.dropHeader) headers.delete(change.dropHeader);
  const method = change.method ?? request.method;
  const body = change.body !== undefined ? change.body : method === "GET" || method === "HEAD" ? null : await request.clone().text();
  headers.delete("content-length"); // the body may be another one
  return new Request(change.url ?? request.url, {
    method,
    headers,
    ...(body !== null && method !== "GET" && method !== "HEAD" && { body }),
  });
}

/** A GET of `path` with the request's own credential (or `key`'s). */
const getAs = (request: Request, path: string, key?: string) => {
  const headers = new Headers({ authorization: key ? basic(key) : (request.headers.get("authorization") ?? "") });
  return new Request(new URL(path, request.url), { headers });
};

/** Every item of the list at `path`, read page by page as the caller (undefined when it is refused). */
async function wholeList(inner: Handler, request: Request, path: string, key?: string): Promise<Item[] | undefined> {
  let refused = false;
  const items = await walkPages<Item>(
    async (offset, limit) => {
      const page = await inner(getAs(request, `${path}?offset=${offset}&limit=${limit}`, key));
      if (page.status !== 200) refused = true;
      return refused ? undefined : ((await page.json()) as Item[]);
    },
    { pageSize: 100 },
  );
  return refused ? undefined : items;
}

/** The request's `offset` and `limit`, defaults filled in (undefined when either is not a plain number). */
function pageOf(request: Request): { offset: number; limit: number } | undefined {
  const query = new URL(request.url).searchParams;
  const offset = query.get("offset") ?? "0";
  const limit = query.get("limit") ?? "30";
  if (!/^\d+$/.test(offset) || !/^\d+$/.test(limit) || Number(limit) < 1) return undefined;
  return { offset: Number(offset), limit: Number(limit) };
}
const slice = <T>(items: T[], page: { offset: number; limit: number }) => items.slice(page.offset, page.offset + page.limit);

/** The list answer `fresh` replaced by `items` paged as the request asks, counted as a hit when it differs. */
async function listed(fresh: Response, items: Item[], page: { offset: number; limit: number }, hit: Hit): Promise<Response> {
  const answer = success(200, slice(items, page));
  if (await differ(answer, fresh)) {
    hit();
    return answer;
  }
  return fresh;
}

/** A project answer another key got, as the server would render it for the request's caller: `ownership`
 * is relative to the caller's organization (the stand-in seed has two, so another's view flips it). */
async function asSeenByCaller(response: Response, servedKey: string, request: Request): Promise<Response> {
  if (organizationOf(DEFAULT_API_KEYS[servedKey]) === organizationOf(callerOf(request))) return response;
  const project = (await jsonOf(response)) as Json; // a project, or a list of its parts (no `ownership`)
  if (Array.isArray(project) || typeof project.ownership !== "string") return response;
  return rebody(response, { ...project, ownership: project.ownership === "internal" ? "external" : "internal" });
}

// ---------------------------------------------------------------------------------------------------
// Paths and bodies.

const pathOf = (request: Request) => new URL(request.url).pathname;
const PROJECTS = /^\/projects\.json$/;
const PROJECT = /^\/projects\/(\d+)\.json$/;
const PROJECT_PART = /^\/(?:v1\/)?projects\/(\d+)\/(?:users|files|urls|copy)\.json$/;
const USERS = /^\/projects\/(\d+)\/users\.json$/;
const USER = /^\/projects\/(\d+)\/users\/(\d+)\.json$/;
const ORGANIZATION = /^\/organizations\.json$/;
const LISTS = /^\/(?:projects\.json|(?:v1\/)?projects\/\d+\/(?:files|urls|copy|users)\.json|copy\/\d+\/revisions\.json)$/;
const PARTS = { users: "users", files: "files", urls: "urls", copy: "copy" } as const;
const partPath = (project: string | number, part: keyof typeof PARTS) =>
  part === "files" ? `/v1/projects/${project}/files.json` : `/projects/${project}/${part}.json`;
const ADDRESS_FIELDS = ["street", "street2", "city", "region_name", "postal_code", "country"] as const;

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
/** The request's body when it is a JSON object sent as JSON (what the server would read), else undefined. */
async function objectBody(request: Request): Promise<Json | undefined> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) return undefined;
  try {
    const value: unknown = JSON.parse(await request.clone().text());
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}
const characters = (text: string) => [...text].length;
const FIELD_LIMITS = { name: 50, description: 1000, job_code: 20 } as const;

/** Whether a project body passes the stand-in's own input checks (`create`: `name` required). */
function validProjectBody(body: Json | undefined, create: boolean): body is Json {
  if (!body) return false;
  const keys = Object.keys(body);
  if (keys.length === 0 || keys.some((k) => !Object.hasOwn(FIELD_LIMITS, k))) return false;
  if (create && body.name === undefined) return false;
  return keys.every((k) => {
    const value = body[k];
    const limit = FIELD_LIMITS[k as keyof typeof FIELD_LIMITS];
    return typeof value === "string" && characters(value) <= limit && (k !== "name" || characters(value) >= 1);
  });
}

const jsonOf = async (response: Response): Promise<unknown> => response.clone().json();
/** `response` with another JSON body, its status and headers kept. */
const rebody = (response: Response, body: unknown) => {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
};

/** Rewrites the projects in a project answer (one, or a list) with `change`, which says whether it changed one. */
async function rewriteProjects(response: Response, change: (project: Item) => boolean, hit: Hit): Promise<Response> {
  if (response.status !== 200 && response.status !== 201) return response;
  const body = (await jsonOf(response)) as Item | Item[];
  const projects = Array.isArray(body) ? body : [body];
  let changed = false;
  for (const project of projects) changed = change(project) || changed;
  if (!changed) return response;
  hit();
  return rebody(response, body);
}

// ---------------------------------------------------------------------------------------------------
// The round.

export const BLIND_ROUND_1: BlindDefect[] = [
  // Access control (four).
  {
    id: "removed-member-keeps-reading",
    what: "Each account's project memberships are cached for the life of its session (loaded once, to spare a join on every request); removing a user from a project clears the membership row but not that cache, so the removed user still reads the project, its users and its assets by id (the project list, a fresh query, is right)",
    states: "Project list: Only projects the caller has been added to. / Remove a user: DELETE /projects/[id]/users/[id].json",
    source:
      "Django documentation, Permission caching (ModelBackend caches permissions on the user object); CWE-613 Insufficient Session Expiration; OWASP API1:2023 Broken Object Level Authorization",
    wrap: (inner, hit) => {
      const removed = new Set<string>();
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        const removal = USER.exec(path);
        if (request.method === "DELETE" && removal && response.status === 204) removed.add(`${removal[1]}:${removal[2]}`);
        const adding = USERS.exec(path);
        if (request.method === "POST" && adding && response.status === 201)
          removed.delete(`${adding[1]}:${((await jsonOf(response)) as Item).id}`);
        const read = request.method === "GET" ? (PROJECT.exec(path) ?? PROJECT_PART.exec(path)) : null;
        if (!read || response.status !== 404 || !removed.has(`${read[1]}:${callerOf(request)}`)) return response;
        for (const key of otherKeys(request)) {
          const leaked = await inner(await again(request, { key }));
          if (leaked.status !== 200) continue;
          hit();
          return asSeenByCaller(leaked, key, request);
        }
        return response;
      };
    },
  },
  {
    id: "method-override-skips-delete-rule",
    what: "A method-override middleware (X-HTTP-Method-Override, or `_method` in the query) turns a POST into the method it names, but it runs after the security filter that guards DELETE /projects/{id}.json by method and path: an overridden DELETE is checked as a POST, i.e. only for visibility, so any member may delete the project",
    states: "Delete a project … Only a company administrator or the project creator may delete.",
    source:
      "OWASP WSTG-CONF-06 Test HTTP Methods (method overriding to bypass access control); expressjs/method-override README; Spring HiddenHttpMethodFilter ordering",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const named = (
        request.headers.get("x-http-method-override") ??
        request.headers.get("x-method-override") ??
        request.headers.get("x-http-method") ??
        url.searchParams.get("_method") ??
        ""
      ).toUpperCase();
      if (request.method !== "POST" || !PROJECT.test(url.pathname) || !["DELETE", "PATCH", "GET"].includes(named)) return inner(request);
      const faithful = await inner(request.clone());
      url.searchParams.delete("_method");
      const header = ["x-http-method-override", "x-method-override", "x-http-method"].find((h) => request.headers.has(h));
      const overridden = await again(request, { method: named, url: url.href, ...(header && { dropHeader: header }) });
      let answer = await inner(overridden.clone());
      if (named === "DELETE" && answer.status === 403) {
        for (const key of otherKeys(request)) {
          const deleted = await inner(await again(overridden, { key }));
          if (deleted.status !== 204) continue;
          answer = deleted;
          break;
        }
      }
      if (await differ(answer, faithful)) hit();
      return answer;
    },
  },
  {
    id: "address-update-skips-administrator-check",
    what: "The organization's address is saved by its own nested-attributes handler (the settings page's address form); the company-administrator check sits in the handler of the top-level fields, so a PATCH holding only `address` is applied for any member of the organization",
    states: "Update organization … Only a company administrator may update.",
    source:
      "OWASP API5:2023 Broken Function Level Authorization; Rails accepts_nested_attributes_for (a nested record saved through its parent)",
    wrap: (inner, hit) => async (request) => {
      const body = request.method === "PATCH" && ORGANIZATION.test(pathOf(request)) ? await objectBody(request) : undefined;
      const response = await inner(request.clone());
      if (!body || Object.keys(body).join() !== "address" || response.status !== 403) return response;
      const organization = organizationOf(callerOf(request));
      for (const key of otherKeys(request).filter((k) => organizationOf(DEFAULT_API_KEYS[k]) === organization)) {
        const applied = await inner(await again(request, { key }));
        if (applied.status !== 204) continue;
        hit();
        return applied;
      }
      return response;
    },
  },
  {
    id: "path-without-suffix-skips-visibility",
    what: "The router matches /projects/{id} with or without `.json` and a trailing slash (suffix pattern matching), but the visibility filter is registered for the documented pattern /projects/*.json only: GET /projects/48378 or /projects/48378/ returns any existing project, added to or not",
    states: "Project list: Only projects the caller has been added to. / Retrieve a project: GET /projects/[id].json",
    source:
      "CVE-2016-5007 (Spring Security and Spring MVC path matching disagree); Spring Framework documentation, suffix pattern matching; OWASP API1:2023 Broken Object Level Authorization",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const match = /^\/projects\/(\d+)\/?$/.exec(url.pathname);
      if (request.method !== "GET" || !match) return inner(request);
      const faithful = await inner(request);
      // No valid credential: the authentication in front of every route still refuses.
      if (callerOf(request) === undefined) return faithful;
      url.pathname = `/projects/${match[1]}.json`;
      for (const key of [keyOf(request)!, ...otherKeys(request)]) {
        const served = await inner(await again(request, { key, url: url.href }));
        if (served.status !== 200) continue;
        hit();
        return asSeenByCaller(served, key, request);
      }
      return faithful;
    },
  },

  // Tenancy, soft deletes, caches.
  {
    id: "project-users-scoped-to-caller-organization",
    what: "The User model carries the multi-tenant default scope (`organization_id = current organization`), and the project users list goes through it: members from other organizations (and accounts created by invitation, which belong to none) are left out, and the pages are cut from what remains",
    states:
      "A person with access to a project, internal or external to the caller's account. / Users may belong to the caller's organization or to another one.",
    source:
      "Laravel documentation, Eloquent global scopes; acts_as_tenant default scope; OWASP API3:2023 (responses that do not match the object's real state)",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const fresh = await inner(request);
      const page = pageOf(request);
      if (request.method !== "GET" || !USERS.test(path) || fresh.status !== 200 || !page) return fresh;
      const everyone = await wholeList(inner, request, path);
      if (!everyone) return fresh;
      const organization = organizationOf(callerOf(request));
      return listed(
        fresh,
        everyone.filter((u) => (ORGANIZATION_OF.get(u.id) ?? null) === organization),
        page,
        hit,
      );
    },
  },
  {
    id: "deleted-project-parts-still-listed",
    what: "Projects are soft-deleted (a `deleted_at` column): the project's own queries filter it, but its users, files, urls and copy are read through the project id alone, so after the delete those lists still answer 200 to its former members with what the project held",
    states: "Delete a project … Permanent: all project files, comments and assets are deleted and this cannot be reversed.",
    source: "Laravel documentation, Soft deleting (relations of a trashed model are still queried); CWE-459 Incomplete Cleanup",
    wrap: (inner, hit) => {
      const deleted = new Map<string, { members: Set<number>; parts: Record<string, Item[]> }>();
      return async (request) => {
        const path = pathOf(request);
        const deleting = request.method === "DELETE" ? PROJECT.exec(path) : null;
        if (deleting) {
          const id = deleting[1]!;
          const parts: Record<string, Item[]> = {};
          for (const part of Object.keys(PARTS) as Array<keyof typeof PARTS>)
            parts[part] = (await wholeList(inner, request, partPath(id, part))) ?? [];
          const response = await inner(request);
          if (response.status === 204) deleted.set(id, { members: new Set(parts.users!.map((u) => u.id)), parts });
          return response;
        }
        const fresh = await inner(request);
        const part = request.method === "GET" ? /^\/(?:v1\/)?projects\/(\d+)\/(users|files|urls|copy)\.json$/.exec(path) : null;
        const gone = part && partPath(part[1]!, part[2] as keyof typeof PARTS) === path && deleted.get(part[1]!);
        const page = pageOf(request);
        if (!part || !gone || !page || fresh.status !== 404 || !gone.members.has(callerOf(request) ?? -1)) return fresh;
        return listed(fresh, gone.parts[part[2]!]!, page, hit);
      };
    },
  },
  {
    id: "project-list-cache-kept-on-update",
    what: "The project list is cached per user and query string for five minutes; the cache is cleared when a project is created or deleted and when members change, but not when a project is updated, so the list shows the old name, description, job code and `modified` after a PATCH",
    states: "Update a project: PATCH /projects/[id].json … 204, no body. / List projects: 200, array of Project.",
    source:
      "Django documentation, The per-view cache (cache_page) and cache invalidation; Rails Guides, Caching with Rails: low-level caching and expiry",
    wrap: (inner, hit) => {
      const cache = new Map<string, string>();
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        const invalidates =
          (request.method === "POST" && (PROJECTS.test(path) || USERS.test(path)) && response.status === 201) ||
          (request.method === "DELETE" && (PROJECT.test(path) || USER.test(path)) && response.status === 204);
        if (invalidates) cache.clear();
        if (request.method !== "GET" || !PROJECTS.test(path) || response.status !== 200) return response;
        const entry = `${keyOf(request)} ${new URL(request.url).search}`;
        const cached = cache.get(entry);
        const text = await response.clone().text();
        if (cached === undefined) {
          cache.set(entry, text);
          return response;
        }
        if (cached === text) return response;
        hit();
        return rebody(response, JSON.parse(cached));
      };
    },
  },

  // Pagination.
  {
    id: "default-page-size-25",
    what: "The lists are paginated with the library's default page size, never configured: Kaminari's 25, so a list asked for without `limit` answers 25 items",
    states: "Pagination: every list endpoint … takes query parameters `offset` (int, default 0) and `limit` (int, default 30)",
    source: "Kaminari README, configuration: default_per_page = 25",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      if (request.method !== "GET" || !LISTS.test(url.pathname) || url.searchParams.has("limit")) return inner(request);
      const faithful = await inner(request);
      url.searchParams.set("limit", "25");
      const answer = await inner(await again(request, { url: url.href }));
      if (!(await differ(answer, faithful))) return faithful;
      hit();
      return answer;
    },
  },
  {
    id: "offset-read-as-page-number",
    what: "`offset` and `limit` are handed to the data layer as PageRequest.of(offset, limit), whose first argument is a page index: offset=2&limit=10 answers items 20 to 29 instead of 2 to 11",
    states: "Pagination: every list endpoint … takes query parameters `offset` (int, default 0) and `limit` (int, default 30)",
    source: "Spring Data Commons reference, PageRequest.of(int page, int size): a zero-based page index",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const page = pageOf(request);
      if (request.method !== "GET" || !LISTS.test(url.pathname) || !page || page.offset === 0) return inner(request);
      const faithful = await inner(request);
      url.searchParams.set("offset", String(page.offset * page.limit));
      const answer = await inner(await again(request, { url: url.href }));
      if (!(await differ(answer, faithful))) return faithful;
      hit();
      return answer;
    },
  },
  {
    id: "project-list-paged-before-membership-filter",
    what: "The project list pages every project (`findAll(pageable)`) and then filters the page by membership (@PostFilter): a page holds fewer than `limit` projects when hidden ones fall in it, and projects past the first pages of the whole table are missing from the first page of a user who sees few",
    states:
      "List projects: GET /projects.json … Returns the projects the caller was added to, including ones from other organizations. / `limit` (int, default 30)",
    source:
      "Spring Security reference, Method security: @PostFilter filters the returned collection after the query (not suited to paginated results)",
    wrap: (inner, hit) => async (request) => {
      const fresh = await inner(request);
      const page = pageOf(request);
      if (request.method !== "GET" || !PROJECTS.test(pathOf(request)) || fresh.status !== 200 || !page) return fresh;
      const mine = await wholeList(inner, request, "/projects.json");
      if (!mine) return fresh;
      const everyId = new Set(mine.map((p) => p.id));
      for (const key of otherKeys(request))
        for (const p of (await wholeList(inner, request, "/projects.json", key)) ?? []) everyId.add(p.id);
      const table = [...everyId].sort((a, b) => listOrder(a) - listOrder(b));
      const byId = new Map(mine.map((p) => [p.id, p]));
      const answer = success(
        200,
        slice(table, page).flatMap((id) => byId.get(id) ?? []),
      );
      if (!(await differ(answer, fresh))) return fresh;
      hit();
      return answer;
    },
  },

  // Field limits, text, encodings.
  {
    id: "job-code-limit-off-by-one",
    what: "The create form's validator checks `job_code.length < 20` instead of `<= 20`: a job code of exactly 20 characters is refused",
    states: "Limits: Job code — 20 characters — POST /projects.json, `job_code`",
    source: "CWE-193 Off-by-one Error",
    wrap: (inner, hit) => async (request) => {
      if (request.method !== "POST" || !PROJECTS.test(pathOf(request)) || callerOf(request) === undefined) return inner(request);
      const body = await objectBody(request);
      if (!validProjectBody(body, true) || typeof body.job_code !== "string" || characters(body.job_code) !== 20) return inner(request);
      hit();
      return badRequest("/job_code must NOT have more than 19 characters");
    },
  },
  {
    id: "name-limit-counted-in-bytes",
    what: "The name's limit is checked with strlen(), which counts UTF-8 bytes: a name of 50 characters or fewer with accented letters or other non-ASCII characters (more than 50 bytes) is refused",
    states: "Limits: Project name — 50 characters — POST /projects.json, `name`",
    source: "CWE-135 Incorrect Calculation of Multi-Byte String Length; PHP manual, strlen() returns bytes, mb_strlen() characters",
    wrap: (inner, hit) => async (request) => {
      if (request.method !== "POST" || !PROJECTS.test(pathOf(request)) || callerOf(request) === undefined) return inner(request);
      const body = await objectBody(request);
      if (!validProjectBody(body, true) || new TextEncoder().encode(String(body.name)).length <= 50) return inner(request);
      hit();
      return badRequest("/name must NOT have more than 50 characters");
    },
  },
  {
    id: "text-fields-trimmed",
    what: "The project serializer's string fields keep the framework's default trim_whitespace=True: leading and trailing spaces (and other Unicode white space) of name, description and job code are removed before saving, and a name of white space only is refused as blank",
    states: "Create a project … 201, the created Project (its `title` carries the given name).",
    source: "Django REST framework documentation, Serializer fields: CharField(trim_whitespace=True) by default",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const create = request.method === "POST" && PROJECTS.test(path);
      if (!create && !(request.method === "PATCH" && PROJECT.test(path))) return inner(request);
      const body = await objectBody(request);
      if (!body) return inner(request);
      const trimmed: Json = { ...body };
      for (const field of Object.keys(FIELD_LIMITS)) if (typeof body[field] === "string") trimmed[field] = (body[field] as string).trim();
      if (JSON.stringify(trimmed) === JSON.stringify(body)) return inner(request);
      const answer = await inner(await again(request, { body: JSON.stringify(trimmed) }));
      const blankRefused =
        answer.status === 400 && trimmed.name === "" && validProjectBody(body, create) && callerOf(request) !== undefined;
      if ((answer.status >= 200 && answer.status < 300) || blankRefused) hit();
      return answer;
    },
  },
  {
    id: "request-body-read-as-latin-1",
    what: "The JSON body is read as text with the container's default charset, ISO-8859-1, when the Content-Type names none (as `application/json` never does): a name, description or job code with non-ASCII characters is stored as mojibake (`Café` becomes `CafÃ©`)",
    states: "All bodies are JSON. / Create a project … 201, the created Project (its `title` carries the given name).",
    source:
      "RFC 8259 section 8.1 (JSON exchanged between systems is UTF-8); Spring StringHttpMessageConverter's ISO-8859-1 default; Servlet specification, default request character encoding",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const create = request.method === "POST" && PROJECTS.test(path);
      const type = request.headers.get("content-type") ?? "";
      if ((!create && !(request.method === "PATCH" && PROJECT.test(path))) || !JSON_TYPE.test(type) || /charset/i.test(type))
        return inner(request);
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      if (!bytes.some((b) => b >= 0x80)) return inner(request);
      const latin1 = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
      const answer = await inner(await again(request, { body: latin1 }));
      const refused = answer.status === 400 && validProjectBody(await objectBody(request), create) && callerOf(request) !== undefined;
      if ((answer.status >= 200 && answer.status < 300) || refused) hit();
      return answer;
    },
  },

  // Timestamps and fields read back.
  {
    id: "modified-set-on-create",
    what: "`modified` is the ORM's updated_at, which it sets when the row is inserted: a project never modified shows `modified` equal to `created` instead of null",
    states: "`modified` is null when the record was never modified",
    source:
      "Rails Guides, Active Record Basics: timestamps (created_at and updated_at set on create); Django documentation, DateTimeField(auto_now=True)",
    wrap: (inner, hit) => {
      const created = new Map<number, string>();
      const fill = (project: Item) => {
        const at = created.get(project.id);
        if (at === undefined || project.modified !== null) return false;
        project.modified = at;
        return true;
      };
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        if (request.method === "POST" && PROJECTS.test(path) && response.status === 201) {
          const project = (await jsonOf(response)) as Item;
          created.set(project.id, String(project.created));
        }
        const patched = request.method === "PATCH" ? PROJECT.exec(path) : null;
        if (patched && response.status === 204) created.delete(Number(patched[1]));
        const showsProjects =
          (request.method === "GET" && (PROJECTS.test(path) || PROJECT.test(path))) || (request.method === "POST" && PROJECTS.test(path));
        return showsProjects ? rewriteProjects(response, fill, hit) : response;
      };
    },
  },
  {
    id: "ownership-from-creator",
    what: "`ownership` is computed as `project.creator_id == current_user.id ? internal : external`, comparing the creator with the caller instead of the creator's company with the caller's: a project a colleague of the same organization created shows as external",
    states: "ownership: Internal (created by the caller's company) or External (invited by another company).",
    source: "CWE-1025 Comparison Using Wrong Factors",
    wrap: (inner, hit) => {
      const creator = new Map(SEED.projects.map((p) => [p.id, p.creator]));
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        const caller = callerOf(request);
        if (request.method === "POST" && PROJECTS.test(path) && response.status === 201 && caller !== undefined)
          creator.set(((await jsonOf(response)) as Item).id, caller);
        const showsProjects =
          (request.method === "GET" && (PROJECTS.test(path) || PROJECT.test(path))) || (request.method === "POST" && PROJECTS.test(path));
        if (!showsProjects) return response;
        return rewriteProjects(
          response,
          (project) => {
            const by = creator.get(project.id);
            if (by === undefined || typeof project.ownership !== "string") return false;
            const ownership = by === caller ? "internal" : "external";
            if (project.ownership === ownership) return false;
            project.ownership = ownership;
            return true;
          },
          hit,
        );
      };
    },
  },

  // Partial updates.
  {
    id: "project-patch-clears-absent-fields",
    what: "PATCH maps the body onto an update DTO and copies it onto the entity with BeanUtils.copyProperties, nulls included; the name is guarded (a NOT NULL column), but a description or job code the body leaves out is saved empty",
    states: "Update a project: PATCH /projects/[id].json — JSON object containing only the properties to change",
    source: "RFC 7396 JSON Merge Patch (members not given are left unchanged); Spring BeanUtils.copyProperties copies null values",
    wrap: (inner, hit) => async (request) => {
      const match = request.method === "PATCH" ? PROJECT.exec(pathOf(request)) : null;
      const body = match ? await objectBody(request) : undefined;
      if (!match || !body || Object.keys(body).length === 0) return inner(request);
      const before = await inner(getAs(request, `/projects/${match[1]}.json`));
      if (before.status !== 200) return inner(request);
      const project = (await before.json()) as Json;
      const filled: Json = { ...body };
      let clears = false;
      for (const field of ["description", "job_code"])
        if (!(field in body)) {
          filled[field] = "";
          clears ||= project[field] !== "";
        }
      const answer = await inner(await again(request, { body: JSON.stringify(filled) }));
      if (answer.status === 204 && clears) hit();
      return answer;
    },
  },
  {
    id: "organization-address-replaced",
    what: "The organization's address is a nested record saved with accepts_nested_attributes_for without `update_only`: a PATCH holding `address` builds a new address from the fields sent, so the address fields not sent come back empty",
    states: "Update organization: PATCH /organizations.json — JSON object containing only the properties to change",
    source:
      "Rails API documentation, accepts_nested_attributes_for, option :update_only (without it a one-to-one record is replaced by a new one)",
    wrap: (inner, hit) => {
      const emptied = new Map<number | null | undefined, Set<string>>();
      return async (request) => {
        const path = pathOf(request);
        if (!ORGANIZATION.test(path)) return inner(request);
        const organization = organizationOf(callerOf(request));
        if (request.method === "PATCH") {
          const body = await objectBody(request);
          const response = await inner(request);
          const address = body?.address;
          if (response.status === 204 && address && typeof address === "object")
            emptied.set(organization, new Set(ADDRESS_FIELDS.filter((f) => !(f in address))));
          return response;
        }
        const response = await inner(request);
        const fields = emptied.get(organization);
        if (request.method !== "GET" || response.status !== 200 || !fields?.size) return response;
        const body = (await jsonOf(response)) as { address?: Json };
        if (!body.address || ![...fields].some((f) => body.address![f] !== "")) return response;
        for (const f of fields) body.address[f] = "";
        hit();
        return rebody(response, body);
      };
    },
  },

  // Project users.
  {
    id: "re-adding-a-member-duplicates-them",
    what: "The membership join table has no unique index and adding does not look for an existing row: adding a user who is already a member inserts a second row, the users list shows them twice, and removing them deletes one row (`find_by(...).destroy`), so they stay a member",
    states: "Users can be added to and removed from a project. / Remove a user: DELETE /projects/[id]/users/[id].json … 204",
    source:
      "Rails Guides, Active Record Validations: uniqueness (needs a unique index; without one, duplicate rows); CWE-694 Use of Multiple Resources with Duplicate Identifier",
    wrap: (inner, hit) => {
      const extra = new Map<string, number>(); // "project:user" → rows beyond the first
      return async (request) => {
        const path = pathOf(request);
        const adding = request.method === "POST" ? USERS.exec(path) : null;
        if (adding) {
          const before = await wholeList(inner, request, path);
          const response = await inner(request);
          if (response.status !== 201 || !before) return response;
          const id = ((await jsonOf(response)) as Item).id;
          const entry = `${adding[1]}:${id}`;
          if (before.some((u) => u.id === id)) extra.set(entry, (extra.get(entry) ?? 0) + 1);
          return response;
        }
        const removal = request.method === "DELETE" ? USER.exec(path) : null;
        if (removal) {
          const entry = `${removal[1]}:${removal[2]}`;
          const response = await inner(request);
          if (response.status !== 204 || !extra.get(entry)) return response;
          // One row of several is gone: the user is still a member (added back, at the end of the list).
          for (const key of KEYS) {
            const readded = await inner(
              new Request(new URL(`/projects/${removal[1]}/users.json`, request.url), {
                method: "POST",
                headers: { authorization: basic(key), "content-type": "application/json" },
                body: JSON.stringify({ user: removal[2] }),
              }),
            );
            if (readded.status !== 201) continue;
            extra.set(entry, extra.get(entry)! - 1);
            hit();
            break;
          }
          return response;
        }
        const fresh = await inner(request);
        const listing = request.method === "GET" ? USERS.exec(path) : null;
        const page = pageOf(request);
        if (!listing || !page || fresh.status !== 200) return fresh;
        const twice = [...extra].filter(([entry, n]) => n > 0 && entry.startsWith(`${listing[1]}:`));
        if (twice.length === 0) return fresh;
        const everyone = await wholeList(inner, request, path);
        if (!everyone) return fresh;
        const rows = [...everyone];
        for (const [entry, n] of twice) {
          const user = everyone.find((u) => String(u.id) === entry.split(":")[1]);
          for (let i = 0; user && i < n; i++) rows.push(user);
        }
        return listed(fresh, rows, page, hit);
      };
    },
  },
  {
    id: "creator-removable-while-others-remain",
    what: "The guard on removal protects the project's last member instead of its creator (`members.count > 1`): the creator can be removed from a project that still has other members, and then no longer sees it",
    states: "Rule for removing: the project creator cannot be removed from a project.",
    source: "OWASP WSTG-BUSL-01 Test Business Logic Data Validation; CWE-840 Business Logic Errors",
    wrap: (inner, hit) => {
      const gone = new Map<string, number>(); // project → its creator, removed
      return async (request) => {
        const path = pathOf(request);
        const caller = callerOf(request);
        const project = (PROJECT.exec(path) ?? PROJECT_PART.exec(path) ?? USER.exec(path))?.[1];
        // The removed creator no longer sees the project.
        if (project !== undefined && caller !== undefined && gone.get(project) === caller) {
          if (request.method === "GET") {
            const fresh = await inner(request);
            if (!(await differ(fresh, notFound()))) return fresh;
          }
          hit();
          return notFound();
        }
        const removal = request.method === "DELETE" ? USER.exec(path) : null;
        if (removal) {
          const response = await inner(request);
          if (response.status !== 409) return response;
          const members = await wholeList(inner, request, `/projects/${removal[1]}/users.json`);
          if (!members || members.filter((u) => String(u.id) !== removal[2]).length === 0) return response;
          gone.set(removal[1]!, Number(removal[2]));
          hit();
          return noContent();
        }
        const response = await inner(request);
        const adding = request.method === "POST" ? USERS.exec(path) : null;
        if (adding && response.status === 201 && gone.get(adding[1]!) === ((await jsonOf(response)) as Item).id) gone.delete(adding[1]!);
        const page = pageOf(request);
        if (request.method !== "GET" || response.status !== 200 || !page) return response;
        const listing = USERS.exec(path);
        if (listing && gone.has(listing[1]!)) {
          const everyone = await wholeList(inner, request, path);
          return everyone
            ? listed(
                response,
                everyone.filter((u) => u.id !== gone.get(listing[1]!)),
                page,
                hit,
              )
            : response;
        }
        const hidden = [...gone].filter(([, creator]) => creator === caller).map(([p]) => Number(p));
        if (PROJECTS.test(path) && hidden.length > 0) {
          const mine = await wholeList(inner, request, path);
          return mine
            ? listed(
                response,
                mine.filter((p) => !hidden.includes(p.id)),
                page,
                hit,
              )
            : response;
        }
        return response;
      };
    },
  },
];
