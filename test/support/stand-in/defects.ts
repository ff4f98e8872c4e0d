// Deliberately broken stand-ins: one defect each, on top of the documented-only server. The contract
// suite's documented level must fail against every one of them (test/conformance-levels/levels.test.ts checks that, in `npm run test:levels`).
import type { Handler } from "./documented-only.js";
import { STAND_IN_KEY } from "./seed.js";

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const withUrl = (request: Request, change: (url: URL) => void) => {
  const url = new URL(request.url);
  change(url);
  return new Request(url, request);
};
/** Rewrites the JSON body of successful answers. */
const mapJson = (handler: Handler, change: (body: unknown) => unknown): Handler => async (request) => {
  const response = await handler(request);
  if (response.status !== 200 && response.status !== 201) return response;
  const body = change(await response.json());
  return new Response(JSON.stringify(body), { status: response.status, headers: { "content-type": "application/json" } });
};
const renameIds = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(renameIds)
  : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "id" && typeof v === "number" ? String(v) : renameIds(v)]))
  : value;

export const DEFECTS: Record<string, (handler: Handler) => Handler> = {
  /** Always the default page size, whatever `limit` says. */
  "limit-ignored": (h) => (request) => h(withUrl(request, (url) => url.searchParams.delete("limit"))),
  /** Always the first page, whatever `offset` says. */
  "offset-ignored": (h) => (request) => h(withUrl(request, (url) => url.searchParams.delete("offset"))),
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
  "missing-field": (h) => mapJson(h, (body) => {
    const strip = (p: unknown) => (p && typeof p === "object" && "title" in p ? Object.fromEntries(Object.entries(p).filter(([k]) => k !== "title")) : p);
    return Array.isArray(body) ? body.map(strip) : strip(body);
  }),
};
