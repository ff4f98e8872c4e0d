// The second blind round of application-layer defects (issue 58, item 7): twenty more mistakes an
// implementer of the service's interface could make, of other kinds than the first round's, written from
// the interface, the description, the reference sandbox and public sources only — by an author who has
// not read the contract checker or its tests. Each is put around the faithful (documented-only) stand-in
// as the first round's are, breaks one sentence the interface states (`states`), and calls `hit` whenever
// it answers otherwise than the faithful stand-in would (a defect that keeps state calls it where its
// state first parts from the faithful one). `npm run mutation:app -- --corpus blind-2` scores the checker
// against them; a defect is never edited after its score is known.
import { DEFAULT_API_KEYS } from "../../src/sandbox/index.js";
import { apiKeyOf } from "../../src/sandbox/credentials.js";
import { walkPages } from "../support/pages.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInSeed } from "../support/stand-in/seed.js";
import type { BlindDefect } from "./app-layer-blind-1.js";
import type { Hit } from "./http-layer-operators.js";

type Json = Record<string, unknown>;
type Item = Json & { id: number };

// ---------------------------------------------------------------------------------------------------
// Answers (the faithful stand-in's error shape), and comparing them.

const notFound = () =>
  new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": "application/json" } });

/** Whether two answers differ in status or body. */
async function differ(a: Response, b: Response): Promise<boolean> {
  return a.status !== b.status || (await a.clone().text()) !== (await b.clone().text());
}

const jsonOf = async (response: Response): Promise<unknown> => response.clone().json();
/** `response` with another JSON body, its status and headers kept. */
const rebody = (response: Response, body: unknown) => {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
};

// ---------------------------------------------------------------------------------------------------
// Who calls: the stand-in seed's users and organizations.

const SEED = standInSeed();
const KEYS = Object.keys(DEFAULT_API_KEYS);
const SEED_USER_IDS = new Set(SEED.users.map((u) => u.id));
const ORGANIZATION_OF = new Map(SEED.users.map((u) => [u.id, u.organization]));
const GROUP_OF = new Map(SEED.users.map((u) => [u.id, u.group_name]));

const keyOf = (request: Request) => apiKeyOf(request.headers.get("authorization"));
/** The account the request's credential acts as (undefined: no valid credential). */
const callerOf = (request: Request): number | undefined => {
  const key = keyOf(request);
  return key === undefined ? undefined : DEFAULT_API_KEYS[key];
};
const organizationOf = (user: number | undefined) => (user === undefined ? undefined : (ORGANIZATION_OF.get(user) ?? null));
const organizationOfKey = (key: string) => organizationOf(DEFAULT_API_KEYS[key]);
/** The other keys, those of the caller's organization first. */
const otherKeys = (request: Request) => {
  const key = keyOf(request);
  const organization = organizationOf(callerOf(request));
  return KEYS.filter((k) => k !== key).sort(
    (a, b) => Number(organizationOfKey(b) === organization) - Number(organizationOfKey(a) === organization),
  );
};
const colleagueKeys = (request: Request) => otherKeys(request).filter((k) => organizationOfKey(k) === organizationOf(callerOf(request)));

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;

/** The request again, changed: another key, method, URL or body. */
async function again(
  request: Request,
  change: { key?: string; method?: string; url?: string; body?: string | null } = {},
): Promise<Request> {
  const headers = new Headers(request.headers);
  if (change.key !== undefined) headers.set("authorization", basic(change.key));
  const method = change.method ?? request.method;
  const body = change.body !== undefined ? change.body : method === "GET" || method === "HEAD" ? null : await request.clone().text();
  headers.delete("content-length"); // the body may be another one
  return new Request(change.url ?? request.url, {
    method,
    headers,
    ...(body !== null && method !== "GET" && method !== "HEAD" && { body }),
  });
}

/** A request of `path` with the request's own credential (or `key`'s). */
const as = (request: Request, path: string, key?: string, method = "GET") => {
  const headers = new Headers({ authorization: key ? basic(key) : (request.headers.get("authorization") ?? "") });
  return new Request(new URL(path, request.url), { method, headers });
};

/** Every item of the list at `path`, read page by page as the caller or `key` (undefined when refused). */
async function wholeList(inner: Handler, request: Request, path: string, key?: string): Promise<Item[] | undefined> {
  let refused = false;
  const items = await walkPages<Item>(
    async (offset, limit) => {
      const page = await inner(as(request, `${path}?offset=${offset}&limit=${limit}`, key));
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
  const answer = rebody(fresh, slice(items, page));
  if (!(await differ(answer, fresh))) return fresh;
  hit();
  return answer;
}

/** Rewrites the items of a JSON answer (one object, or a list) with `change`, which says whether it changed one. */
async function rewriteItems(response: Response, change: (item: Item) => boolean, hit: Hit): Promise<Response> {
  if (response.status !== 200 && response.status !== 201) return response;
  const body = (await jsonOf(response)) as Item | Item[];
  let changed = false;
  for (const item of Array.isArray(body) ? body : [body]) changed = change(item) || changed;
  if (!changed) return response;
  hit();
  return rebody(response, body);
}

// ---------------------------------------------------------------------------------------------------
// Paths and bodies.

const pathOf = (request: Request) => new URL(request.url).pathname;
const PROJECTS = /^\/projects\.json$/;
const PROJECT = /^\/projects\/(\d+)\.json$/;
const PROJECT_PART = /^\/(?:v1\/)?projects\/(\d+)\/(?:users|files|urls|copy)\.json$/;
const FILES = /^\/v1\/projects\/(\d+)\/files\.json$/;
const USERS = /^\/projects\/(\d+)\/users\.json$/;
const USER = /^\/projects\/(\d+)\/users\/(\d+)\.json$/;
const REVISIONS = /^\/copy\/(\d+)\/revisions\.json$/;
const ORGANIZATION = /^\/organizations\.json$/;
const GROUPS = /^\/groups\.json$/;
const LISTS = /^\/(?:projects\.json|(?:v1\/)?projects\/\d+\/(?:files|urls|copy|users)\.json|copy\/\d+\/revisions\.json)$/;
/** The routes the interface gives, and their methods. */
const ROUTES: Array<[RegExp, string[]]> = [
  [/^\/projects\.json$/, ["GET", "POST"]],
  [/^\/projects\/[^/]+\.json$/, ["GET", "PATCH", "DELETE"]],
  [/^\/v1\/projects\/[^/]+\/files\.json$/, ["GET"]],
  [/^\/projects\/[^/]+\/(?:urls|copy)\.json$/, ["GET"]],
  [/^\/copy\/[^/]+\/revisions\.json$/, ["GET"]],
  [/^\/projects\/[^/]+\/users\.json$/, ["GET", "POST"]],
  [/^\/projects\/[^/]+\/users\/[^/]+\.json$/, ["DELETE"]],
  [/^\/organizations\.json$/, ["GET", "PATCH"]],
  [/^\/groups\.json$/, ["GET"]],
  [/^\/groups\/[^/]+\.json$/, ["GET"]],
];
const methodsOf = (path: string) => ROUTES.find(([pattern]) => pattern.test(path))?.[1];

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

const showsProjects = (request: Request) => {
  const path = pathOf(request);
  return (request.method === "GET" && (PROJECTS.test(path) || PROJECT.test(path))) || (request.method === "POST" && PROJECTS.test(path));
};

/** Whether the caller's view of project `id` says it belongs to the caller's organization. */
async function internalTo(inner: Handler, request: Request, id: string, key?: string): Promise<boolean> {
  const project = await inner(as(request, `/projects/${id}.json`, key));
  return project.status === 200 && ((await project.json()) as Json).ownership === "internal";
}

// ---------------------------------------------------------------------------------------------------
// The round.

export const BLIND_ROUND_2: BlindDefect[] = [
  // Projects: who sees and who deletes (four).
  {
    id: "project-visible-to-whole-organization",
    what: "Reading a project by id (and its users, files, urls and copy) is scoped to the tenant, `Project.where(organization: current_user.organization).find(id)`, instead of to the caller's memberships: any member of the company reads every project of the company by id, added to it or not (the list, a membership query, is right)",
    states: "Project list: Only projects the caller has been added to. / Retrieve a project: GET /projects/[id].json",
    source:
      "OWASP API1:2023 Broken Object Level Authorization (an object checked against the tenant, not the user); acts_as_tenant / Laravel global scopes as the only scope; CWE-639 Authorization Bypass Through User-Controlled Key",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const read = request.method === "GET" ? (PROJECT.exec(path) ?? PROJECT_PART.exec(path)) : null;
      const fresh = await inner(request);
      if (!read || fresh.status !== 404 || callerOf(request) === undefined) return fresh;
      for (const key of colleagueKeys(request)) {
        if (!(await internalTo(inner, request, read[1]!, key))) continue;
        const leaked = await inner(await again(request, { key }));
        if (leaked.status !== 200) continue;
        hit();
        return leaked;
      }
      return fresh;
    },
  },
  {
    id: "project-list-cache-shared-between-callers",
    what: "The project list is cached by a response cache keyed on the URL alone (path and query string; no Vary on Authorization), cleared on every write: the second caller to ask for the same page gets the first caller's projects",
    states: "Project list: Only projects the caller has been added to.",
    source:
      "CWE-524 Use of Cache Containing Sensitive Information; OWASP WSTG-ATHN-06 Testing for Browser Cache Weaknesses; RFC 9111 section 4.1 (Vary) and 3.5 (storing responses to authenticated requests)",
    wrap: (inner, hit) => {
      const cache = new Map<string, string>(); // URL → body
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        if (request.method !== "GET" && response.status >= 200 && response.status < 300) cache.clear();
        if (request.method !== "GET" || !PROJECTS.test(path) || response.status !== 200) return response;
        const url = new URL(request.url);
        const entry = `${url.pathname}${url.search}`;
        const cached = cache.get(entry);
        if (cached === undefined) {
          cache.set(entry, await response.clone().text());
          return response;
        }
        if (cached === (await response.clone().text())) return response;
        hit();
        return rebody(response, JSON.parse(cached));
      };
    },
  },
  {
    id: "head-skips-project-visibility",
    what: "The framework answers HEAD with the GET handler (Spring MVC's @GetMapping, Rails' routes), but the membership rule is written for GET only (`requestMatchers(HttpMethod.GET, \"/projects/**\")`): HEAD is checked for authentication alone, so HEAD /projects/{id}.json (or its users, files, urls, copy) answers 200 for any existing project",
    states: "Project list: Only projects the caller has been added to. / Retrieve a project: GET /projects/[id].json",
    source:
      "RFC 9110 section 9.3.2 (HEAD is GET without content); OWASP WSTG-ATHZ-02 Testing for Bypassing Authorization Schema (HTTP verb tampering); CVE-2010-0738 (JBoss JMX console, HEAD past a GET-only constraint)",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const faithful = await inner(request);
      if (request.method !== "HEAD" || !methodsOf(path)?.includes("GET") || callerOf(request) === undefined) return faithful;
      let got = await inner(await again(request, { method: "GET" }));
      const part = PROJECT.exec(path) ?? PROJECT_PART.exec(path);
      if (part && got.status === 404)
        for (const key of otherKeys(request)) {
          const other = await inner(await again(request, { method: "GET", key }));
          if (other.status !== 200) continue;
          got = other;
          break;
        }
      const answer = new Response(null, { status: got.status, headers: got.headers });
      if (await differ(answer, faithful)) hit();
      return answer;
    },
  },
  {
    id: "delete-allowed-to-any-colleague",
    what: "The delete policy reads `project.organization_id == user.organization_id || project.creator_id == user.id`: the company check lost its role condition in a refactor, so any member of the project's company (a Viewer, an Editor) deletes the project",
    states: "Delete a project … Only a company administrator or the project creator may delete.",
    source: "OWASP API5:2023 Broken Function Level Authorization; CWE-285 Improper Authorization",
    wrap: (inner, hit) => async (request) => {
      const match = request.method === "DELETE" ? PROJECT.exec(pathOf(request)) : null;
      const faithful = await inner(request);
      if (!match || faithful.status !== 403 || !(await internalTo(inner, request, match[1]!))) return faithful;
      for (const key of otherKeys(request)) {
        const deleted = await inner(await again(request, { key }));
        if (deleted.status !== 204) continue;
        hit();
        return deleted;
      }
      return faithful;
    },
  },

  // Projects: what is stored and shown (three).
  {
    id: "description-column-255-truncates",
    what: "The migration declared `description` as `string` (VARCHAR(255)) while the validator allows 1,000 characters, and MySQL runs without strict mode: a description longer than 255 characters is accepted and silently cut to 255",
    states:
      "Create a project: POST /projects.json — `description` (string, max 1,000 chars) / Limits: Project description — 1,000 characters",
    source:
      "MySQL Reference Manual, Server SQL Modes (without STRICT_TRANS_TABLES a too-long value is truncated with a warning); Rails migrations, `string` is VARCHAR(255); CWE-197 Numeric Truncation Error (its kind for text)",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      if (!(request.method === "POST" && PROJECTS.test(path)) && !(request.method === "PATCH" && PROJECT.test(path))) return inner(request);
      const body = await objectBody(request);
      const description = body?.description;
      if (typeof description !== "string" || characters(description) <= 255 || characters(description) > 1000) return inner(request);
      const cut = { ...body, description: [...description].slice(0, 255).join("") };
      const answer = await inner(await again(request, { body: JSON.stringify(cut) }));
      if (answer.status >= 200 && answer.status < 300) hit();
      return answer;
    },
  },
  {
    id: "written-timestamps-without-offset",
    what: "The API's write path stamps `created` and `modified` with `datetime.utcnow().isoformat()`, a naive datetime: projects created or updated through the API show timestamps without a UTC offset (`2026-12-02T07:00:00`), while rows imported with their zone keep theirs",
    states: "Conventions: `datetime` is an ISO 8601 timestamp with a UTC offset",
    source:
      "Python documentation, datetime.utcnow() (returns a naive datetime; deprecated since 3.12 for that reason); RFC 3339 section 5.6 (time-offset is required)",
    wrap: (inner, hit) => {
      const created = new Set<number>();
      const modified = new Set<number>();
      const naive = (at: unknown) => (typeof at === "string" ? at.replace(/(?:Z|[+-]\d\d:\d\d)$/i, "") : at);
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        if (request.method === "POST" && PROJECTS.test(path) && response.status === 201) created.add(((await jsonOf(response)) as Item).id);
        const patched = request.method === "PATCH" ? PROJECT.exec(path) : null;
        if (patched && response.status === 204) modified.add(Number(patched[1]));
        if (!showsProjects(request)) return response;
        return rewriteItems(
          response,
          (project) => {
            const before = JSON.stringify(project);
            if (created.has(project.id)) project.created = naive(project.created);
            if (created.has(project.id) || modified.has(project.id)) project.modified = naive(project.modified);
            return JSON.stringify(project) !== before;
          },
          hit,
        );
      };
    },
  },
  {
    id: "offset-past-end-gives-last-page",
    what: "The lists page with Django's Paginator.get_page(offset // limit + 1), which answers the last page for a page number past the end: an `offset` beyond the last item returns the last page's items again instead of an empty array",
    states:
      "Pagination: every list endpoint … takes query parameters `offset` (int, default 0) and `limit` (int, default 30) and returns a JSON array.",
    source: "Django documentation, Paginator.get_page() (a page number out of range returns the last page)",
    wrap: (inner, hit) => async (request) => {
      const path = pathOf(request);
      const fresh = await inner(request);
      const page = pageOf(request);
      if (request.method !== "GET" || !LISTS.test(path) || fresh.status !== 200 || !page || page.offset === 0) return fresh;
      if (((await jsonOf(fresh)) as unknown[]).length > 0) return fresh;
      const everything = await wholeList(inner, request, path);
      if (!everything?.length) return fresh;
      const last = Math.ceil(everything.length / page.limit) - 1;
      return listed(fresh, everything, { offset: last * page.limit, limit: page.limit }, hit);
    },
  },

  // Serialization (one, everywhere).
  {
    id: "null-fields-omitted",
    what: "The JSON mapper is configured to leave out null properties (Jackson's `default-property-inclusion: non_null`, set to shrink responses): a project never modified has no `modified`, and a project user's profile lacks every field that is null",
    states:
      "`modified` is null when the record was never modified / Profile object fields, all strings and nullable: `first_name`, `last_name`, `initials`, `job_title`, `bio`, `work_phone`, `mobile_phone`.",
    source:
      "Spring Boot reference, spring.jackson.default-property-inclusion; Jackson JsonInclude.Include.NON_NULL; RFC 8259 section 3 (null is a value)",
    wrap: (inner, hit) => {
      const drop = (value: unknown): boolean => {
        if (Array.isArray(value)) return value.map(drop).some(Boolean);
        if (value === null || typeof value !== "object") return false;
        let dropped = false;
        for (const [name, field] of Object.entries(value)) {
          if (field === null) {
            delete (value as Json)[name];
            dropped = true;
          } else dropped = drop(field) || dropped;
        }
        return dropped;
      };
      return async (request) => {
        const response = await inner(request);
        if ((response.status !== 200 && response.status !== 201) || !JSON_TYPE.test(response.headers.get("content-type") ?? ""))
          return response;
        const body = await jsonOf(response);
        if (!drop(body)) return response;
        hit();
        return rebody(response, body);
      };
    },
  },

  // Assets (two).
  {
    id: "copy-revisions-of-any-project",
    what: "The revisions endpoint loads `Copy.find(params[:id])` and renders its revisions; unlike the project's own routes it never goes through the membership check, so the revisions of any copy are read by its id",
    states: "Project list: Only projects the caller has been added to. / Retrieve copy revisions: GET /copy/[id]/revisions.json",
    source: "OWASP API1:2023 Broken Object Level Authorization; OWASP WSTG-ATHZ-04 Testing for Insecure Direct Object References; CWE-639",
    wrap: (inner, hit) => async (request) => {
      const fresh = await inner(request);
      if (request.method !== "GET" || !REVISIONS.test(pathOf(request)) || fresh.status !== 404 || callerOf(request) === undefined)
        return fresh;
      for (const key of otherKeys(request)) {
        const leaked = await inner(await again(request, { key }));
        if (leaked.status !== 200) continue;
        hit();
        return leaked;
      }
      return fresh;
    },
  },
  {
    id: "files-offset-ignored",
    what: "Files are listed from the object store, whose listing pages by continuation token: the handler passes `limit` on as MaxKeys and drops `offset`, so every page of the files list is its first",
    states: "Assets: All four take `offset` and `limit`.",
    source:
      "Amazon S3 API Reference, ListObjectsV2 (MaxKeys and ContinuationToken, no offset); OWASP API4:2023 (pagination not enforced as described)",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const page = pageOf(request);
      if (request.method !== "GET" || !FILES.test(url.pathname) || !page || page.offset === 0) return inner(request);
      const faithful = await inner(request);
      url.searchParams.delete("offset");
      const answer = await inner(await again(request, { url: url.href }));
      if (!(await differ(answer, faithful))) return faithful;
      hit();
      return answer;
    },
  },

  // Project users (five).
  {
    id: "concurrent-adds-lose-one",
    what: "A project's members are kept in an array column, and adding one reads the array, appends and writes it back without a lock or a version: of two adds to the same project in flight at once, the later write wins and the first user added is lost, though both were answered 201",
    states: "Users can be added to and removed from a project. / Add a user: POST /projects/[id]/users.json … 201",
    source:
      "CWE-362 Race Condition; CWE-367 Time-of-check Time-of-use; Rails Guides, Active Record optimistic locking (lock_version) — the lost update it prevents",
    wrap: (inner, hit) => {
      const inFlight = new Map<string, Set<{ lost: boolean }>>();
      return async (request) => {
        const adding = request.method === "POST" ? USERS.exec(pathOf(request)) : null;
        if (!adding) return inner(request);
        const project = adding[1]!;
        const peers = inFlight.get(project) ?? new Set();
        inFlight.set(project, peers);
        const me = { lost: false };
        for (const peer of peers) peer.lost = true; // this write lands after theirs
        peers.add(me);
        try {
          const before = await wholeList(inner, request, `/projects/${project}/users.json`);
          const response = await inner(request);
          if (!me.lost || response.status !== 201 || !before) return response;
          const id = ((await jsonOf(response)) as Item).id;
          if (before.some((u) => u.id === id)) return response;
          const removed = await inner(as(request, `/projects/${project}/users/${id}.json`, undefined, "DELETE"));
          if (removed.status === 204) hit();
          return response;
        } finally {
          peers.delete(me);
        }
      };
    },
  },
  {
    id: "removal-drops-user-from-every-project",
    what: "Removing a user runs `Membership.where(user_id: params[:user_id]).destroy_all`: the condition on the project of the URL was lost when the route was nested, so the user is removed from every project they belong to (but those they created, guarded by a callback)",
    states: "Remove a user: DELETE /projects/[id]/users/[id].json (first id the project, second the user)",
    source:
      "CWE-20 Improper Input Validation (a nested route's parent id ignored); Rails Guides, Nested resources; OWASP API1:2023 (an operation on objects not named)",
    wrap: (inner, hit) => async (request) => {
      const removal = request.method === "DELETE" ? USER.exec(pathOf(request)) : null;
      const response = await inner(request);
      if (!removal || response.status !== 204) return response;
      const [, project, user] = removal;
      const seen = new Set<number>([Number(project)]);
      for (const key of KEYS)
        for (const other of (await wholeList(inner, request, "/projects.json", key)) ?? []) {
          if (seen.has(other.id)) continue;
          seen.add(other.id);
          const members = await wholeList(inner, request, `/projects/${other.id}/users.json`, key);
          if (!members?.some((u) => String(u.id) === user)) continue;
          for (const remover of [keyOf(request)!, ...otherKeys(request)]) {
            const removed = await inner(as(request, `/projects/${other.id}/users/${user}.json`, remover, "DELETE"));
            if (removed.status === 204) hit();
            if (removed.status === 204 || removed.status === 409) break;
          }
        }
      return response;
    },
  },
  {
    id: "creator-missing-from-users-list",
    what: "The creator's access to a project comes from `creator_id`, not from a membership row; the users list reads the membership rows only, so a project's creator is not among its users (unless added again by hand)",
    states: "Create a project … The caller is automatically added as a project member. / Project user: A person with access to a project",
    source:
      "CWE-1025 Comparison Using Wrong Factors (two sources of one fact); OWASP API3:2023 (responses that do not match the object's real state)",
    wrap: (inner, hit) => {
      const creatorOf = new Map<string, number>();
      return async (request) => {
        const path = pathOf(request);
        const response = await inner(request);
        const caller = callerOf(request);
        if (request.method === "POST" && PROJECTS.test(path) && response.status === 201 && caller !== undefined)
          creatorOf.set(String(((await jsonOf(response)) as Item).id), caller);
        const users = USERS.exec(path);
        if (!users || !creatorOf.has(users[1]!)) return response;
        if (request.method === "POST") {
          if (response.status === 201 && ((await jsonOf(response)) as Item).id === creatorOf.get(users[1]!)) creatorOf.delete(users[1]!);
          return response;
        }
        const page = pageOf(request);
        if (request.method !== "GET" || response.status !== 200 || !page) return response;
        const everyone = await wholeList(inner, request, path);
        return everyone
          ? listed(
              response,
              everyone.filter((u) => u.id !== creatorOf.get(users[1]!)),
              page,
              hit,
            )
          : response;
      };
    },
  },
  {
    id: "invited-account-gets-default-group",
    what: "Inviting an unknown address creates the account with `User.create!(email:)`, which takes the column's default group, Viewer; the grant of full administrator access lives in the web sign-up controller, which the API does not go through",
    states:
      "Rules for adding: 3. When the email has no existing account, a separate new account with full administrator access is created and added.",
    source:
      "OWASP WSTG-BUSL-01 Test Business Logic Data Validation; CWE-1188 Insecure Default Initialization of Resource (its inverse: a default that contradicts the rule)",
    wrap: (inner, hit) => {
      const invited = new Set<number>();
      const demote = (user: Item) => {
        if (!invited.has(user.id) || user.group_name !== "Administrator") return false;
        user.group_name = "Viewer";
        return true;
      };
      return async (request) => {
        const path = pathOf(request);
        const byEmail = request.method === "POST" && typeof (await objectBody(request))?.email === "string";
        const response = await inner(request);
        if (!USERS.test(path) || !(request.method === "GET" || request.method === "POST")) return response;
        if (byEmail && response.status === 201) {
          const id = ((await jsonOf(response)) as Item).id;
          if (!SEED_USER_IDS.has(id)) invited.add(id);
        }
        return rewriteItems(response, demote, hit);
      };
    },
  },
  {
    id: "add-by-email-looks-in-caller-organization",
    what: "Adding by email looks the address up through the tenant-scoped User model (`current_organization.users.find_by(email:)`): an existing account of another organization — the partner the interface says to add by email — is not found, and a second, new account is created for the address and added instead",
    states: "Rules for adding: 2. When the email belongs to an existing account, that user is added to the project.",
    source:
      "acts_as_tenant / Laravel global scopes applied to a lookup that must cross tenants; CWE-706 Use of Incorrectly-Resolved Name or Reference",
    wrap: (inner, hit) => {
      const accounts = new Map(SEED.users.map((u) => [u.email.toLowerCase(), u.organization])); // address → organization
      const shown = new Map<number, string>(); // a duplicate account → the address it was made for
      let made = 0;
      const showAddress = (user: Item) => {
        const address = shown.get(user.id);
        if (address === undefined) return false;
        user.email = address;
        return true;
      };
      return async (request) => {
        const path = pathOf(request);
        const adding = request.method === "POST" ? USERS.exec(path) : null;
        const body = adding ? await objectBody(request) : undefined;
        const email = typeof body?.email === "string" && Object.keys(body).length === 1 ? body.email : undefined;
        if (adding && email !== undefined) {
          const known = accounts.has(email.toLowerCase());
          if (known && accounts.get(email.toLowerCase()) !== organizationOf(callerOf(request))) {
            const [local, domain] = [email.slice(0, email.lastIndexOf("@")), email.slice(email.lastIndexOf("@") + 1)];
            const alias = `${local}.duplicate${++made}@${domain}`;
            const response = await inner(await again(request, { body: JSON.stringify({ email: alias }) }));
            if (response.status !== 201) return response;
            shown.set(((await jsonOf(response)) as Item).id, email);
            return rewriteItems(response, showAddress, hit);
          }
          const response = await inner(request);
          if (response.status === 201 && !known) accounts.set(email.toLowerCase(), null); // an account made by invitation
          return response;
        }
        const response = await inner(request);
        return request.method === "GET" && USERS.test(path) ? rewriteItems(response, showAddress, hit) : response;
      };
    },
  },

  // The organization (three).
  {
    id: "organization-saved-before-refusal",
    what: "The update handler assigns the body and saves the organization, then asks the policy whether the caller may update (`org.update(params); authorize! org`), answering its 403: a member who is not an administrator is refused, yet the change is kept",
    states: "Update organization … Only a company administrator may update.",
    source: "CWE-696 Incorrect Behavior Order; OWASP API5:2023 Broken Function Level Authorization",
    wrap: (inner, hit) => async (request) => {
      const response = await inner(request.clone());
      if (request.method !== "PATCH" || !ORGANIZATION.test(pathOf(request)) || response.status !== 403) return response;
      for (const key of colleagueKeys(request)) {
        const applied = await inner(await again(request, { key }));
        if (applied.status === 204) {
          hit();
          break;
        }
        if (applied.status !== 403) break;
      }
      return response;
    },
  },
  {
    id: "organization-modified-not-touched-by-address",
    what: "The address is its own record (`has_one :address`) saved through the organization without `touch: true`: an update that changes only the address changes the address's updated_at, and the organization's `modified` stays what it was",
    states: "Organization: modified — datetime — Date last modified",
    source: "Rails API documentation, belongs_to option :touch (the parent's updated_at is not changed without it); CWE-1025 (its kind)",
    wrap: (inner, hit) => {
      const stale = new Map<unknown, { modified?: unknown }>(); // organization → the `modified` it keeps showing
      return async (request) => {
        if (!ORGANIZATION.test(pathOf(request))) return inner(request);
        const organization = organizationOf(callerOf(request));
        if (request.method === "PATCH") {
          const body = await objectBody(request);
          const before = await inner(as(request, "/organizations.json"));
          const response = await inner(request);
          if (response.status !== 204 || !body) return response;
          if (Object.keys(body).join() !== "address") stale.delete(organization);
          else if (!stale.has(organization) && before.status === 200) {
            const { modified } = (await before.json()) as Json;
            stale.set(organization, modified === undefined ? {} : { modified });
          }
          return response;
        }
        const response = await inner(request);
        const kept = stale.get(organization);
        if (request.method !== "GET" || response.status !== 200 || !kept) return response;
        const body = (await jsonOf(response)) as Json;
        if (body.modified === kept.modified) return response;
        if ("modified" in kept) body.modified = kept.modified;
        else delete body.modified;
        hit();
        return rebody(response, body);
      };
    },
  },
  {
    id: "organization-read-by-id-parameter",
    what: "The organization controller is shared with the back office and reads `Organization.find(params[:id] || current_user.organization_id)`: GET /organizations.json?id=2 (or `organization_id=2`) answers another organization",
    states:
      "Access an organization: Only the caller's own. / The caller can read and update their own organization … no other organization is reachable.",
    source:
      "OWASP WSTG-ATHZ-04 Testing for Insecure Direct Object References; OWASP API1:2023; CWE-639 Authorization Bypass Through User-Controlled Key",
    wrap: (inner, hit) => async (request) => {
      const query = new URL(request.url).searchParams;
      const asked = query.get("id") ?? query.get("organization_id");
      const fresh = await inner(request);
      if (request.method !== "GET" || !ORGANIZATION.test(pathOf(request)) || fresh.status !== 200 || !asked || !/^\d+$/.test(asked))
        return fresh;
      if (Number(asked) === organizationOf(callerOf(request))) return fresh;
      const key = KEYS.find((k) => organizationOfKey(k) === Number(asked));
      const answer = key ? await inner(await again(request, { key })) : notFound();
      if (!(await differ(answer, fresh))) return fresh;
      hit();
      return answer;
    },
  },

  // Groups (one).
  {
    id: "groups-list-only-callers-group",
    what: "The groups list renders `current_user.groups` (the association the profile page uses) instead of `Group.all`: each caller sees only the group they are in",
    states: "List groups: GET /groups.json — 200, array of all Groups",
    source: "CWE-1025 Comparison Using Wrong Factors (the wrong collection); OWASP API3:2023 (responses that do not match the real state)",
    wrap: (inner, hit) => async (request) => {
      const response = await inner(request);
      const group = GROUP_OF.get(callerOf(request) ?? -1);
      if (request.method !== "GET" || !GROUPS.test(pathOf(request)) || response.status !== 200 || group === undefined) return response;
      const groups = (await jsonOf(response)) as Item[];
      const mine = groups.filter((g) => g.name === group);
      if (mine.length === groups.length) return response;
      hit();
      return rebody(response, mine);
    },
  },

  // Every route (one).
  {
    id: "unrouted-requests-answer-html",
    what: "Requests that match no route or use a method the route lacks are answered by the framework's own fallback, not by the API's error handler: an HTML page (`Cannot PUT /projects/48213.json`, the Whitelabel Error Page) with Content-Type text/html",
    states: "All paths are relative to {base_url}. All bodies are JSON.",
    source:
      "Express documentation, FAQ: How do I handle 404 responses (the default finalhandler answers HTML); Spring Boot reference, Whitelabel error page; OWASP WSTG-ERRH-01 Testing for Improper Error Handling",
    wrap: (inner, hit) => async (request) => {
      const response = await inner(request);
      const path = pathOf(request);
      const methods = methodsOf(path);
      const unrouted = response.status === 405 || (response.status === 404 && methods === undefined);
      if (!unrouted || request.method === "HEAD" || methods?.includes(request.method)) return response;
      hit();
      const title = response.status === 405 ? "405 Method Not Allowed" : "404 Not Found";
      return new Response(
        `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Error</title></head>\n<body><pre>Cannot ${request.method} ${path}</pre><!-- ${title} --></body>\n</html>\n`,
        { status: response.status, headers: { "content-type": "text/html; charset=utf-8", "x-content-type-options": "nosniff" } },
      );
    },
  },
];
