// Type tests: compiled by `npm run typecheck` (tsc --noEmit over the root tsconfig), which
// test/types/typecheck.test.ts runs. Each @ts-expect-error must meet an error, or tsc fails:
// so wrong code that compiled would fail the suite. Nothing here is executed.
import { expectTypeOf } from "vitest";
import createFetchClient from "openapi-fetch";
import {
  ApiError,
  collectAll,
  createClient,
  paginate,
  unwrap,
  type ApiClient,
  type CapturedUrl,
  type Copy,
  type CopyRevision,
  type Group,
  type Organization,
  type PageItem,
  type PaginatedPath,
  type Problem,
  type Project,
  type ProjectCreate,
  type ProjectFile,
  type ProjectUser,
  type ProjectUserAdd,
  type components,
  type paths,
} from "../../src/index.js";

declare const client: ApiClient;
const path = { params: { path: { project_id: 48213 } } } as const;

export async function correctCodeInfersTheResources() {
  expectTypeOf(createClient({ baseUrl: "https://x/public/api", apiKey: "k" })).toEqualTypeOf<ApiClient>();

  expectTypeOf(unwrap(await client.GET("/projects/{project_id}.json", path))).toEqualTypeOf<Project>();
  expectTypeOf(unwrap(await client.GET("/projects.json"))).toEqualTypeOf<Project[]>();
  expectTypeOf(unwrap(await client.GET("/projects.json", { params: { query: { limit: 10, offset: 20 } } }))).toEqualTypeOf<Project[]>();
  expectTypeOf(unwrap(await client.POST("/projects.json", { body: { name: "Spring" } }))).toEqualTypeOf<Project>();
  expectTypeOf(unwrap(await client.GET("/organizations.json"))).toEqualTypeOf<Organization>();
  expectTypeOf(unwrap(await client.GET("/groups.json"))).toEqualTypeOf<Group[]>();
  expectTypeOf(unwrap(await client.GET("/projects/{project_id}/users.json", path))).toEqualTypeOf<ProjectUser[]>();

  // 204 operations: unwrap gives nothing to use, and code after it stays reachable.
  const updated = unwrap(await client.PATCH("/projects/{project_id}.json", { ...path, body: { name: "New name" } }));
  expectTypeOf(updated).toEqualTypeOf<undefined>();
  unwrap(await client.DELETE("/projects/{project_id}.json", path));
  const reachable: number = 1;

  // Request bodies under their own names.
  const create: ProjectCreate = { name: "Spring", description: "Launch", job_code: "SPR-1" };
  const byId: ProjectUserAdd = { user: "2087" };
  const byEmail: ProjectUserAdd = { email: "dana@example.com" };
  void [create, byId, byEmail, reachable];

  // Error responses are typed as the Problem schema.
  const result = await client.GET("/groups.json");
  if (result.error) expectTypeOf(result.error).toEqualTypeOf<Problem>();

  const error = new ApiError({ status: 404, operation: "GET /groups.json", response: new Response() });
  expectTypeOf(error.status).toEqualTypeOf<number>();
  expectTypeOf(error.operation).toEqualTypeOf<string>();
  expectTypeOf(error.problem).toEqualTypeOf<Problem | undefined>();
  expectTypeOf(error.text).toEqualTypeOf<string | undefined>();
  expectTypeOf<Problem>().toEqualTypeOf<components["schemas"]["Problem"]>();
}

export async function paginationIsTypedByPath() {
  expectTypeOf<PaginatedPath>().toEqualTypeOf<
    | "/projects.json"
    | "/v1/projects/{project_id}/files.json"
    | "/projects/{project_id}/urls.json"
    | "/projects/{project_id}/copy.json"
    | "/copy/{copy_id}/revisions.json"
    | "/projects/{project_id}/users.json"
  >();
  expectTypeOf<PageItem<"/projects.json">>().toEqualTypeOf<Project>();
  expectTypeOf<PageItem<"/projects/{project_id}/urls.json">>().toEqualTypeOf<CapturedUrl>();
  expectTypeOf<PageItem<"/projects/{project_id}/copy.json">>().toEqualTypeOf<Copy>();
  expectTypeOf<PageItem<"/copy/{copy_id}/revisions.json">>().toEqualTypeOf<CopyRevision>();

  for await (const project of paginate(client, "/projects.json")) expectTypeOf(project).toEqualTypeOf<Project>();
  // A plain openapi-fetch client over the same paths works too.
  const plain = createFetchClient<paths>({ baseUrl: "https://x/public/api" });
  expectTypeOf(await collectAll(plain, "/projects/{project_id}/urls.json", path)).toEqualTypeOf<CapturedUrl[]>();
  for await (const project of paginate(client, "/projects.json", { params: { query: { limit: 50 } } })) void project;
  expectTypeOf(await collectAll(client, "/v1/projects/{project_id}/files.json", path)).toEqualTypeOf<ProjectFile[]>();
  expectTypeOf(await collectAll(client, "/copy/{copy_id}/revisions.json", { params: { path: { copy_id: 5520 } } })).toEqualTypeOf<
    CopyRevision[]
  >();
}

export async function wrongCodeDoesNotCompile() {
  // @ts-expect-error — a path the API does not have
  await client.GET("/project.json");
  // @ts-expect-error — a path that exists, with a method it does not take (groups are read-only)
  await client.POST("/groups.json", { body: {} });
  // @ts-expect-error — no DELETE on the organization
  await client.DELETE("/organizations.json");
  // @ts-expect-error — PUT is never part of this API
  await client.PUT("/projects/{project_id}.json", path);

  // @ts-expect-error — the required `name` is missing
  await client.POST("/projects.json", { body: { description: "No name" } });
  // @ts-expect-error — the body is required
  await client.POST("/projects.json", {});
  // @ts-expect-error — the required path parameter is missing
  await client.GET("/projects/{project_id}.json");
  // @ts-expect-error — a path parameter of the wrong type
  await client.GET("/projects/{project_id}.json", { params: { path: { project_id: "48213" } } });

  // @ts-expect-error — an unknown property in the body
  await client.POST("/projects.json", { body: { name: "Spring", colour: "red" } });
  // @ts-expect-error — an unknown property in the body of a PATCH
  await client.PATCH("/projects/{project_id}.json", { ...path, body: { title: "Titles are read back, names are sent" } });

  // @ts-expect-error — a query parameter the operation does not take
  await client.GET("/projects.json", { params: { query: { page: 2 } } });
  // @ts-expect-error — a query parameter of the wrong type
  await client.GET("/projects.json", { params: { query: { limit: "10" } } });

  // @ts-expect-error — groups are not paginated
  paginate(client, "/groups.json");
  // @ts-expect-error — a single resource is not a list
  paginate(client, "/projects/{project_id}.json", path);
  // @ts-expect-error — the path parameter of a paginated path is still required
  await collectAll(client, "/v1/projects/{project_id}/files.json");
  // @ts-expect-error — a wrong query parameter given to the pagination helper
  paginate(client, "/projects.json", { params: { query: { pageSize: 10 } } });

  // @ts-expect-error — retry options are an object or false, not true
  createClient({ baseUrl: "https://x/public/api", apiKey: "k", retry: true });
  // @ts-expect-error — the API key is required
  createClient({ baseUrl: "https://x/public/api" });
}
