// A request in disguise: the same request with what frameworks, proxies and gateways honour to change who
// the caller is, where it comes from, which path or method it asks for, or how much it sees — and what
// the operation does not list at all. Each is data, sent by every caller (authorization.ts): whatever
// the server makes of it, the answer holds only what that caller may see, in the stated shape, and a
// caller without a valid key is still refused. Where each comes from:
//   - OWASP WSTG-ATHZ-02 (Testing for Bypassing Authorization Schema): X-Original-URL, X-Rewrite-URL,
//     and the forwarded-address headers X-Forwarded-For, X-Forward-For, X-Remote-IP, X-Originating-IP,
//     X-Remote-Addr, X-Client-IP, X-Real-IP, X-Host, X-Forwarded-Host;
//   - RFC 7239 (Forwarded); Express's method-override and Google's APIs (X-HTTP-Method-Override,
//     X-HTTP-Method, X-Method-Override); Rails and Laravel (`_method`);
//   - Kubernetes' user impersonation (Impersonate-User, Impersonate-Group), Apache's and nginx's
//     REMOTE_USER as a header (Remote-User, X-Remote-User), oauth2-proxy's X-Forwarded-User,
//     X-Forwarded-Email, X-Auth-Request-User, X-Auth-Request-Email; the X-User-Id / X-User / X-Impersonate
//     headers API gateways put in front of a service;
//   - GitLab's `sudo` parameter, Symfony's `_switch_user`, and the `as_user` / `impersonate` / `act_as`
//     parameters of the same idea;
//   - OWASP API Security Top 10 API1 and API3 (parameters an operation does not list that widen what it
//     answers: an owner, "all", an include of related records) and out-of-range paging.

import { deref, operations } from "../description/description.js";

export interface Disguise {
  /** What the disguise is, as a failure names it. */
  name: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  /** Paging out of range (the list alone is read with it). */
  paging?: boolean;
  /** Only with writes (a changed method may write; sent only on the run's own projects). */
  writes?: boolean;
}

/** Headers that name the user the request is for. */
const USER_HEADERS = [
  "X-User-Id",
  "X-User",
  "X-Impersonate",
  "X-Impersonate-User",
  "Impersonate-User",
  "Remote-User",
  "X-Remote-User",
  "X-Forwarded-User",
  "X-Auth-Request-User",
  "X-Authenticated-User",
  "X-Switch-User",
  "X-Act-As",
] as const;
const EMAIL_HEADERS = ["X-Forwarded-Email", "X-Auth-Request-Email", "X-User-Email"] as const;
/** Parameters that name the user the request is for. */
const USER_PARAMETERS = ["as_user", "impersonate", "sudo", "_switch_user", "act_as", "user_id", "as", "on_behalf_of"] as const;
/** Headers that say the request came from the server itself or a trusted network. */
const ADDRESS_HEADERS = [
  "X-Forwarded-For",
  "X-Forward-For",
  "X-Real-IP",
  "X-Client-IP",
  "X-Originating-IP",
  "X-Remote-IP",
  "X-Remote-Addr",
  "X-Host",
  "X-Forwarded-Host",
  "X-ProxyUser-Ip",
  "True-Client-IP",
  "Cluster-Client-IP",
] as const;

/** Parameters no list operation lists that widen a list elsewhere. */
const WIDENING = { all: "true", scope: "all", show_all: "1", admin: "true", include: "all", include_hidden: "true", deleted: "true" };

/** Every header of `names` set to `value`: one request tries them all; a failure is then told apart by each alone. */
const each = (names: readonly string[], value: string) => Object.fromEntries(names.map((name) => [name, value]));

/** The forms a framework names a user by, each sent alone: an id (GitLab's `sudo`), the address as
 * given and in another case (a lookup that folds case where a guard compares exactly: CWE-178), and a
 * user name (Symfony's `_switch_user` takes one; the interface has none, so the address's local part,
 * the name a login takes from it). A value is a line here. */
export const IDENTITY_FORMS: ReadonlyArray<{ form: string; of: (user: { id: number; email?: string }) => string | undefined }> = [
  { form: "by id", of: (user) => String(user.id) },
  { form: "by address", of: (user) => user.email },
  { form: "by address in upper case", of: (user) => user.email?.toUpperCase() },
  { form: "by user name", of: (user) => user.email?.split("@")[0] },
];

/**
 * The disguises of a read, for a caller that may want to be `as` (user ids and addresses of someone
 * who sees more than it does) and a project path it may not read (`hidden`).
 */
export function disguises(as: { ids: number[]; emails: string[]; hidden?: string; keyless?: boolean }): Disguise[] {
  const out: Disguise[] = [];
  // One request per form of the user tries every header and parameter that names a user at once (a
  // failure names each alone); an address goes in the address headers too.
  const [id] = as.ids;
  const [email] = as.emails;
  const sent = new Set<string>();
  for (const { form, of } of id === undefined ? [] : IDENTITY_FORMS) {
    const value = of({ id: id!, ...(email && { email }) });
    if (!value || sent.has(value)) continue;
    sent.add(value);
    const address = value.includes("@");
    out.push({
      name: `the user headers and parameters naming user ${id} ${form} (${[...USER_HEADERS, ...(address ? EMAIL_HEADERS : []), ...USER_PARAMETERS.map((p) => `?${p}`)].join(", ")})`,
      headers: { ...each(USER_HEADERS, value), ...(address && each(EMAIL_HEADERS, value)) },
      query: { ...each(USER_PARAMETERS, value), ...(address && { email: value }) },
    });
  }
  out.push({
    name: `the forwarded-address headers set to the loopback address (${ADDRESS_HEADERS.join(", ")}, Forwarded)`,
    headers: { ...each(ADDRESS_HEADERS, "127.0.0.1"), Forwarded: "for=127.0.0.1;proto=https" },
  });
  // Without a key, what names no one (a path, a wider list) changes nothing the refusal depends on.
  if (as.keyless) return out;
  if (as.hidden)
    out.push({
      name: `a rewritten path to a project the caller may not read (X-Original-URL, X-Rewrite-URL: ${as.hidden})`,
      headers: { "X-Original-URL": as.hidden, "X-Rewrite-URL": as.hidden },
    });
  out.push({ name: `parameters the operation does not list (${Object.keys(WIDENING).join(", ")})`, query: WIDENING });
  return out;
}

/** Each integer query parameter of `operationId` at and past each bound the description gives it
 * (minimum − 1, minimum, maximum, maximum + 1: `limit=0` among them), each alone. */
export function boundaries(operationId: string): Array<Record<string, number>> {
  const op = operations().find((o) => o.operationId === operationId);
  const out: Array<Record<string, number>> = [];
  for (const parameter of op?.parameters ?? []) {
    const { in: where, name, schema } = deref(parameter);
    const { minimum, maximum, type } = deref(schema ?? {});
    if (where !== "query" || type !== "integer") continue;
    if (typeof minimum === "number") out.push({ [name]: minimum - 1 }, { [name]: minimum });
    if (typeof maximum === "number") out.push({ [name]: maximum }, { [name]: maximum + 1 });
  }
  return out;
}

/** Paging out of range and at every bound: the answer, when a success, is still the caller's and in the stated shape. */
export const OUT_OF_RANGE: ReadonlyArray<Record<string, string | number>> = [
  ...boundaries("listProjects"),
  { offset: -1, limit: -1 },
  { offset: 0, limit: 1_000_000_000 },
  { offset: 1e12, limit: 5 },
  { offset: "0x1", limit: "5e0", page: 2, per_page: 1000, page_size: 1000 },
];

/** Method overrides: a request that reads, told by a header or a parameter to delete. */
export const METHOD_OVERRIDES: Disguise = {
  name: "a read told to delete (X-HTTP-Method-Override, X-HTTP-Method, X-Method-Override, _method)",
  headers: each(["X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"], "DELETE"),
  query: { _method: "DELETE" },
  writes: true,
};

/** The disguise with each of its headers and parameters alone (to name the one a server honours). */
export function parts(disguise: Disguise): Disguise[] {
  return [
    ...Object.entries(disguise.headers ?? {}).map(([name, value]) => ({ name: `${name}: ${value}`, headers: { [name]: value } })),
    ...Object.entries(disguise.query ?? {}).map(([name, value]) => ({ name: `?${name}=${value}`, query: { [name]: value } })),
  ];
}
