// The end of a run that wrote to a server that is not disposable: did the suite undo what it did?
// Everything it created carries the run's tag in its name; the organization is compared, field by
// field, with what it was before the first test. What is left is deleted or restored here, and what
// cannot be undone is reported — the run then fails, so it is never missed.
import { basicAuthorization, send } from "./http.js";
import type { Target } from "./target.js";

export const CREATED_PREFIX = "pcs-contract-test";

export async function readOrganization(target: Target): Promise<Record<string, unknown> | undefined> {
  const response = await send(target, { method: "get", path: "/organizations.json" }).catch(() => undefined);
  return response?.status === 200 && response.json && typeof response.json === "object"
    ? (response.json as Record<string, unknown>)
    : undefined;
}

async function visibleProjects(target: Target, apiKey: string): Promise<Array<{ id: number; title: string }>> {
  const all: Array<{ id: number; title: string }> = [];
  for (let offset = 0; offset < 10_000; offset += 100) {
    const page = await send(target, {
      method: "get",
      path: "/projects.json",
      query: { offset, limit: 100 },
      authorization: basicAuthorization(apiKey),
    });
    if (page.status !== 200 || !Array.isArray(page.json)) break;
    all.push(...(page.json as Array<{ id: number; title: string }>));
    if (page.json.length < 100) break;
  }
  return all;
}

/** The top-level fields a caller sets whose value differs (compared as JSON); `created` and `modified`
 * are the server's own. */
const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(before).filter(
    (field) => field !== "created" && field !== "modified" && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );

/** Returns the lines to report; `failed` when something could not be undone. */
export async function verifyCleanUp(
  target: Target,
  runTag: string,
  organizationBefore: Record<string, unknown> | undefined,
): Promise<{ lines: string[]; failed: boolean }> {
  const lines: string[] = [];
  let failed = false;
  for (const apiKey of [target.apiKey, target.otherApiKey].filter((k): k is string => !!k)) {
    for (const project of await visibleProjects(target, apiKey)) {
      if (typeof project.title !== "string" || !project.title.startsWith(CREATED_PREFIX)) continue;
      if (!project.title.startsWith(runTag)) {
        lines.push(`project ${project.id} "${project.title}" was left by an earlier run of the suite: delete it if it is not in use`);
        continue;
      }
      const removed = await send(target, {
        method: "delete",
        path: `/projects/${project.id}.json`,
        authorization: basicAuthorization(apiKey),
      }).catch(() => undefined);
      if (removed?.status === 204 || removed?.status === 404)
        lines.push(`project ${project.id} "${project.title}" was left behind by a test and has been deleted now`);
      else {
        failed = true;
        lines.push(
          `project ${project.id} "${project.title}" is left behind: DELETE ${target.baseUrl}/projects/${project.id}.json answered ${removed?.status ?? "nothing"}`,
        );
      }
    }
  }
  if (organizationBefore) {
    const now = await readOrganization(target);
    const changed = now ? changedFields(organizationBefore, now) : [];
    for (const field of changed) {
      const restored = await send(target, {
        method: "patch",
        path: "/organizations.json",
        body: { [field]: organizationBefore[field] },
      }).catch(() => undefined);
      lines.push(`organization field "${field}" was changed by the run; restoring it answered ${restored?.status ?? "nothing"}`);
    }
    const after = changed.length ? await readOrganization(target) : now;
    const still = after ? changedFields(organizationBefore, after) : ["(the organization could not be read)"];
    if (still.length) {
      failed = true;
      lines.push(
        `the organization differs from what it was before the run, in: ${still.join(", ")} (before: ${JSON.stringify(Object.fromEntries(still.map((f) => [f, organizationBefore[f]])))})`,
      );
    }
  }
  return { lines, failed };
}
