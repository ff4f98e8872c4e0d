// Defects an implementer of the service could well write, none of them a check of the checker by name:
// each on top of the documented-only stand-in, one per server. The model-based checker must fail every
// one at the documented level (test/conformance-levels/levels.test.ts) — without being told which
// check should; the faithful stand-ins (documented-only, other-conventions) it must pass.
import type { Handler } from "./documented-only.js";
import { STAND_IN_KEY, STAND_IN_OWNER_KEY } from "./seed.js";

type Json = Record<string, unknown>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const pathOf = (request: Request) => new URL(request.url).pathname;
const PROJECT = /^\/projects\/(\d+)\.json$/;
const PROJECT_ANY = /^\/(?:v1\/)?projects\/(\d+)(?:\.json|\/)/;
const USERS = /^\/projects\/(\d+)\/users\.json$/;
const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const keyOf = (request: Request) => {
  const header = request.headers.get("authorization") ?? "";
  try {
    return atob(header.replace(/^Basic /, "")).replace(/:$/, "");
  } catch {
    return "";
  }
};

/** Rewrites the JSON body of 200/201 answers to requests `applies` picks. */
const mapSuccess =
  (h: Handler, applies: (request: Request) => boolean, change: (body: unknown, request: Request) => unknown): Handler =>
  async (request) => {
    const copy = request.clone();
    const response = await h(request);
    if (!applies(copy) || (response.status !== 200 && response.status !== 201)) return response;
    return json(response.status, change(await response.json(), copy));
  };
/** Applies `change` to every project record in a 200/201 answer (one, or a list). */
const eachProject = (body: unknown, change: (project: Json) => Json): unknown =>
  Array.isArray(body)
    ? body.map((p) => (p && typeof p === "object" && "title" in p ? change(p as Json) : p))
    : body && typeof body === "object" && "title" in body
      ? change(body as Json)
      : body;
const isProjectRead = (request: Request) => request.method === "GET" && /^\/projects(\/\d+)?\.json$/.test(pathOf(request));

export const REALISTIC_DEFECTS: Record<string, (h: Handler) => Handler> = {
  /** An update writes `created` again (a save that stamps both dates). */
  "update-rewrites-created": (h) => {
    const stamped = new Map<string, string>();
    return async (request) => {
      const match = PROJECT.exec(pathOf(request));
      const response = await h(request);
      if (request.method === "PATCH" && match && response.status === 204)
        stamped.set(match[1]!, new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"));
      if (!isProjectRead(request) || response.status !== 200) return response;
      return json(
        200,
        eachProject(await response.json(), (p) => (stamped.has(String(p.id)) ? { ...p, created: stamped.get(String(p.id)) } : p)),
      );
    };
  },
  /** PATCH replaces the project: what is not sent becomes empty. */
  "patch-replaces": (h) => async (request) => {
    if (request.method !== "PATCH" || !PROJECT.test(pathOf(request))) return h(request);
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Json;
    const full = { name: body.name, description: body.description ?? "", job_code: body.job_code ?? "" };
    if (full.name === undefined) delete (full as Json).name;
    return h(new Request(request.url, { method: "PATCH", headers: request.headers, body: JSON.stringify(full) }));
  },
  /** PATCH ignores `description`. */
  "patch-ignores-description": (h) => async (request) => {
    if (request.method !== "PATCH" || !PROJECT.test(pathOf(request))) return h(request);
    const { description: _d, ...rest } = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Json;
    if (Object.keys(rest).length === 0) return new Response(null, { status: 204 });
    return h(new Request(request.url, { method: "PATCH", headers: request.headers, body: JSON.stringify(rest) }));
  },
  /** A name of exactly 50 characters is refused (the limit checked with >=). */
  "name-limit-off-by-one": (h) => async (request) => {
    if (request.method === "POST" && pathOf(request) === "/projects.json") {
      const body = (await request
        .clone()
        .json()
        .catch(() => ({}))) as Json;
      if (typeof body.name === "string" && [...body.name].length >= 50) return json(400, { message: "name too long" });
    }
    return h(request);
  },
  /** A job code of 21 characters is taken, cut to 20. */
  "job-code-cut-not-refused": (h) => async (request) => {
    if (request.method === "POST" && pathOf(request) === "/projects.json") {
      const body = (await request
        .clone()
        .json()
        .catch(() => ({}))) as Json;
      if (typeof body.job_code === "string" && body.job_code.length > 20)
        return h(
          new Request(request.url, {
            method: "POST",
            headers: request.headers,
            body: JSON.stringify({ ...body, job_code: body.job_code.slice(0, 20) }),
          }),
        );
    }
    return h(request);
  },
  /** Text is stored HTML-escaped. */
  "html-escaped": (h) =>
    mapSuccess(h, isProjectRead, (body) =>
      eachProject(body, (p) => ({
        ...p,
        description: String(p.description).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
      })),
    ),
  /** Characters outside the BMP are lost on the way to the database (utf8 without mb4). */
  "astral-characters-lost": (h) =>
    mapSuccess(h, isProjectRead, (body) =>
      eachProject(body, (p) => ({ ...p, title: String(p.title).replace(/[\u{10000}-\u{10FFFF}]/gu, "?") })),
    ),
  /** A deleted project is still readable by id (a soft delete the reads forget). */
  "delete-is-soft": (h) => {
    const gone = new Map<string, unknown>();
    return async (request) => {
      const match = PROJECT.exec(pathOf(request));
      if (request.method === "GET" && match && gone.has(match[1]!)) return json(200, gone.get(match[1]!));
      if (request.method === "DELETE" && match) {
        const before = await h(new Request(request.url, { headers: request.headers }));
        const response = await h(request);
        if (response.status === 204 && before.status === 200) gone.set(match[1]!, await before.json());
        return response;
      }
      return h(request);
    };
  },
  /** A deleted project stays in its users' lists, where it was (the list query forgets the deleted flag). */
  "deleted-still-listed": (h) => {
    const gone: Array<{ record: Json; key: string }> = [];
    return async (request) => {
      const match = PROJECT.exec(pathOf(request));
      if (request.method === "DELETE" && match) {
        const before = await h(new Request(request.url, { headers: request.headers }));
        const response = await h(request);
        if (response.status === 204 && before.status === 200) gone.push({ record: (await before.json()) as Json, key: keyOf(request) });
        return response;
      }
      if (request.method !== "GET" || pathOf(request) !== "/projects.json") return h(request);
      const url = new URL(request.url);
      const all: Json[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await h(new Request(`${url.origin}/projects.json?offset=${offset}&limit=100`, { headers: request.headers }));
        if (page.status !== 200) return page;
        const items = (await page.json()) as Json[];
        all.push(...items);
        if (items.length < 100) break;
      }
      const mine = gone.filter((g) => g.key === keyOf(request)).map((g) => g.record);
      const merged = [...all, ...mine].sort((a, b) => Number(a.id) - Number(b.id));
      const offset = Number(url.searchParams.get("offset") ?? 0);
      return json(200, merged.slice(offset, offset + Number(url.searchParams.get("limit") ?? 30)));
    };
  },
  /** A removed user keeps reading the project (an access cache that is never cleared). */
  "removed-user-keeps-access": (h) => {
    const had = new Set<string>(); // "project key"
    return async (request) => {
      const match = PROJECT_ANY.exec(pathOf(request));
      const response = await h(request.clone());
      if (match && request.method === "GET" && response.status === 200) had.add(`${match[1]} ${keyOf(request)}`);
      if (match && request.method === "GET" && response.status === 404 && had.has(`${match[1]} ${keyOf(request)}`)) {
        return h(new Request(request.url, { headers: { authorization: basic(STAND_IN_KEY) } }));
      }
      return response;
    };
  },
  /** The project creator can be removed from the project. */
  "creator-removable": (h) => async (request) => {
    const response = await h(request.clone());
    if (request.method !== "DELETE" || !/\/users\/\d+\.json$/.test(pathOf(request)) || response.status < 400 || response.status === 404)
      return response;
    // Refused because it is the creator: take it out of the list ourselves from now on.
    return new Response(null, { status: 204 });
  },
  /** A user who was never added may update the project (the membership check sits on reads only). */
  "non-member-may-update": (h) => async (request) => {
    if (request.method !== "PATCH" || !PROJECT.test(pathOf(request))) return h(request);
    const response = await h(request.clone());
    if (response.status !== 404 && response.status !== 403) return response;
    return h(
      new Request(request.url, {
        method: "PATCH",
        headers: { "content-type": "application/json", authorization: basic(STAND_IN_KEY) },
        body: await request.text(),
      }),
    );
  },
  /** Any key at all may delete a project (the delete route forgot its authentication). */
  "delete-without-credential": (h) => async (request) => {
    if (request.method !== "DELETE" || !PROJECT.test(pathOf(request))) return h(request);
    const response = await h(request.clone());
    if (response.status !== 401) return response;
    return h(new Request(request.url, { method: "DELETE", headers: { authorization: basic(STAND_IN_KEY) } }));
  },
  /** The files list is served without a credential. */
  "files-without-credential": (h) => async (request) => {
    const response = await h(request.clone());
    if (request.method !== "GET" || !/\/files\.json$/.test(pathOf(request)) || response.status !== 401) return response;
    return h(new Request(request.url, { headers: { authorization: basic(STAND_IN_KEY) } }));
  },
  /** `created_by` is the caller's name, not the creator's. */
  "created-by-is-caller": (h) =>
    mapSuccess(h, isProjectRead, (body, request) =>
      eachProject(body, (p) => ({ ...p, created_by: keyOf(request) === STAND_IN_KEY ? p.created_by : "Lee Park" })),
    ),
  /** `modified` is set at creation (to `created`), not null. */
  "modified-set-on-create": (h) =>
    mapSuccess(
      h,
      (r) => r.method === "POST" || isProjectRead(r),
      (body) => eachProject(body, (p) => (p.modified === null ? { ...p, modified: p.created } : p)),
    ),
  /** Timestamps without a UTC offset. */
  "timestamps-without-offset": (h) =>
    mapSuccess(h, isProjectRead, (body) =>
      eachProject(body, (p) => ({ ...p, created: String(p.created).replace(/(Z|[+-]\d{2}:\d{2})$/, "") })),
    ),
  /** Timestamps written in local time (+01:00) but labelled UTC. */
  "timestamps-local-as-utc": (h) =>
    mapSuccess(
      h,
      (r) => r.method === "POST" || isProjectRead(r),
      (body) =>
        eachProject(body, (p) => ({
          ...p,
          created: new Date(Date.parse(String(p.created)) + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+00:00"),
        })),
    ),
  /** Ids written as decimals (12.0), as a float column serializes them. */
  "ids-as-decimals": (h) => async (request) => {
    const response = await h(request);
    if (response.status !== 200 && response.status !== 201) return response;
    const text = await response.text();
    return new Response(text.replace(/"id":(\d+)/g, '"id":$1.0'), { status: response.status, headers: response.headers });
  },
  /** A 401 echoes the credential it refused. */
  "refusal-echoes-credential": (h) => async (request) => {
    const response = await h(request.clone());
    if (response.status !== 401) return response;
    return json(401, { message: `invalid credential: ${request.headers.get("authorization") ?? "none"}` });
  },
  /** Success bodies sent as text/plain. */
  "json-as-text": (h) => async (request) => {
    const response = await h(request);
    if (response.status !== 200 || !/\/groups\.json$/.test(pathOf(request))) return response;
    return new Response(await response.text(), { status: 200, headers: { "content-type": "text/plain" } });
  },
  /** An update answers 200 with the project instead of 204 with no body. */
  "update-200-with-body": (h) => async (request) => {
    const response = await h(request.clone());
    if (request.method !== "PATCH" || !PROJECT.test(pathOf(request)) || response.status !== 204) return response;
    return h(new Request(request.url, { headers: request.headers }));
  },
  /** Adding a user answers 200. */
  "add-user-200": (h) => async (request) => {
    const response = await h(request);
    if (request.method !== "POST" || !USERS.test(pathOf(request)) || response.status !== 201) return response;
    return new Response(await response.text(), { status: 200, headers: response.headers });
  },
  /** The users list ignores `offset`. */
  "users-offset-ignored": (h) => async (request) => {
    if (request.method !== "GET" || !USERS.test(pathOf(request))) return h(request);
    const url = new URL(request.url);
    url.searchParams.delete("offset");
    return h(new Request(url, request));
  },
  /** The default page size is 20, not 30. */
  "default-limit-20": (h) => async (request) => {
    const url = new URL(request.url);
    if (
      request.method !== "GET" ||
      url.searchParams.has("limit") ||
      !/\/(projects|users|files|urls|copy|revisions)\.json$/.test(url.pathname)
    )
      return h(request);
    url.searchParams.set("limit", "20");
    return h(new Request(url, request));
  },
  /** A group's id reads the next group. */
  "group-off-by-one": (h) => async (request) => {
    const match = /^\/groups\/(\d+)\.json$/.exec(pathOf(request));
    if (request.method !== "GET" || !match) return h(request);
    const response = await h(new Request(new URL(`/groups/${Number(match[1]) + 1}.json`, request.url), request));
    return response.status === 200 ? response : h(request);
  },
  /** PATCH of the organization replaces its address with nothing when none is sent. */
  "organization-patch-drops-fields": (h) => async (request) => {
    const response = await h(request.clone());
    if (request.method !== "PATCH" || pathOf(request) !== "/organizations.json" || response.status !== 204) return response;
    const body = (await request.json().catch(() => ({}))) as Json;
    if ("website" in body) return response;
    await h(
      new Request(request.url, { method: "PATCH", headers: request.headers, body: JSON.stringify({ website: "https://example.invalid" }) }),
    );
    return response;
  },
  /** The organization is read by `params[:id] || current_user.organization_id` (a controller shared with
   * a back office): `?id=2` answers organization 2, the agency's (its editor's key stands for it here). */
  "organization-by-id-parameter": (h) => async (request) => {
    const query = new URL(request.url).searchParams;
    const asked = query.get("id") ?? query.get("organization_id");
    if (request.method !== "GET" || pathOf(request) !== "/organizations.json" || asked !== "2") return h(request);
    const headers = new Headers(request.headers);
    headers.set("authorization", basic(STAND_IN_OWNER_KEY));
    return h(new Request(request.url, { method: "GET", headers }));
  },
  /** The organization's `modified` comes from a trigger on its own table's columns: the address, kept in a
   * table of its own, changed alone leaves `modified` at the last change of another field. */
  "organization-modified-by-own-columns": (h) => {
    let touched: unknown;
    return async (request) => {
      if (pathOf(request) !== "/organizations.json") return h(request);
      const body =
        request.method === "PATCH"
          ? ((await request
              .clone()
              .json()
              .catch(() => ({}))) as Json)
          : {};
      const response = await h(request);
      if (request.method === "PATCH" && response.status === 204 && Object.keys(body).some((field) => field !== "address"))
        touched = ((await (await h(new Request(request.url, { headers: request.headers }))).json()) as Json).modified;
      // Only the administrator's organization is ever updated here: the agency's reads as it is.
      if (request.method !== "GET" || response.status !== 200 || touched === undefined || keyOf(request) === STAND_IN_OWNER_KEY)
        return response;
      return json(200, { ...((await response.json()) as Json), modified: touched });
    };
  },
  /** Adding someone already added lists them twice (an insert without a unique key). */
  "re-add-duplicates": (h) => {
    const twice = new Set<string>();
    return async (request) => {
      const match = USERS.exec(pathOf(request));
      if (match && request.method === "POST") {
        const body = (await request
          .clone()
          .json()
          .catch(() => ({}))) as Json;
        const before = (await (await h(new Request(request.url, { headers: request.headers }))).json().catch(() => [])) as Json[];
        const response = await h(request);
        if (response.status === 201 && Array.isArray(before) && before.some((u) => String(u.id) === body.user))
          twice.add(`${match[1]} ${body.user}`);
        return response;
      }
      const response = await h(request);
      if (!match || request.method !== "GET" || response.status !== 200) return response;
      const list = (await response.json()) as Json[];
      return json(
        200,
        list.flatMap((u) => (twice.has(`${match[1]} ${u.id}`) ? [u, u] : [u])),
      );
    };
  },
  /** The users list is served from a cache of each project's members that an add sets to what it read
   * before its insert, plus the user added (read, insert, write back): of two adds at once, the later
   * one's write drops the other's user from the list, though the membership was saved. */
  "members-cache-written-back": (h) => {
    const cache = new Map<string, Json[]>();
    const members = async (request: Request, project: string): Promise<Json[] | undefined> => {
      const read = await h(new Request(new URL(`/projects/${project}/users.json?limit=100`, request.url), { headers: request.headers }));
      return read.status === 200 ? ((await read.json()) as Json[]) : undefined;
    };
    return async (request) => {
      const users = USERS.exec(pathOf(request));
      const project = users?.[1] ?? /^\/projects\/(\d+)(?:\/users\/\d+)?\.json$/.exec(pathOf(request))?.[1];
      if (!project) return h(request);
      if (request.method === "GET" && users) {
        const response = await h(request);
        const cached = cache.get(project);
        if (response.status !== 200 || !cached) return response;
        const query = new URL(request.url).searchParams;
        const offset = Number(query.get("offset") ?? 0);
        return json(200, cached.slice(offset, offset + Number(query.get("limit") ?? 30)));
      }
      if (request.method !== "POST" || !users) {
        const response = await h(request);
        if (request.method === "DELETE") cache.delete(project);
        return response;
      }
      const { user } = (await request
        .clone()
        .json()
        .catch(() => ({}))) as Json;
      const before = await members(request, project);
      const response = await h(request);
      const added = response.status === 201 && (await members(request, project))?.find((u) => String(u.id) === String(user));
      if (!before || !added) cache.delete(project);
      else cache.set(project, before.some((u) => u.id === added.id) ? before : [...before, added]);
      return response;
    };
  },
  /** The users list leaves out the project's creator. */
  "users-without-creator": (h) =>
    mapSuccess(
      h,
      (r) => r.method === "GET" && USERS.test(pathOf(r)),
      (body) => (Array.isArray(body) ? body.slice(1) : body),
    ),
  /** An update of one project is written to the project before it too (an id off by one in the WHERE). */
  "update-also-touches-neighbour": (h) => async (request) => {
    const match = PROJECT.exec(pathOf(request));
    const copy = request.clone();
    const response = await h(request);
    if (request.method === "PATCH" && match && response.status === 204)
      await h(
        new Request(new URL(`/projects/${Number(match[1]) - 1}.json`, request.url), {
          method: "PATCH",
          headers: copy.headers,
          body: await copy.text(),
        }),
      );
    return response;
  },
  /** `job_code` of digits is stored as a number ("000123" → 123). */
  "job-code-as-number": (h) =>
    mapSuccess(
      h,
      (r) => r.method === "POST" || isProjectRead(r),
      (body) =>
        eachProject(body, (p) => (typeof p.job_code === "string" && /^\d+$/.test(p.job_code) ? { ...p, job_code: Number(p.job_code) } : p)),
    ),
  /** A conditional read answers 304 whatever changed (an ETag derived from the id alone). */
  "etag-never-changes": (h) => async (request) => {
    const match = PROJECT.exec(pathOf(request));
    if (!match || request.method !== "GET") return h(request);
    const etag = `"p${match[1]}"`;
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag } });
    const response = await h(request);
    if (response.status !== 200) return response;
    return new Response(await response.text(), { status: 200, headers: { "content-type": "application/json", etag } });
  },
};
