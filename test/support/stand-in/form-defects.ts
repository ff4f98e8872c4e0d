// Defects that only one form of a request shows (issue 58: the checker held the idea and sent one form
// of it): each is caught by a value of one dimension the checker crosses — an identity named by user
// name or by an address in another case, a list paged with limit=0, a read sent as HEAD, a user removed
// from a project that holds several. Each wraps the documented-only stand-in; none is in a blind corpus.
import { DEFAULT_API_KEYS, exampleSeed } from "../../../src/sandbox/index.js";
import type { Handler } from "./documented-only.js";
import { STAND_IN_KEY, STAND_IN_OWNER_KEY } from "./seed.js";

const USERS = exampleSeed().users;
const KEYS = Object.keys(DEFAULT_API_KEYS);
const keyOfUser = (id: number | undefined) => KEYS.find((key) => DEFAULT_API_KEYS[key] === id);
const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const hasKey = (request: Request) => KEYS.some((key) => request.headers.get("authorization") === basic(key));

/** The request again, sent with `key` (a server that decided who the caller is from something else). */
function as(request: Request, key: string): Request {
  const headers = new Headers(request.headers);
  headers.set("authorization", basic(key));
  return new Request(request.url, { method: request.method, headers });
}

/** A read (GET) whose parameter `name` names a user the way `find` looks it up, served as that user. */
const switchedBy =
  (name: string, find: (value: string) => number | undefined) =>
  (h: Handler): Handler =>
  async (request) => {
    const value = new URL(request.url).searchParams.get(name);
    const key = value && request.method === "GET" && hasKey(request) ? keyOfUser(find(value)) : undefined;
    return h(key ? as(request, key) : request);
  };

export const FORM_DEFECTS: Record<string, (h: Handler) => Handler> = {
  /** Symfony's `_switch_user` takes a user name (here the address's local part): any caller switches. */
  "switch-user-by-name": switchedBy("_switch_user", (value) => USERS.find((u) => u.email.split("@")[0] === value)?.id),
  /** `sudo` by address: the guard refuses an address of an account exactly as stored, the lookup folds
   * case (CWE-178) — an address in another case switches. */
  "sudo-address-case-folded": switchedBy("sudo", (value) =>
    USERS.some((u) => u.email === value) ? undefined : USERS.find((u) => u.email.toLowerCase() === value.toLowerCase())?.id,
  ),
  /** `limit=0` read as "no limit" by a back office: every project there is, whoever asks. */
  "limit-zero-everything": (h) => async (request) => {
    const url = new URL(request.url);
    if (request.method !== "GET" || url.pathname !== "/projects.json" || url.searchParams.get("limit") !== "0") return h(request);
    const all = new Map<unknown, unknown>();
    for (const key of [STAND_IN_KEY, STAND_IN_OWNER_KEY]) {
      const page = await h(as(new Request(new URL("/projects.json?limit=100", url), { headers: request.headers }), key));
      if (page.status === 200) for (const project of (await page.json()) as Array<{ id: unknown }>) all.set(project.id, project);
    }
    return new Response(JSON.stringify([...all.values()]), { status: 200, headers: { "content-type": "application/json" } });
  },
  /** Removing a user removes the one added last (a membership stack popped, not searched): right while
   * the project holds one other user, wrong once it holds several. */
  "remove-takes-last-added": (h) => async (request) => {
    const url = new URL(request.url);
    const match = /^\/projects\/(\d+)\/users\/(\d+)\.json$/.exec(url.pathname);
    if (request.method !== "DELETE" || !match) return h(request);
    const users = await h(
      new Request(new URL(`/projects/${match[1]}/users.json`, url), { headers: { authorization: basic(STAND_IN_KEY) } }),
    );
    const ids = users.status === 200 ? ((await users.json()) as Array<{ id: number }>).map((u) => u.id) : [];
    const named = Number(match[2]);
    const last = ids.at(-1);
    if (last === undefined || !ids.slice(1).includes(named)) return h(request);
    return h(new Request(new URL(`/projects/${match[1]}/users/${last}.json`, url), { method: "DELETE", headers: request.headers }));
  },
  /** A compression layer whose brotli stream is never flushed: asked for `br` alone, a 200 without its content. */
  "brotli-unflushed": (h) => async (request) => {
    const response = await h(request);
    if (request.headers.get("accept-encoding")?.trim().toLowerCase() !== "br" || response.status !== 200) return response;
    return new Response(null, { status: 200, headers: { "content-type": "application/json", "content-encoding": "br" } });
  },
  /** Adding by email looks the address up exactly as stored: in another case it finds no account and
   * makes a new one (here under a sub-address of it, so the sandbox, which folds case, makes one too). */
  "invite-exact-lookup": (h) => async (request) => {
    const url = new URL(request.url);
    if (request.method !== "POST" || !/^\/projects\/\d+\/users\.json$/.test(url.pathname)) return h(request);
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as { email?: unknown };
    const email = typeof body.email === "string" ? body.email : undefined;
    if (!email || USERS.some((u) => u.email === email) || !USERS.some((u) => u.email.toLowerCase() === email.toLowerCase()))
      return h(request);
    const [local, domain] = email.toLowerCase().split("@");
    return h(
      new Request(request.url, { method: "POST", headers: request.headers, body: JSON.stringify({ email: `${local}+new@${domain}` }) }),
    );
  },
  /** A read by id filtered by the caller's organization (a tenancy filter on one query, not on the
   * list's): a project another organization invited the caller to is in its list, refused by id. */
  "by-id-own-organization-only": (h) => async (request) => {
    const url = new URL(request.url);
    const response = await h(request);
    if (request.method !== "GET" || !/^\/projects\/\d+\.json$/.test(url.pathname) || response.status !== 200) return response;
    const project = (await response.clone().json()) as { ownership?: unknown };
    return String(project.ownership).toLowerCase() === "external"
      ? new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": "application/json" } })
      : response;
  },
  /** HEAD routed to the GET handler past the membership check (which runs for GET alone): any key's HEAD
   * of a project, or of its users, answers as its members' GET does. */
  "head-skips-membership": (h) => async (request) => {
    if (request.method !== "HEAD" || !hasKey(request) || !/^\/projects\/\d+(?:\/users)?\.json$/.test(new URL(request.url).pathname))
      return h(request);
    for (const key of KEYS) {
      const got = await h(new Request(request.url, { headers: { authorization: basic(key) } }));
      if (got.status === 200) return new Response(null, { status: 200, headers: got.headers });
    }
    return h(request);
  },
};
