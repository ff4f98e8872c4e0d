// The interface's freedom as a test corpus — the dual of the defect sets: each variant changes the
// documented-only stand-in in one way the interface (or the description's own words) allows, so the
// checker's documented level must pass every one, and any combination of them, with 0 failures.
// Where a freedom is written in the description, the variant reads it from there (which properties are
// not required in each answer, which objects say "Unknown properties may appear and must be ignored");
// the others rest on a sentence of the interface or on what it leaves unstated, named in `basis`.
import { gzipSync } from "node:zlib";
import * as toolkit from "../../../scripts/lib/openapi.mjs";
import type { SandboxSeed } from "../../../src/sandbox/index.js";
import { openapi, type Json } from "../openapi.js";
import { walkPages } from "../pages.js";
import type { Handler } from "./documented-only.js";
import { otherConventions } from "./other-conventions.js";

export interface FaithfulVariant {
  name: string;
  /** Why a faithful server may do this: a sentence of the interface, or what it leaves open. */
  basis: string;
  /** A change to the stand-in's data (a server's data is its own). */
  seed?: (seed: SandboxSeed) => void;
  /** A change to how it answers. */
  wrap?: (handler: Handler) => Handler;
}

// --- The description's answers, matched to a request ------------------------------------------------

const ANSWERS = toolkit.operations(openapi).map((op) => {
  const { source } = toolkit.pathPattern(op.path);
  return { method: op.method, pattern: new RegExp(`${source}$`), schema: toolkit.successResponse(openapi, op.operation)?.schema };
});

/** The JSON schema of the success answer to this request, if the description has one. */
function answerSchema(request: Request): Json | undefined {
  const { pathname } = new URL(request.url);
  const method = request.method.toLowerCase();
  return ANSWERS.find((answer) => answer.method === method && answer.pattern.test(pathname))?.schema;
}

/** Every object of `value` with the schema that describes it ($refs, allOf and items followed). */
function eachObject(schema: Json, value: unknown, visit: (schema: Json, object: Record<string, unknown>) => void): void {
  const resolved = toolkit.resolveRef(openapi, schema ?? {});
  if (Array.isArray(value)) {
    for (const item of value) eachObject(resolved.items ?? {}, item, visit);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const object = value as Record<string, unknown>;
  visit(resolved, object);
  const properties = toolkit.schemaProperties(openapi, resolved);
  for (const [name, child] of Object.entries(object)) if (properties[name]) eachObject(properties[name], child, visit);
}

/** The names a schema requires, its allOf's included. */
function requiredOf(schema: Json): Set<string> {
  const resolved = toolkit.resolveRef(openapi, schema ?? {});
  return new Set([...(resolved.required ?? []), ...(resolved.allOf ?? []).flatMap((branch: Json) => [...requiredOf(branch)])]);
}

const mayHoldUnknown = (schema: Json) => /Unknown properties may appear/i.test(String(schema.description ?? ""));

const isJson = (response: Response) => /^application\/([\w.-]+\+)?json\b/i.test(response.headers.get("content-type") ?? "");

/** The answer with its JSON body changed by `change` (given the request's success schema); others as they are. */
function rewriteJson(change: (body: unknown, schema: Json | undefined, request: Request) => unknown, serialize = JSON.stringify) {
  return (handler: Handler): Handler =>
    async (request) => {
      const response = await handler(request);
      if (!isJson(response) || response.status === 204) return response;
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return new Response(text, response);
      }
      const schema = response.status < 300 ? answerSchema(request) : undefined;
      const headers = new Headers(response.headers);
      headers.delete("content-length");
      return new Response(serialize(change(body, schema, request)), { status: response.status, statusText: response.statusText, headers });
    };
}

/** The answer with its headers changed. */
const rewriteHeaders =
  (change: (headers: Headers, response: Response, request: Request) => void) =>
  (handler: Handler): Handler =>
  async (request) => {
    const response = await handler(request);
    const headers = new Headers(response.headers);
    change(headers, response, request);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

// --- Values ----------------------------------------------------------------------------------------

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:[.,]\d+)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The same instant written at another UTC offset (minutes east of UTC), with `fraction` digits of seconds. */
function atOffset(text: string, offsetMinutes: number, fraction = 0): string {
  const time = Date.parse(text);
  const shifted = new Date(time + offsetMinutes * 60_000).toISOString(); // the wall-clock time at that offset
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  const seconds = fraction > 0 ? `.${shifted.slice(20, 23).padEnd(fraction, "0")}` : "";
  return `${shifted.slice(0, 19)}${seconds}${offset}`;
}

/** Every string of a JSON value that is a timestamp, rewritten. */
function mapTimestamps(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === "string") return TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)) ? rewrite(value) : value;
  if (Array.isArray(value)) return value.map((item) => mapTimestamps(item, rewrite));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapTimestamps(item, rewrite)]));
  return value;
}

/** Members in reverse order at every depth. */
function reverseMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseMembers);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([name, item]) => [name, reverseMembers(item)]),
    );
  return value;
}

// --- Order -----------------------------------------------------------------------------------------

/** Paths of the lists that take offset and limit (the interface states their paging, not their order). */
const PAGED_LIST = /\/(?:projects|users|files|urls|copy|revisions)\.json$/;

/** Every paged list in reverse order, paged as asked: the whole list read from the stand-in, reversed, then cut. */
const reversedLists =
  (handler: Handler): Handler =>
  async (request) => {
    const url = new URL(request.url);
    if (request.method !== "GET" || !PAGED_LIST.test(url.pathname)) return handler(request);
    const offset = Number(url.searchParams.get("offset") ?? "0");
    const limit = Number(url.searchParams.get("limit") ?? "30");
    if (!Number.isInteger(offset) || !Number.isInteger(limit) || offset < 0 || limit < 1 || limit > 100) return handler(request);
    let refused: Response | undefined;
    const all = await walkPages(
      async (from, size) => {
        const page = new URL(url);
        page.searchParams.set("offset", String(from));
        page.searchParams.set("limit", String(size));
        const answer = await handler(new Request(page, { headers: request.headers }));
        if (answer.status !== 200) refused = answer;
        return refused ? undefined : ((await answer.json()) as unknown[]);
      },
      { pageSize: 100 },
    );
    if (refused) return refused;
    return Response.json(all.reverse().slice(offset, offset + limit));
  };

// --- Transfer --------------------------------------------------------------------------------------

/** What fetch shows of a gzip answer over the network: the body decoded, the coding and the length on
 * the wire still in the headers (undici keeps both). An in-process handler gets no Accept-Encoding
 * from fetch, so an answer is coded whenever the request did not refuse it. */
const gzipped = rewriteHeaders((headers, response, request) => {
  const accepted = request.headers.get("accept-encoding");
  if (accepted !== null && !/\bgzip\b/.test(accepted)) return;
  if (response.status === 204 || response.status === 304) return;
  headers.set("content-encoding", "gzip");
  headers.append("vary", "Accept-Encoding");
});

/** Bytes of a body coded as gzip: the length a gzip answer's Content-Length gives. */
const gzipLength = (text: string) => gzipSync(Buffer.from(text)).length;

/** Strong entity tags on every JSON read, and 304 Not Modified to a matching If-None-Match. */
const validators =
  (weak: boolean) =>
  (handler: Handler): Handler =>
  async (request) => {
    const response = await handler(request);
    if (request.method !== "GET" || response.status !== 200) return response;
    const text = await response.text();
    const digest = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))
      .toString("base64url")
      .slice(0, 22);
    const etag = `${weak ? "W/" : ""}"${digest}"`;
    const headers = new Headers(response.headers);
    headers.set("etag", etag);
    headers.set("cache-control", "private, no-cache");
    const asked = request.headers.get("if-none-match");
    const matches = asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, "")) ?? false;
    if (matches) {
      headers.delete("content-type");
      headers.delete("content-length");
      return new Response(null, { status: 304, headers });
    }
    return new Response(text, { status: 200, headers });
  };

// --- The variants ----------------------------------------------------------------------------------

/** What a real organization's record holds (the service's own sample shape): a website beside an email,
 * a phone without spaces. */
const REAL_ORGANIZATION = {
  name: "My Organization Name",
  website: "http://www.myorganizationname.com",
  phone: "555-5555",
  email: "admin@myorganizationname.com",
  email_billing: "billing@myorganizationname.com",
};

export const FAITHFUL_VARIANTS: FaithfulVariant[] = [
  {
    name: "every property the description does not require is absent",
    basis: "the description's `required` lists (what it marks optional, or says may be absent)",
    wrap: rewriteJson((body, schema) => {
      if (schema)
        eachObject(schema, body, (each, object) => {
          const required = requiredOf(each);
          for (const name of Object.keys(object)) if (!required.has(name)) delete object[name];
        });
      return body;
    }),
  },
  {
    name: "unknown properties in every object that may hold them",
    basis: 'the description: "Unknown properties may appear and must be ignored"',
    wrap: rewriteJson((body, schema) => {
      if (schema)
        eachObject(schema, body, (each, object) => {
          if (!mayHoldUnknown(each)) return;
          object.x_tenant = "eu-west";
          object.links = { self: { href: "https://other.example/self" } };
          object.updated_at = "2001-01-01T00:00:00Z";
          object.deleted = false;
        });
      return body;
    }),
  },
  {
    name: "every profile field the user left empty is null",
    basis: 'the description: "The service sends `null` for every field the user left empty"',
    seed: (seed) => {
      for (const user of seed.users)
        for (const field of Object.keys(user.profile ?? {})) (user.profile as Record<string, unknown>)[field] = null;
    },
  },
  {
    name: "an organization as real ones are: a website beside an email, a phone without spaces, no created or modified",
    basis: 'the interface\'s Organization fields (types only); the description: "`created` and `modified` may be absent"',
    seed: (seed) => {
      const [first] = seed.organizations;
      if (first) {
        Object.assign(first, REAL_ORGANIZATION);
        delete (first as { created?: unknown }).created;
        delete (first as { modified?: unknown }).modified;
      }
    },
    wrap: rewriteJson((body, _schema, request) => {
      if (!new URL(request.url).pathname.endsWith("/organizations.json") || !body || typeof body !== "object") return body;
      const { created: _created, modified: _modified, ...rest } = body as Record<string, unknown>;
      return rest;
    }),
  },
  {
    name: "refusals by other conventions (403 for no key, 422, {message})",
    basis: "the interface states who may do what, not the codes or bodies of refusals",
    wrap: otherConventions,
  },
  {
    name: "every refusal of what the caller may not do is 404",
    basis: "the interface states no error code; hiding what a caller may not touch is a common convention",
    wrap: (handler) => async (request) => {
      const response = await handler(request);
      return response.status === 403 ? Response.json({ error: "Not found" }, { status: 404 }) : response;
    },
  },
  {
    name: "401 with a Basic challenge and a realm",
    basis: "the interface states HTTP Basic and no challenge",
    wrap: rewriteHeaders((headers, response) => {
      if (response.status === 401) headers.set("www-authenticate", 'Basic realm="Project Collaboration", charset="UTF-8"');
    }),
  },
  {
    name: "JSON with a charset parameter",
    basis: '"All bodies are JSON": a media type parameter is still JSON (RFC 8259 ignores charset, UTF-8 is JSON\'s)',
    wrap: rewriteHeaders((headers) => {
      const type = headers.get("content-type");
      if (type && /json/i.test(type) && !/charset/i.test(type)) headers.set("content-type", `${type}; charset=utf-8`);
    }),
  },
  {
    name: "JSON indented, members in reverse order",
    basis: "RFC 8259: whitespace and member order carry no meaning",
    wrap: rewriteJson(reverseMembers, (body) => JSON.stringify(body, null, 2)),
  },
  {
    name: "timestamps at +05:30, with fractions of a second",
    basis: '"`datetime` is an ISO 8601 timestamp with a UTC offset" (any offset)',
    wrap: rewriteJson((body) => mapTimestamps(body, (text) => atOffset(text, 330, 3))),
  },
  {
    name: "timestamps at -08:00 and Z",
    basis: '"`datetime` is an ISO 8601 timestamp with a UTC offset" (any offset)',
    wrap: rewriteJson((body) =>
      mapTimestamps(body, (text) => (Date.parse(text) % 2000 === 0 ? atOffset(text, -480) : new Date(Date.parse(text)).toISOString())),
    ),
  },
  {
    name: "the server's clock a second behind the client's",
    basis:
      "the interface states no clock: a server stamps its records by its own, a second from the caller's (within the checker's margin for clocks)",
    wrap: rewriteJson((body) => mapTimestamps(body, (text) => atOffset(new Date(Date.parse(text) - 1_000).toISOString(), 0))),
  },
  {
    name: "every paged list in reverse order",
    basis: "the interface states offset and limit, no order",
    wrap: reversedLists,
  },
  {
    name: "gzip whenever the client accepts it",
    basis: "RFC 9110 content coding: fetch asks for gzip and decodes it",
    wrap: (handler) => {
      const coded = gzipped(handler);
      return async (request) => {
        const response = await coded(request);
        if (response.headers.get("content-encoding") !== "gzip") return response;
        const text = await response.text();
        const headers = new Headers(response.headers);
        headers.set("content-length", String(gzipLength(text)));
        return new Response(text, { status: response.status, statusText: response.statusText, headers });
      };
    },
  },
  {
    name: "strong entity tags and 304 to If-None-Match",
    basis: "RFC 9110 conditional requests; the interface states no caching",
    wrap: validators(false),
  },
  {
    name: "weak entity tags and 304 to If-None-Match",
    basis: "RFC 9110 conditional requests; the interface states no caching",
    wrap: validators(true),
  },
  {
    name: "a Date header on every answer",
    basis: "RFC 9110 §6.6.1: an origin with a clock sends Date; the interface states no header",
    wrap: rewriteHeaders((headers) => headers.set("date", new Date().toUTCString())),
  },
  {
    name: "DELETE of a project already deleted answered 204 again",
    basis: "RFC 9110 §9.2.2: DELETE is idempotent; the interface states 204 for a deletion and that it is permanent",
    wrap: (handler) => {
      const deleted = new Set<string>();
      return async (request) => {
        const response = await handler(request);
        const { pathname } = new URL(request.url);
        if (request.method !== "DELETE" || !/^\/projects\/\d+\.json$/.test(pathname)) return response;
        if (response.status === 204) deleted.add(pathname);
        else if (deleted.has(pathname) && request.headers.has("authorization") && response.status !== 401)
          return new Response(null, { status: 204 });
        return response;
      };
    },
  },
  {
    name: "adding a user answers 201 with a body of its own, creates with a Location",
    basis: 'the interface: add a user → "201 with a JSON content type. The response body: not shown"; no header is stated',
    wrap: (handler) => async (request) => {
      const response = await handler(request);
      const { pathname } = new URL(request.url);
      if (request.method === "POST" && /\/users\.json$/.test(pathname) && response.status === 201)
        return Response.json({ success: true, message: "User added" }, { status: 201 });
      if (request.method === "POST" && pathname.endsWith("/projects.json") && response.status === 201) {
        const text = await response.text();
        const headers = new Headers(response.headers);
        const id = (JSON.parse(text) as { id?: number }).id;
        if (id !== undefined) headers.set("location", `/projects/${id}.json`);
        return new Response(text, { status: 201, headers });
      }
      return response;
    },
  },
  {
    name: "HEAD answered as GET without a body",
    basis: "RFC 9110 §9.3.2: HEAD is GET without content; the interface lists neither way",
    wrap: (handler) => async (request) => {
      if (request.method !== "HEAD") return handler(request);
      const response = await handler(new Request(request.url, { headers: request.headers }));
      return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  },
  {
    name: "OPTIONS answered 204 with Allow",
    basis: "RFC 9110 §9.3.7; the interface lists no OPTIONS",
    wrap: (handler) => async (request) => {
      if (request.method !== "OPTIONS") return handler(request);
      const probe = await handler(new Request(request.url, { method: "TRACE-PROBE", headers: request.headers }));
      const allow = probe.headers.get("allow");
      if (!allow) return probe;
      return new Response(null, { status: 204, headers: { allow: `${allow}, OPTIONS` } });
    },
  },
  {
    name: "methods the interface does not list answered 404, unknown ones 501",
    basis: "the interface lists its methods and states no code for others (RFC 9110 §15.6.2: 501 for an unrecognized method)",
    wrap: (handler) => async (request) => {
      const response = await handler(request);
      if (response.status !== 405) return response;
      const known = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"].includes(request.method);
      return known ? Response.json({ error: "Not found" }, { status: 404 }) : Response.json({ error: "Not implemented" }, { status: 501 });
    },
  },
  {
    name: "406 when the client accepts no JSON",
    basis: "RFC 9110 §12.5.1 proactive negotiation; the interface states JSON bodies only",
    wrap: (handler) => async (request) => {
      const accept = request.headers.get("accept");
      if (accept && !/json|\*\/\*|application\/\*/i.test(accept)) return Response.json({ error: "Not acceptable" }, { status: 406 });
      return handler(request);
    },
  },
  {
    name: "query parameters an operation does not take refused with 400",
    basis:
      "the interface lists each operation's query parameters and says nothing of others (the description's unknown-query-parameters assumes them ignored)",
    wrap: (handler) => async (request) => {
      const url = new URL(request.url);
      const paged = request.method === "GET" && PAGED_LIST.test(url.pathname);
      const unknown = [...url.searchParams.keys()].filter((name) => !(paged && (name === "offset" || name === "limit")));
      return unknown.length > 0 ? Response.json({ message: `unknown parameter ${unknown[0]}` }, { status: 400 }) : handler(request);
    },
  },
  {
    name: "a trailing newline, and headers of a real stack (Server, X-Request-Id, Cache-Control, Vary)",
    basis: "RFC 8259 whitespace; the interface states no header",
    wrap: (handler) => {
      let next = 0;
      return rewriteJson(
        (body) => body,
        (body) => `${JSON.stringify(body)}\n`,
      )(
        rewriteHeaders((headers) => {
          headers.set("server", "nginx/1.27.3");
          headers.set("x-request-id", `req-${++next}`);
          headers.set("cache-control", "no-store");
          headers.append("vary", "Authorization");
        })(handler),
      );
    },
  },
  {
    name: "Connection: close on every answer (a new connection for each request)",
    basis: "RFC 9112 §9.6: a server may close the connection after any response, saying so with Connection: close",
    wrap: rewriteHeaders((headers) => headers.set("connection", "close")),
  },
  {
    name: "paged lists with the paging headers of a real stack (Link rel=next, RFC 8288)",
    basis: "the interface states no header; RFC 8288 links are an addition a client may ignore",
    wrap: rewriteHeaders((headers, response, request) => {
      const url = new URL(request.url);
      if (request.method !== "GET" || response.status !== 200 || !PAGED_LIST.test(url.pathname)) return;
      const limit = Number(url.searchParams.get("limit") ?? 30);
      const next = new URL(url);
      next.searchParams.set("offset", String(Number(url.searchParams.get("offset") ?? 0) + limit));
      next.searchParams.set("limit", String(limit));
      headers.set("link", `<${next.href}>; rel="next"`);
    }),
  },
];

/** A seeded source of numbers in [0, 1): the same seed, the same numbers. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

/** A seeded pick of `count` variants, applied together (their seeds in turn, their wraps nested). */
export function combination(seed: number, count: number): FaithfulVariant {
  const next = seeded(seed);
  const pool = [...FAITHFUL_VARIANTS];
  const picked: FaithfulVariant[] = [];
  while (picked.length < count && pool.length > 0) picked.push(...pool.splice(Math.floor(next() * pool.length), 1));
  return {
    name: `combined (seed ${seed}): ${picked.map((v) => v.name).join(" + ")}`,
    basis: picked.map((v) => v.basis).join("; "),
    seed: (data) => {
      for (const variant of picked) variant.seed?.(data);
    },
    wrap: (handler) => picked.reduce((inner, variant) => (variant.wrap ? variant.wrap(inner) : inner), handler),
  };
}

// --- Generated from the grammars -------------------------------------------------------------------
// Not a list of spellings someone thought of: each answer rewritten, from a seed, into a form the
// grammars make the same — RFC 9110 §8.3.1 media types (case of type, subtype and parameter names,
// OWS around `;`, empty parameters, quoted values, a charset's case), RFC 8259 JSON (white space between
// any two tokens, any character of a string escaped as \uXXXX in either case of hex, `\/`), and the
// interface's datetimes as RFC 3339 writes them (`T`/`t`, `Z`/`z`/`+00:00`, any offset, fractions).

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const anyCase = (random: Random, text: string) => [...text].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("");

/** A name (a header's, a coding's) in letters of either case, from `seed`: the same name to HTTP. */
export function spelledAnyCase(seed: number): (name: string) => string {
  const random = seeded(seed);
  return (name) => anyCase(random, name);
}

/** A media type written another way its grammar allows (the same type, subtype and parameters). */
export function respellMediaType(value: string, random: Random): string {
  const [essence = "", ...parameters] = value.split(";").map((part) => part.trim());
  const ows = () => pick(random, ["", " ", "\t", "  "]);
  const written = parameters.filter(Boolean).map((parameter) => {
    const [name = "", raw = ""] = parameter.split("=");
    const unquoted = raw.replace(/^"|"$/g, "");
    const spelled = /^charset$/i.test(name) ? anyCase(random, unquoted) : unquoted;
    return `${anyCase(random, name)}=${random() < 0.5 ? `"${spelled}"` : spelled}`;
  });
  // A charset added when there is none (UTF-8 is JSON's), and sometimes an empty parameter.
  if (parameters.length === 0 && random() < 0.7)
    written.push(`${anyCase(random, "charset")}=${random() < 0.5 ? '"utf-8"' : anyCase(random, "utf-8")}`);
  if (random() < 0.3) written.push("");
  return [anyCase(random, essence), ...written].map((part, i) => (i === 0 ? part : `${ows()};${ows()}${part}`)).join("");
}

/** A string as JSON, each character written plainly or escaped (as every one may be: RFC 8259 §7). */
function jsonString(text: string, random: Random): string {
  let out = '"';
  // By code point: a character past U+FFFF is escaped as its two UTF-16 units together, or not at all;
  // a lone surrogate (no character) only escaped.
  for (const char of text) {
    const units = char.split("").map((unit) => unit.charCodeAt(0));
    const escaped = () => units.map((code) => `\\u${anyCase(random, code.toString(16).padStart(4, "0"))}`).join("");
    const code = units[0]!;
    const lone = units.length === 1 && code >= 0xd800 && code <= 0xdfff;
    if (char === '"' || char === "\\") out += random() < 0.5 ? `\\${char}` : escaped();
    else if (code < 0x20 || lone) out += escaped();
    else if (char === "/" && random() < 0.5) out += "\\/";
    else if (code >= 0x7f ? random() < 0.6 : random() < 0.08) out += escaped();
    else out += char;
  }
  return `${out}"`;
}

/** A JSON value written with white space between any two tokens and its strings escaped at random. */
export function respellJson(value: unknown, random: Random): string {
  const ws = () => pick(random, ["", "", " ", "\n", "\t", "\r\n  "]);
  const write = (item: unknown): string => {
    if (typeof item === "string") return jsonString(item, random);
    if (Array.isArray(item)) return item.length ? `[${item.map((element) => `${ws()}${write(element)}${ws()}`).join(",")}]` : `[${ws()}]`;
    if (item && typeof item === "object") {
      const members = Object.entries(item).map(
        ([name, member]) => `${ws()}${jsonString(name, random)}${ws()}:${ws()}${write(member)}${ws()}`,
      );
      return members.length ? `{${members.join(",")}}` : `{${ws()}}`;
    }
    return JSON.stringify(item) ?? "null";
  };
  return `${ws()}${write(value)}${ws()}`;
}

/** The same instant in another spelling RFC 3339 allows: another offset (whole quarters of an hour,
 * -12:00 to +14:00, or Z), `t`/`z` in lower case, a fraction of 0 to 6 digits (only zeros past the ms). */
export function respellTimestamp(text: string, random: Random): string {
  const time = Date.parse(text);
  const ms = time % 1000;
  const offsetMinutes = random() < 0.3 ? 0 : (Math.floor(random() * 105) - 48) * 15;
  const wall = new Date(time + offsetMinutes * 60_000).toISOString(); // the wall-clock time at that offset
  const digits = ms === 0 ? pick(random, [0, 0, 1, 3, 6]) : pick(random, [3, 6]);
  const fraction = digits === 0 ? "" : `.${wall.slice(20, 23).padEnd(digits, "0").slice(0, digits)}`;
  const abs = Math.abs(offsetMinutes);
  const zone =
    offsetMinutes === 0 && random() < 0.6
      ? pick(random, ["Z", "z"])
      : `${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${wall.slice(0, 10)}${pick(random, ["T", "t"])}${wall.slice(11, 19)}${fraction}${zone}`;
}

/** FNV-1a of a text: a seed of its own for each value. */
const hashOf = (text: string) => [...text].reduce((hash, c) => Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** Every property of the answer the description calls a date-time, respelled — one spelling for each
 * value in every answer (a server writes one instant one way; which way is its own). */
function respellTimestamps(body: unknown, schema: Json | undefined, seed: number): unknown {
  if (!schema) return body;
  const copy = structuredClone(body);
  eachObject(schema, copy, (objectSchema, object) => {
    const properties = toolkit.schemaProperties(openapi, objectSchema);
    for (const [name, value] of Object.entries(object))
      if (
        toolkit.resolveRef(openapi, properties[name] ?? {})?.format === "date-time" &&
        typeof value === "string" &&
        !Number.isNaN(Date.parse(value))
      )
        object[name] = respellTimestamp(value, seeded(seed ^ hashOf(value)));
  });
  return copy;
}

/** The stand-in with every answer respelled, from `seed`: each JSON answer's media type, white space,
 * escapes and datetimes (the same answer in each form the grammars allow). */
export function generatedVariant(seed: number): FaithfulVariant {
  const random = seeded(seed);
  return {
    name: `generated from the grammars (seed ${seed}): media types, JSON white space and escapes, RFC 3339 datetimes`,
    basis: "RFC 9110 §8.3.1 and §5.6.6, RFC 8259 §2 and §7, RFC 3339 §5.6: each form names the same answer",
    wrap: (handler) => {
      const bodies = rewriteJson(
        (body, schema) => respellTimestamps(body, schema, seed),
        (body) => respellJson(body, random),
      )(handler);
      return rewriteHeaders((headers) => {
        const type = headers.get("content-type");
        if (type) headers.set("content-type", respellMediaType(type, random));
      })(bodies);
    },
  };
}
