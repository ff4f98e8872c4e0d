// The same consumer written against the SDK @hey-api/openapi-ts generates (bench/peer/generated):
// every operation once, the result read the same way. `throwOnError: true` is the peer's equivalent
// of unwrap(): data is returned, a non-2xx status throws. Only type-checked. "peer-sdk" is mapped by
// tsconfig paths to the generated sources (tsconfig.peer.json, how the peer's docs have you use it)
// or to their compiled declarations (tsconfig.peer-compiled.json, as if published as a package).
import {
  addProjectUser,
  createProject,
  deleteProject,
  getGroup,
  getOrganization,
  getProject,
  listCapturedUrls,
  listCopy,
  listCopyRevisions,
  listFiles,
  listGroups,
  listProjects,
  listProjectUsers,
  removeProjectUser,
  updateOrganization,
  updateProject,
} from "peer-sdk";
import { createClient } from "peer-sdk/client";

const client = createClient({ baseUrl: "https://your-host.invalid/public/api", auth: "api-key:", throwOnError: true });
const opts = { client, throwOnError: true } as const;

export async function everyOperation(): Promise<string[]> {
  const seen: string[] = [];
  const projects = (await listProjects({ ...opts, query: { offset: 0, limit: 10 } })).data;
  seen.push(projects[0]?.title ?? "");
  const created = (await createProject({ ...opts, body: { name: "Launch", description: "Spring" } })).data;
  seen.push(created.title);
  const project = (await getProject({ ...opts, path: { project_id: created.id } })).data;
  seen.push(project.ownership);
  await updateProject({ ...opts, path: { project_id: 1 }, body: { name: "Renamed" } });
  await deleteProject({ ...opts, path: { project_id: 1 } });
  const files = (await listFiles({ ...opts, path: { project_id: 1 }, query: { limit: 5 } })).data;
  seen.push(String(files[0]?.id));
  const urls = (await listCapturedUrls({ ...opts, path: { project_id: 1 } })).data;
  seen.push(String(urls[0]?.id));
  const copy = (await listCopy({ ...opts, path: { project_id: 1 } })).data;
  seen.push(String(copy[0]?.id));
  const revisions = (await listCopyRevisions({ ...opts, path: { copy_id: 2 } })).data;
  seen.push(revisions[0]?.text ?? "");
  const users = (await listProjectUsers({ ...opts, path: { project_id: 1 } })).data;
  seen.push(users[0]?.email ?? "");
  const added = (await addProjectUser({ ...opts, path: { project_id: 1 }, body: { user: "48213" } })).data;
  seen.push(added.email);
  await removeProjectUser({ ...opts, path: { project_id: 1, user_id: 3 } });
  const organization = (await getOrganization(opts)).data;
  seen.push(organization.name);
  await updateOrganization({ ...opts, body: { website: "https://example.com" } });
  const groups = (await listGroups(opts)).data;
  seen.push(groups[0]?.name ?? "");
  const group = (await getGroup({ ...opts, path: { group_id: 4 } })).data;
  seen.push(group.description);
  return seen;
}
