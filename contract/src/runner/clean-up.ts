// The end of a run that wrote to a server that is not disposable: did the checker undo what it did?
// Everything it created carries the run's tag in its name; the organization is compared, field by
// field, with what it was before the first check. What is left is deleted or restored here, and what
// cannot be undone is reported — the run then fails, so it is never missed. Every name and value a
// server sent that these lines print (a title, an id, a field name) is quoted and cut: a field name
// holding line breaks stays inside its quotes, on its line (the console prints each line as one).
import { basicAuthorization } from "../transport/http.js";
import { listAll } from "../transport/lists.js";
import { CREATED_PREFIX } from "./created.js";
import { excerpt } from "../transport/excerpt.js";
import type { Suite } from "./suite.js";

/** A name or value as a server sent it, quoted and cut (it is printed): JSON's quotes escape line breaks. */
const quoted = (value: unknown) => JSON.stringify(excerpt(String(value), 80));
const titled = quoted;

export async function readOrganization(suite: Suite): Promise<Record<string, unknown> | undefined> {
  const response = await suite.send({ method: "get", path: "/organizations.json" }).catch(() => undefined);
  return response?.status === 200 && response.json && typeof response.json === "object"
    ? (response.json as Record<string, unknown>)
    : undefined;
}

/** The top-level fields a caller sets whose value differs; `created` and `modified` are the server's own. */
const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(before).filter(
    (field) => field !== "created" && field !== "modified" && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );

export async function verifyCleanUp(
  suite: Suite,
  organizationBefore: Record<string, unknown> | undefined,
): Promise<{ lines: string[]; failed: boolean }> {
  const { target, runTag } = suite;
  const lines: string[] = [];
  let failed = false;
  for (const apiKey of [target.apiKey, target.otherApiKey].filter((k): k is string => !!k)) {
    const { items, complete } = await listAll<{ id: number; title: string }>(suite, "listProjects", "/projects.json", {
      apiKey,
      most: 900,
    });
    for (const project of items) {
      if (typeof project.title !== "string" || !project.title.startsWith(CREATED_PREFIX)) continue;
      // An id is a number: anything else would be sent in a DELETE's path as it came ("../organizations").
      if (!Number.isSafeInteger(project.id)) {
        lines.push(`a project named ${titled(project.title)} has the id ${quoted(JSON.stringify(project.id))}, not a number: not deleted`);
        continue;
      }
      if (!project.title.startsWith(runTag)) {
        lines.push(
          `project ${project.id} ${titled(project.title)} was left by an earlier run of the checker: delete it if it is not in use`,
        );
        continue;
      }
      const removed = await suite
        .send({ method: "delete", path: `/projects/${project.id}.json`, authorization: basicAuthorization(apiKey) })
        .catch(() => undefined);
      if (removed?.status === 204)
        lines.push(`project ${project.id} ${titled(project.title)} was left behind by a check and has been deleted now`);
      else {
        failed = true;
        lines.push(
          `project ${project.id} ${titled(project.title)} is left behind: DELETE ${target.baseUrl}/projects/${project.id}.json answered ${removed?.status ?? "nothing"}`,
        );
      }
    }
    if (!complete) lines.push(`the project list was read up to 900 projects only: projects of this run past them were not looked for`);
  }
  if (organizationBefore) {
    const now = await readOrganization(suite);
    const changed = now ? changedFields(organizationBefore, now) : [];
    for (const field of changed) {
      const restored = await suite
        .send({ method: "patch", path: "/organizations.json", body: { [field]: organizationBefore[field] } })
        .catch(() => undefined);
      lines.push(`organization field ${quoted(field)} was changed by the run; restoring it answered ${restored?.status ?? "nothing"}`);
    }
    const after = changed.length ? await readOrganization(suite) : now;
    const still = after ? changedFields(organizationBefore, after) : undefined;
    if (!still || still.length) {
      failed = true;
      const before = excerpt(JSON.stringify(Object.fromEntries((still ?? []).map((f) => [f, organizationBefore[f]]))), 400);
      lines.push(
        still
          ? `the organization differs from what it was before the run, in: ${still.map(quoted).join(", ")} (before: ${before})`
          : "the organization could not be read again after the run: whether it is as it was before is not known",
      );
    }
  }
  return { lines, failed };
}
