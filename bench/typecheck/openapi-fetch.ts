// The same consumer on raw openapi-fetch with this package's generated `paths` types (what a user who
// picks openapi-fetch alone writes): a one-line ok() instead of unwrap(). Only type-checked.
import createClient from "openapi-fetch";
import type { paths } from "@project-collaboration/api";

const unwrap = <T>(result: { data?: T; response: Response }): T => {
  if (!result.response.ok || result.data === undefined) throw new Error(`HTTP ${result.response.status}`);
  return result.data;
};

const client = createClient<paths>({
  baseUrl: "https://your-host.invalid/public/api",
  headers: { Authorization: `Basic ${btoa("api-key:")}` },
});

export async function everyOperation(): Promise<string[]> {
  const seen: string[] = [];
  const projects = unwrap(await client.GET("/projects.json", { params: { query: { offset: 0, limit: 10 } } }));
  seen.push(projects[0]?.title ?? "");
  const created = unwrap(await client.POST("/projects.json", { body: { name: "Launch", description: "Spring" } }));
  seen.push(created.title);
  const project = unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: created.id } } }));
  seen.push(project.ownership);
  await client.PATCH("/projects/{project_id}.json", { params: { path: { project_id: 1 } }, body: { name: "Renamed" } });
  await client.DELETE("/projects/{project_id}.json", { params: { path: { project_id: 1 } } });
  const files = unwrap(
    await client.GET("/v1/projects/{project_id}/files.json", { params: { path: { project_id: 1 }, query: { limit: 5 } } }),
  );
  seen.push(String(files[0]?.id));
  const urls = unwrap(await client.GET("/projects/{project_id}/urls.json", { params: { path: { project_id: 1 } } }));
  seen.push(String(urls[0]?.id));
  const copy = unwrap(await client.GET("/projects/{project_id}/copy.json", { params: { path: { project_id: 1 } } }));
  seen.push(String(copy[0]?.id));
  const revisions = unwrap(await client.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: 2 } } }));
  seen.push(revisions[0]?.text ?? "");
  const users = unwrap(await client.GET("/projects/{project_id}/users.json", { params: { path: { project_id: 1 } } }));
  seen.push(users[0]?.email ?? "");
  const added = unwrap(
    await client.POST("/projects/{project_id}/users.json", { params: { path: { project_id: 1 } }, body: { user: "48213" } }),
  );
  seen.push(added.email);
  await client.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: 1, user_id: 3 } } });
  const organization = unwrap(await client.GET("/organizations.json"));
  seen.push(organization.name);
  await client.PATCH("/organizations.json", { body: { website: "https://example.com" } });
  const groups = unwrap(await client.GET("/groups.json"));
  seen.push(groups[0]?.name ?? "");
  const group = unwrap(await client.GET("/groups/{group_id}.json", { params: { path: { group_id: 4 } } }));
  seen.push(group.description);
  return seen;
}
