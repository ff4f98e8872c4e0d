// The four ways a user could call this API, each set up the way its documentation shows, all against
// the same server. Each contender exposes the same two calls — getProject (a path parameter) and
// listProjects (query parameters) — returning the parsed JSON body and throwing on a non-2xx status,
// so every contender does the same work: build the URL, send Basic auth, read and parse the body.
import createOpenApiFetchClient from "openapi-fetch";
import { versionOf } from "./versions.mjs";

const API_KEY = "bench-api-key";
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString("base64")}`;

/** This package's client: auth, timeout and retry wrapping all on (the defaults, stated explicitly). */
async function ours(baseUrl) {
  const { createClient, unwrap } = await import("../generated/lib/index.js");
  const client = createClient({ baseUrl, apiKey: API_KEY, timeoutMs: 30_000 });
  return {
    getProject: async (id) => unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: id } } })),
    listProjects: async (offset, limit) => unwrap(await client.GET("/projects.json", { params: { query: { offset, limit } } })),
  };
}

/** openapi-fetch used directly, with the auth header set once on the client. */
async function openapiFetch(baseUrl) {
  const client = createOpenApiFetchClient({ baseUrl, headers: { Authorization: BASIC } });
  const ok = ({ data, error, response }) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(error)}`);
    return data;
  };
  return {
    getProject: async (id) => ok(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: id } } })),
    listProjects: async (offset, limit) => ok(await client.GET("/projects.json", { params: { query: { offset, limit } } })),
  };
}

/** Plain fetch: the floor every typed client is compared with. */
async function plainFetch(baseUrl) {
  const get = async (url) => {
    const response = await fetch(url, { headers: { Authorization: BASIC, Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    getProject: (id) => get(`${baseUrl}/projects/${encodeURIComponent(id)}.json`),
    listProjects: (offset, limit) => get(`${baseUrl}/projects.json?offset=${offset}&limit=${limit}`),
  };
}

/** The SDK @hey-api/openapi-ts generates (bench/peer/build), with its own client and Basic auth. */
async function peer(baseUrl) {
  const { createClient } = await import("./peer/build/client/index.js");
  const sdk = await import("./peer/build/sdk.gen.js");
  // The generated SDK marks each operation with the basic scheme and Base64-encodes what `auth` returns.
  const client = createClient({ baseUrl, auth: `${API_KEY}:`, throwOnError: true });
  return {
    getProject: async (id) => (await sdk.getProject({ client, path: { project_id: id } })).data,
    listProjects: async (offset, limit) => (await sdk.listProjects({ client, query: { offset, limit } })).data,
  };
}

export const contenders = [
  { id: "ours", label: "@project-collaboration/api", create: ours },
  { id: "openapi-fetch", label: `openapi-fetch ${versionOf("openapi-fetch")} (raw)`, create: openapiFetch },
  { id: "fetch", label: "plain fetch", create: plainFetch },
  { id: "peer", label: `@hey-api/openapi-ts ${versionOf("@hey-api/openapi-ts", "test/interop/tools/")} SDK`, create: peer },
];
