// Type tests (run by `npm run typecheck`, see client.types.ts): an ApiClient is an openapi-fetch
// Client<paths> to the type checker, openapi-fetch's helper types work on it, `parseAs` types `data`
// as openapi-fetch does, and unknown option properties still fail to compile.
import { expectTypeOf } from "vitest";
import { wrapAsPathBasedClient, type Client, type ClientPathsWithMethod, type MethodResponse } from "openapi-fetch";
import {
  collectAll,
  createClient,
  type ApiClient,
  type Group,
  type PaginationClient,
  type Project,
  type ProjectUserAddByEmail,
  type ProjectUserAddById,
  type paths,
} from "../../src/index.js";

declare const client: ApiClient;
const path = { params: { path: { project_id: 48213 } } } as const;

export async function anApiClientIsAnOpenapiFetchClient() {
  expectTypeOf<ApiClient>().toMatchTypeOf<Client<paths>>();
  const asClient: Client<paths> = createClient({ baseUrl: "https://x/public/api", apiKey: "k" });
  const asPaginationClient: PaginationClient = client;
  void [asClient, asPaginationClient];

  const byPath = wrapAsPathBasedClient(client);
  expectTypeOf((await byPath["/groups.json"].GET()).data).toEqualTypeOf<Group[] | undefined>();
  expectTypeOf<MethodResponse<typeof client, "get", "/projects.json">>().toEqualTypeOf<Project[]>();
  expectTypeOf<MethodResponse<typeof client, "post", "/projects.json">>().toEqualTypeOf<Project>();
  expectTypeOf<ClientPathsWithMethod<typeof client, "patch">>().toEqualTypeOf<"/projects/{project_id}.json" | "/organizations.json">();
  // client.request is openapi-fetch's own.
  expectTypeOf((await client.request("get", "/groups.json")).data).toEqualTypeOf<Group[] | undefined>();
  // A plain openapi-fetch client still works with this package's helpers.
  expectTypeOf(await collectAll(asClient, "/projects.json")).toEqualTypeOf<Project[]>();
}

export async function parseAsTypesTheData() {
  expectTypeOf((await client.GET("/groups.json")).data).toEqualTypeOf<Group[] | undefined>();
  expectTypeOf((await client.GET("/groups.json", { parseAs: "json" })).data).toEqualTypeOf<Group[] | undefined>();
  expectTypeOf((await client.GET("/groups.json", { parseAs: "text" })).data).toEqualTypeOf<string | undefined>();
  expectTypeOf((await client.GET("/projects/{project_id}.json", { ...path, parseAs: "blob" })).data).toEqualTypeOf<Blob | undefined>();
  expectTypeOf((await client.GET("/groups.json", { parseAs: "arrayBuffer" })).data).toEqualTypeOf<ArrayBuffer | undefined>();
  expectTypeOf((await client.GET("/groups.json", { parseAs: "stream" })).data).toEqualTypeOf<Response["body"] | undefined>();
  // @ts-expect-error — not a way openapi-fetch parses
  await client.GET("/groups.json", { parseAs: "xml" });
}

export async function unknownPropertiesStillFail() {
  // @ts-expect-error — an unknown body property
  await client.POST("/projects.json", { body: { name: "Spring", colour: "red" } });
  // @ts-expect-error — an unknown property nested in the body
  await client.PATCH("/organizations.json", { body: { address: { streets: "1 Main St" } } });
  await client.PATCH("/organizations.json", { body: { address: { street: "1 Main St" } } });
  // @ts-expect-error — neither member of the add-user oneOf has `mail`
  await client.POST("/projects/{project_id}/users.json", { ...path, body: { mail: "a@example.com" } });
  const byId: ProjectUserAddById = { user: "2087" };
  const byEmail: ProjectUserAddByEmail = { email: "a@example.com" };
  await client.POST("/projects/{project_id}/users.json", { ...path, body: byId });
  await client.POST("/projects/{project_id}/users.json", { ...path, body: byEmail });
  // @ts-expect-error — an unknown query parameter, with parseAs given too
  await client.GET("/projects.json", { params: { query: { page: 2 } }, parseAs: "text" });
}

export function clientWideOptions() {
  createClient({ baseUrl: "https://x/public/api", apiKey: "k", headers: { "X-Team": "a" }, redirect: "error", credentials: "omit" });
  createClient({ baseUrl: "https://x/public/api", apiKey: "k", headers: new Headers(), requestInitExt: { dispatcher: {} } });
  // @ts-expect-error — serializers are not offered: the service takes plain integers and JSON
  createClient({ baseUrl: "https://x/public/api", apiKey: "k", querySerializer: { array: { style: "form", explode: true } } });
  // @ts-expect-error — a client-wide signal would end every later call: pass one per call
  createClient({ baseUrl: "https://x/public/api", apiKey: "k", signal: AbortSignal.timeout(1) });
}
