// Application-layer defects of our own making (issue 52, item 8): what an implementer of the service gets
// wrong above HTTP — ownership and tenancy, identity taken from the request, caches, soft deletes,
// callbacks, queries written twice, mass assignment — each put around the faithful (documented-only)
// stand-in, each citing the public source of the kind of defect it is. Written from those sources, not
// from the checker's checks: `npm run mutation:app` scores the checker against them (app-layer-mutants.mjs),
// test/conformance-levels/app-layer.test.ts runs a sample.
import { DEFAULT_API_KEYS, EXAMPLE_USERS } from "../../src/sandbox/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import type { Hit } from "./http-layer-operators.js";

type Json = Record<string, unknown>;

export interface AppDefect {
  id: string;
  /** The defect, as an implementer would write it. */
  what: string;
  /** The public source of this kind of defect. */
  source: string;
  wrap: (inner: Handler, hit: Hit) => Handler;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const pathOf = (request: Request) => new URL(request.url).pathname;
const PROJECT = /^\/projects\/(\d+)\.json$/;
const PROJECT_ANY = /^\/(?:v1\/)?projects\/(\d+)(?:\.json|\/)/;
const USERS = /^\/projects\/(\d+)\/users\.json$/;
const USER = /^\/projects\/(\d+)\/users\/(\d+)\.json$/;
const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const keyOf = (request: Request) => {
  try {
    return atob((request.headers.get("authorization") ?? "").replace(/^Basic /, "")).replace(/:$/, "");
  } catch {
    return "";
  }
};
const KEYS = Object.keys(DEFAULT_API_KEYS);
/** The example seed's company administrator (the run's key). */
const ADMIN_KEY = KEYS.find((key) => DEFAULT_API_KEYS[key] === EXAMPLE_USERS.admin)!;
const keyOfUser = (id: number | string | null) => KEYS.find((key) => String(DEFAULT_API_KEYS[key]) === String(id));
const ok = (response: Response) => response.status >= 200 && response.status < 300;

/** The request again, sent as `key` (a server that decided who the caller is from something else). */
async function as(request: Request, key: string | null, url = request.url): Promise<Request> {
  const headers = new Headers(request.headers);
  if (key === null) headers.delete("authorization");
  else headers.set("authorization", basic(key));
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.clone().text();
  return new Request(url, { method: request.method, headers, ...(body !== undefined && { body }) });
}

/** The request again with another JSON body (what a framework passes on once it took its part out). */
const withBody = (request: Request, body: unknown) =>
  new Request(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(body) });

/** The request served as `key` would be (the defect at work), counted as a hit. */
async function servedAs(inner: Handler, request: Request, key: string, hit: Hit): Promise<Response> {
  hit();
  return inner(await as(request, key));
}

/** The request's answer for the first key of the seed for which it succeeds (a check that is not there),
 * counted as a hit; `answer` when it succeeds for no one. */
async function servedToAnyone(inner: Handler, request: Request, answer: Response, hit: Hit): Promise<Response> {
  for (const key of KEYS) {
    const leaked = await inner(await as(request, key));
    if (!ok(leaked)) continue;
    hit();
    return leaked;
  }
  return answer;
}

/** The request's JSON body (undefined when it has none or it is not JSON). */
const bodyOf = (request: Request) =>
  request
    .clone()
    .json()
    .catch(() => undefined) as Promise<Json | undefined>;

/** A read of the project list or of one project with `field` of each project in `kept` (by id) served
 * as kept: a value the server stored apart from the record the other routes read. */
async function withKept(request: Request, answer: Response, field: string, kept: Map<string, unknown>): Promise<Response> {
  if (request.method !== "GET" || answer.status !== 200 || !/^\/projects(\/\d+)?\.json$/.test(pathOf(request)) || kept.size === 0)
    return answer;
  const body = (await answer.json()) as Json | Json[];
  const fix = (p: Json) => (kept.has(String(p.id)) ? { ...p, [field]: kept.get(String(p.id)) } : p);
  return json(200, Array.isArray(body) ? body.map(fix) : fix(body));
}

/** The project list's page the request asks for, drawn from every project the keys `listed` admits can
 * list (read page by page as each); a hit when it is not the page the caller is served. */
async function pageOfProjectsListedBy(
  inner: Handler,
  request: Request,
  listed: (key: string) => Promise<boolean>,
  hit: Hit,
): Promise<Response> {
  const url = new URL(request.url);
  const seen = new Map<number, Json>();
  for (const key of KEYS) {
    if (!(await listed(key))) continue;
    for (let at = 0; ; at += 100) {
      const page = await inner(
        new Request(`${url.origin}/projects.json?offset=${at}&limit=100`, { headers: { authorization: basic(key) } }),
      );
      if (!ok(page)) break;
      const items = (await page.json()) as Json[];
      for (const item of items) seen.set(item.id as number, item);
      if (items.length < 100) break;
    }
  }
  const own = await inner(request.clone());
  const all = [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const page = all.slice(offset, offset + Number(url.searchParams.get("limit") ?? 30));
  if (JSON.stringify(page) !== JSON.stringify(ok(own) ? await own.json() : null)) hit();
  return json(200, page);
}

/** The organization a key reads as its own. */
async function organizationOf(inner: Handler, origin: string, key: string): Promise<unknown> {
  const read = await inner(new Request(`${origin}/organizations.json`, { headers: { authorization: basic(key) } }));
  return ok(read) ? ((await read.json()) as Json).id : undefined;
}

export const APP_LAYER_DEFECTS: AppDefect[] = [
  {
    id: "get-not-filtered",
    what: "the project list is filtered by membership, a project read by id is not",
    source: "OWASP API Security Top 10 2023, API1 Broken Object Level Authorization (an endpoint that takes an object id checks nothing)",
    wrap: (inner, hit) => async (request) => {
      const answer = await inner(request.clone());
      if (request.method !== "GET" || !PROJECT.test(pathOf(request)) || answer.status !== 404 || !keyOf(request)) return answer;
      return servedToAnyone(inner, request, answer, hit);
    },
  },
  {
    id: "sub-resources-not-filtered",
    what: "a project's users, files, urls and copy are served to any caller with a key (the check sits on the project route only)",
    source: "OWASP API Security Top 10 2023, API1 (child objects reached through a parent id the caller may not read)",
    wrap: (inner, hit) => async (request) => {
      const answer = await inner(request.clone());
      const path = pathOf(request);
      if (request.method !== "GET" || PROJECT.test(path) || !PROJECT_ANY.test(path) || answer.status !== 404 || !keyOf(request))
        return answer;
      return servedToAnyone(inner, request, answer, hit);
    },
  },
  {
    id: "tenant-check-not-membership",
    what: "reading a project checks that its creator is of the caller's organization, not that the caller was added to it",
    source: "OWASP WSTG v4.2, WSTG-ATHZ-04 Testing for Insecure Direct Object References (a tenant check standing in for an object check)",
    wrap: (inner, hit) => async (request) => {
      const answer = await inner(request.clone());
      const match = PROJECT_ANY.exec(pathOf(request));
      if (request.method !== "GET" || !match || answer.status !== 404 || !keyOf(request)) return answer;
      const origin = new URL(request.url).origin;
      const mine = await organizationOf(inner, origin, keyOf(request));
      for (const key of KEYS) {
        if (key === keyOf(request) || (await organizationOf(inner, origin, key)) !== mine) continue;
        const leaked = await inner(await as(request, key));
        if (!ok(leaked)) continue;
        hit();
        return leaked;
      }
      return answer;
    },
  },
  {
    id: "list-honours-user-id",
    what: "the project list takes ?user_id= (an admin screen's filter left on the public route) and lists that user's projects",
    source: "OWASP API Security Top 10 2023, API1 (a user id in the query names whose objects are returned)",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const user = url.searchParams.get("user_id");
      const key = keyOfUser(user);
      if (request.method !== "GET" || url.pathname !== "/projects.json" || !key || !keyOf(request)) return inner(request);
      return servedAs(inner, request, key, hit);
    },
  },
  {
    id: "impersonation-header",
    what: "a header naming a user (X-User-Id, Impersonate-User, as a gateway sets them) is taken as the caller, whatever the key",
    source:
      "Kubernetes documentation, Authenticating: User impersonation (Impersonate-User); OWASP WSTG-ATHZ-02 Testing for Bypassing Authorization Schema",
    wrap: (inner, hit) => async (request) => {
      const named = request.headers.get("x-user-id") ?? request.headers.get("impersonate-user");
      const key = keyOfUser(named);
      if (!key || !keyOf(request)) return inner(request);
      return servedAs(inner, request, key, hit);
    },
  },
  {
    id: "no-key-trusts-remote-user",
    what: "without a key, the Remote-User / X-Remote-User header of an authenticating proxy is trusted (the proxy is not always in front)",
    source:
      "Grafana documentation, Configure auth proxy authentication (the header is trusted only from the proxy's address: whitelist); Apache mod_auth REMOTE_USER",
    wrap: (inner, hit) => async (request) => {
      const named = request.headers.get("x-remote-user") ?? request.headers.get("remote-user");
      const key = keyOfUser(named);
      if (!key || keyOf(request)) return inner(request);
      return servedAs(inner, request, key, hit);
    },
  },
  {
    id: "sudo-parameter",
    what: "?sudo=<user id> acts as that user for any caller (meant for administrators only)",
    source: "GitLab REST API documentation, Impersonation (the sudo parameter, administrators only)",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const key = keyOfUser(url.searchParams.get("sudo"));
      if (!key || !keyOf(request)) return inner(request);
      return servedAs(inner, request, key, hit);
    },
  },
  {
    id: "cache-keyed-without-user",
    what: "GET answers are cached for a few seconds by URL, not by URL and user",
    source:
      "Django documentation, Django's cache framework: Using Vary headers (a per-user page cached for everyone); OWASP WSTG-ATHN-06 Testing for Browser Cache Weaknesses",
    wrap: (inner, hit) => {
      const cache = new Map<string, { at: number; key: string; status: number; text: string; type: string }>();
      return async (request) => {
        if (request.method !== "GET") {
          cache.clear();
          return inner(request);
        }
        const entry = cache.get(request.url);
        if (entry && Date.now() - entry.at < 3_000) {
          if (entry.key !== keyOf(request)) hit();
          return new Response(entry.text, { status: entry.status, headers: { "content-type": entry.type } });
        }
        const answer = await inner(request);
        if (answer.status !== 200) return answer;
        const text = await answer.text();
        cache.set(request.url, { at: Date.now(), key: keyOf(request), status: 200, text, type: answer.headers.get("content-type") ?? "" });
        return new Response(text, { status: 200, headers: answer.headers });
      };
    },
  },
  {
    id: "removed-user-still-listed",
    what: "removing a user marks the membership removed; the users list forgets the flag (access is revoked)",
    source: "Laravel documentation, Eloquent: Soft Deleting (a query built without the soft-delete scope still returns the rows)",
    wrap: (inner, hit) => {
      const removed = new Map<string, Json[]>();
      return async (request) => {
        const path = pathOf(request);
        const user = USER.exec(path);
        if (request.method === "DELETE" && user) {
          const before = await inner(
            new Request(`${new URL(request.url).origin}/projects/${user[1]}/users.json?limit=100`, { headers: request.headers }),
          );
          const answer = await inner(request);
          if (ok(answer) && ok(before)) {
            const record = ((await before.json()) as Json[]).find((u) => String(u.id) === user[2]);
            if (record) removed.set(user[1]!, [...(removed.get(user[1]!) ?? []), record]);
          }
          return answer;
        }
        const users = USERS.exec(path);
        const answer = await inner(request);
        if (request.method !== "GET" || !users || answer.status !== 200 || !removed.has(users[1]!)) return answer;
        const list = (await answer.json()) as Json[];
        const extra = removed.get(users[1]!)!.filter((r) => !list.some((u) => u.id === r.id));
        if (extra.length) hit();
        const url = new URL(request.url);
        const limit = Number(url.searchParams.get("limit") ?? 30);
        return json(200, [...list, ...extra].slice(0, limit));
      };
    },
  },
  {
    id: "callback-rewrites-job-code",
    what: "a before-save callback derives job_code from the name whenever the name changes",
    source: "Ruby on Rails Guides, Active Record Callbacks (before_save runs on every save, whatever changed)",
    wrap: (inner, hit) => async (request) => {
      const match = PROJECT.exec(pathOf(request));
      if (request.method !== "PATCH" || !match) return inner(request);
      const body = await bodyOf(request);
      if (!body || typeof body.name !== "string" || "job_code" in body) return inner(request);
      hit();
      const job =
        body.name
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 8)
          .toUpperCase() || "JOB";
      return inner(withBody(request, { ...body, job_code: job }));
    },
  },
  {
    id: "update-skips-modified",
    what: "an update of the description alone is written with update_column, which skips the timestamp",
    source: "Ruby on Rails API documentation, ActiveRecord::Persistence#update_column (validations, callbacks and updated_at skipped)",
    wrap: (inner, hit) => {
      const kept = new Map<string, unknown>();
      return async (request) => {
        const match = PROJECT.exec(pathOf(request));
        if (request.method === "PATCH" && match) {
          const body = await bodyOf(request);
          const before = await inner(new Request(request.url, { headers: request.headers }));
          const answer = await inner(request);
          if (ok(answer) && ok(before) && body && Object.keys(body).join() === "description") {
            hit();
            kept.set(match[1]!, ((await before.json()) as Json).modified);
          } else if (ok(answer)) kept.delete(match[1]!);
          return answer;
        }
        return withKept(request, await inner(request), "modified", kept);
      };
    },
  },
  {
    id: "second-page-query-unfiltered",
    what: "the list's later pages come from a second query (written for the offset) that forgets the membership filter",
    source: "OWASP API Security Top 10 2023, API1; CWE-863 Incorrect Authorization (a filter applied on one code path of two)",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      if (request.method !== "GET" || url.pathname !== "/projects.json" || !(offset > 0) || !keyOf(request)) return inner(request);
      return pageOfProjectsListedBy(inner, request, async () => true, hit);
    },
  },
  {
    id: "mass-assignment-created-by",
    what: "PATCH binds every field of the body to the record (created_by among them)",
    source: "Ruby on Rails Security Guide, Mass Assignment; the GitHub public-key incident of March 2012 (rails/rails)",
    wrap: (inner, hit) => {
      const set = new Map<string, unknown>();
      return async (request) => {
        const match = PROJECT.exec(pathOf(request));
        if (request.method === "PATCH" && match) {
          const body = await bodyOf(request);
          if (!body || !("created_by" in body)) return inner(request);
          // The model binds what it does not know without a complaint: the properties it lists go to the
          // update, created_by to the record.
          const { id: _id, created: _c, modified: _m, ownership: _o, num_comments: _n, created_by, ...listed } = body;
          const access = await inner(new Request(request.url, { headers: request.headers }));
          if (!ok(access)) return inner(request);
          const answer = Object.keys(listed).length ? await inner(withBody(request, listed)) : new Response(null, { status: 204 });
          if (ok(answer)) {
            hit();
            set.set(match[1]!, created_by);
          }
          return answer;
        }
        return withKept(request, await inner(request), "created_by", set);
      };
    },
  },
  {
    id: "add-user-checks-target-not-caller",
    what: "adding a user checks that the user being added may manage users, not the caller",
    source: "CWE-863 Incorrect Authorization; OWASP WSTG-ATHZ-03 Testing for Privilege Escalation (the check made on the wrong subject)",
    wrap: (inner, hit) => async (request) => {
      const match = USERS.exec(pathOf(request));
      if (request.method !== "POST" || !match) return inner(request);
      const answer = await inner(request.clone());
      if (answer.status !== 403 && answer.status !== 404) return answer;
      const body = await bodyOf(request);
      const key = keyOfUser(typeof body?.user === "string" ? body.user : null);
      if (!key || !keyOf(request)) return answer;
      const retried = await inner(await as(request, key));
      if (ok(retried)) hit();
      return ok(retried) ? retried : answer;
    },
  },
  {
    id: "removed-user-may-still-write",
    what: "membership for writes is read from a per-user cache filled on first access and never cleared on removal",
    source:
      "OWASP ASVS 4.0, V3.3 / V4.1.3 (authorization decided from stale cached state); Spring Security reference, caching of authorities",
    wrap: (inner, hit) => {
      const had = new Set<string>();
      return async (request) => {
        const match = PROJECT_ANY.exec(pathOf(request));
        const answer = await inner(request.clone());
        if (!match) return answer;
        const who = `${match[1]} ${keyOf(request)}`;
        if (ok(answer)) had.add(who);
        if (request.method === "PATCH" && answer.status === 404 && had.has(who)) {
          return servedAs(inner, request, ADMIN_KEY, hit);
        }
        return answer;
      };
    },
  },
  {
    id: "deleted-project-users-readable",
    what: "deleting a project leaves its users, files and copy readable to its former users (the child rows are not deleted)",
    source: "Laravel documentation, Eloquent: Soft Deleting (related models are not soft deleted with their parent)",
    wrap: (inner, hit) => {
      const gone = new Map<string, Map<string, { status: number; text: string }>>();
      return async (request) => {
        const path = pathOf(request);
        const project = PROJECT.exec(path);
        if (request.method === "DELETE" && project) {
          const origin = new URL(request.url).origin;
          const kept = new Map<string, { status: number; text: string }>();
          for (const sub of [`/projects/${project[1]}/users.json`, `/projects/${project[1]}/copy.json`]) {
            const read = await inner(new Request(`${origin}${sub}`, { headers: request.headers }));
            if (ok(read)) kept.set(sub, { status: 200, text: await read.text() });
          }
          const answer = await inner(request);
          if (ok(answer)) gone.set(project[1]!, kept);
          return answer;
        }
        const any = PROJECT_ANY.exec(path);
        const stored = any && !PROJECT.test(path) && request.method === "GET" ? gone.get(any[1]!)?.get(path) : undefined;
        if (stored) {
          hit();
          return new Response(stored.text, { status: 200, headers: { "content-type": "application/json" } });
        }
        return inner(request);
      };
    },
  },
  {
    id: "forwarded-for-trusted",
    what: "a request whose X-Forwarded-For is a loopback or private address is served as the administrator (the internal network is trusted)",
    source:
      "OWASP WSTG v4.2, WSTG-ATHZ-02 Testing for Bypassing Authorization Schema (X-Forwarded-For and kin); Symfony documentation, How to Configure Symfony to Work behind a Load Balancer (trusted proxies)",
    wrap: (inner, hit) => async (request) => {
      const from = request.headers.get("x-forwarded-for") ?? request.headers.get("x-real-ip") ?? "";
      if (!/^(127\.|10\.|192\.168\.)/.test(from)) return inner(request);
      return servedAs(inner, request, ADMIN_KEY, hit);
    },
  },
  {
    id: "method-override-checked-as-read",
    what: "X-HTTP-Method-Override is honoured after authorization, which judged the request as the GET it was sent as",
    source:
      "Express documentation, method-override middleware (override applied before routing; authorization must see the overridden method)",
    wrap: (inner, hit) => async (request) => {
      const override = (
        request.headers.get("x-http-method-override") ??
        new URL(request.url).searchParams.get("_method") ??
        ""
      ).toUpperCase();
      if (request.method !== "GET" || !["DELETE", "PATCH", "POST"].includes(override)) return inner(request);
      const allowed = await inner(request.clone());
      if (!ok(allowed)) return allowed;
      return servedAs(inner, new Request(request.url, { method: override, headers: request.headers }), ADMIN_KEY, hit);
    },
  },
  {
    id: "mass-assignment-members",
    what: "createProject and updateProject bind a `members` (or `user_ids`) array in the body to the project's users",
    source: "OWASP API Security Top 10 2023, API3 Broken Object Property Level Authorization (mass assignment); CWE-915",
    wrap: (inner, hit) => async (request) => {
      const match = PROJECT.exec(pathOf(request));
      if (!(request.method === "PATCH" && match) && !(request.method === "POST" && pathOf(request) === "/projects.json"))
        return inner(request);
      const body = await bodyOf(request);
      const members = body && (body.members ?? body.user_ids);
      if (!body || !Array.isArray(members)) return inner(request);
      // The framework binds the relation apart: the record's own validation never sees it.
      const { members: _members, user_ids: _userIds, ...rest } = body;
      const answer = await inner(withBody(request, rest));
      if (!ok(answer)) return answer;
      const id = match ? match[1] : ((await answer.clone().json()) as Json).id;
      for (const user of members) {
        hit();
        await inner(
          await as(
            new Request(`${new URL(request.url).origin}/projects/${id}/users.json`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ user: String(user) }),
            }),
            ADMIN_KEY,
          ),
        );
      }
      return answer;
    },
  },
  {
    id: "body-id-authorizes",
    what: "an update authorizes the caller on the project named by the body's `id` when there is one, then writes the path's project",
    source:
      "OWASP API Security Top 10 2023, API1 (the object id checked is not the object id used); CWE-639 Authorization Bypass Through User-Controlled Key",
    wrap: (inner, hit) => async (request) => {
      const match = PROJECT.exec(pathOf(request));
      if (request.method !== "PATCH" || !match) return inner(request);
      const body = await bodyOf(request);
      if (!body || body.id === undefined || String(body.id) === match[1]) return inner(request);
      const may = await inner(new Request(`${new URL(request.url).origin}/projects/${body.id}.json`, { headers: request.headers }));
      if (!ok(may)) return inner(request);
      // The id was the server's to read: the record's own validation never sees it.
      const { id: _id, ...rest } = body;
      return servedAs(inner, withBody(request, rest), ADMIN_KEY, hit);
    },
  },
  {
    id: "administrator-lists-organization",
    what: "a company administrator's project list holds every project of its organization, added to it or not",
    source: "OWASP API Security Top 10 2023, API5 Broken Function Level Authorization (an administrator's view served on the user's route)",
    wrap: (inner, hit) => async (request) => {
      const url = new URL(request.url);
      if (request.method !== "GET" || url.pathname !== "/projects.json" || DEFAULT_API_KEYS[keyOf(request)] === undefined)
        return inner(request);
      const mine = await organizationOf(inner, url.origin, keyOf(request));
      if (keyOf(request) !== ADMIN_KEY) return inner(request);
      return pageOfProjectsListedBy(inner, request, async (key) => (await organizationOf(inner, url.origin, key)) === mine, hit);
    },
  },
  {
    id: "administrator-deletes-any-project",
    what: "deleting a project checks that the caller is a company administrator, not that the project is one it can see",
    source: "OWASP API Security Top 10 2023, API5 Broken Function Level Authorization (a role check standing in for an object check)",
    wrap: (inner, hit) => async (request) => {
      const answer = await inner(request.clone());
      if (request.method !== "DELETE" || !PROJECT.test(pathOf(request)) || ok(answer) || keyOf(request) !== ADMIN_KEY) return answer;
      return servedToAnyone(inner, request, answer, hit);
    },
  },
];
