// The end of a run that wrote to a server: did the checker undo what it did? First every project the
// run registered (created.ts) is deleted. Then, on a server that is not disposable — or on any server
// when a create's answer could not name what it made (created.ts: watch) — the run's projects are
// looked for again by the run's tag, through each key's whole project list (run-projects.ts), and
// deleted: only a title that carries this run's tag exactly (ofRun), never another run's. The
// organization is compared, field by field, with what it was before the first check, and restored.
// What cannot be undone is reported, each project with the command that would delete it (a curl line
// with the key as its variable, never its value) — the run then fails, so it is never missed. Every
// name and value a server sent that these lines print (a title, an id, a field name) is quoted and cut:
// a field name holding line breaks stays inside its quotes, on its line (the console prints each line as one).
import { basicAuthorization, type RawResponse } from "../transport/http.js";
import type { Exchange } from "../transport/transport.js";
import { curlOf } from "../reports/curl.js";
import { CREATED_PREFIX, idOf, ofRun, othersTag, type LeftBehind } from "./created.js";
import { walkProjects } from "./run-projects.js";
import { excerpt } from "../transport/excerpt.js";
import type { Suite } from "./suite.js";
import { MAX_LIMIT } from "../description/description.js";

/** A name or value as a server sent it, quoted and cut (it is printed): JSON's quotes escape line breaks. */
const quoted = (value: unknown) => JSON.stringify(excerpt(String(value), 80));
const titled = quoted;

/** A request as the curl line that would send it, the key written as its variable (reports/curl.ts). */
function command(suite: Suite, method: "GET" | "DELETE", path: string, apiKey: string): string {
  const request: Exchange = {
    id: 0,
    started: "",
    method,
    url: `${suite.target.baseUrl}${path}`,
    requestHeaders: { authorization: basicAuthorization(apiKey) },
    status: 0,
    statusText: "",
    responseHeaders: {},
    responseText: "",
    size: 0,
    attempts: 0,
    ms: 0,
  };
  return curlOf(request, suite.target, suite.redact);
}

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

/**
 * The clean-up: the projects the run created deleted (those it registered, then those found by its
 * tag when `search` is asked or a create could not name what it made), the organization restored.
 */
export async function cleanUp(
  suite: Suite,
  { organizationBefore, search }: { organizationBefore?: Record<string, unknown> | undefined; search: boolean },
): Promise<{ lines: string[]; failed: boolean }> {
  const lines: string[] = [];
  let failed = false;
  const left: LeftBehind[] = await suite.created.deleteAll().catch((error: Error) => {
    failed = true;
    lines.push(`deleting the run's projects failed: ${error.message}`);
    return [];
  });
  if (search || suite.created.searchNeeded()) {
    const found = await deleteByTag(suite, new Set(left.map((l) => l.id))).catch((error: Error) => ({
      lines: [`looking for the run's projects by its tag failed: ${error.message}`],
      left: [],
      failed: true,
    }));
    lines.push(...found.lines);
    left.push(...found.left);
    failed ||= found.failed;
  }
  for (const project of left) {
    failed = true;
    lines.push(`${project.why}; to delete it: ${command(suite, "DELETE", `/projects/${project.id}.json`, project.apiKey)}`);
  }
  if (organizationBefore) {
    const restored = await restoreOrganization(suite, organizationBefore);
    lines.push(...restored.lines);
    failed ||= restored.failed;
  }
  return { lines, failed };
}

/** The organization put back, field by field, as it was before the run (failed when it cannot be) —
 * unless another checker run's change is in it (runs sharing it): that run restores it. */
async function restoreOrganization(suite: Suite, before: Record<string, unknown>): Promise<{ lines: string[]; failed: boolean }> {
  const now = await readOrganization(suite);
  const othersChange = othersTag(now?.name, suite.runTag);
  if (othersChange)
    return {
      lines: [
        `the organization holds another checker run's change (${othersChange}): left for that run to restore, or for you if it has stopped`,
      ],
      failed: false,
    };
  const lines: string[] = [];
  const changed = now ? changedFields(before, now) : [];
  for (const field of changed) {
    const restored = await suite
      .send({ method: "patch", path: "/organizations.json", body: { [field]: before[field] } })
      .catch(() => undefined);
    lines.push(`organization field ${quoted(field)} was changed by the run; restoring it answered ${restored?.status ?? "nothing"}`);
  }
  const after = changed.length ? await readOrganization(suite) : now;
  const still = after ? changedFields(before, after) : undefined;
  if (still && still.length === 0) return { lines, failed: false };
  const was = excerpt(JSON.stringify(Object.fromEntries((still ?? []).map((f) => [f, before[f]]))), 400);
  lines.push(
    still
      ? `the organization differs from what it was before the run, in: ${still.map(quoted).join(", ")} (before: ${was})`
      : "the organization could not be read again after the run: whether it is as it was before is not known",
  );
  return { lines, failed: true };
}

/** Each key's whole project list walked; every project that carries the run's tag exactly deleted
 * (those in `tried` were already, and could not be). */
async function deleteByTag(suite: Suite, tried: Set<number>): Promise<{ lines: string[]; left: LeftBehind[]; failed: boolean }> {
  const { target, runTag } = suite;
  const lines: string[] = [];
  const left: LeftBehind[] = [];
  let failed = false;
  const why = suite.created.whySearch();
  if (why) lines.push(`the run's projects were looked for by its tag ${quoted(runTag)}: ${why}`);
  const done = new Set(tried);
  const keys: Array<[string, string]> = [["the run's key", target.apiKey]];
  if (target.otherApiKey) keys.push(["the second key", target.otherApiKey]);
  for (const [whose, apiKey] of keys) {
    const walk = await walkProjects(suite, apiKey);
    for (const project of walk.projects) {
      const { title } = project;
      if (!ofRun(title, runTag)) {
        if (typeof title === "string" && title.startsWith(`${CREATED_PREFIX} `))
          lines.push(
            `project ${quoted(project.id)} ${titled(title)} is not this run's (another run of the checker left it?): not deleted; delete it if it is not in use`,
          );
        continue;
      }
      const id = idOf(project);
      // An id is a number: anything else would be sent in a DELETE's path as it came ("../organizations").
      if (id === undefined) {
        failed = true;
        lines.push(`a project named ${titled(title)} has the id ${quoted(JSON.stringify(project.id))}, not a number: not deleted`);
        continue;
      }
      if (done.has(id)) continue;
      done.add(id);
      const remove = (key: string) =>
        suite
          .send({ method: "delete", path: `/projects/${id}.json`, authorization: basicAuthorization(key) })
          .catch((error: Error) => error);
      let removed: RawResponse | Error = await remove(apiKey);
      // The second key may not delete what the run's key made: the run's key (an administrator's) tries next.
      if (!(removed instanceof Error) && removed.status >= 400 && removed.status < 500 && apiKey !== target.apiKey)
        removed = await remove(target.apiKey);
      if (!(removed instanceof Error) && removed.status === 204)
        lines.push(`project ${id} ${titled(title)} was left behind and has been found by the run's tag and deleted now`);
      else
        left.push({
          id,
          apiKey,
          why: `project ${id} ${titled(title)} is left behind: DELETE ${target.baseUrl}/projects/${id}.json answered ${removed instanceof Error ? removed.message : removed.status}`,
        });
    }
    if (walk.cut)
      lines.push(
        `${walk.cut} page${walk.cut > 1 ? "s" : ""} of the project list of ${whose} came cut short: the projects they held whole were looked at`,
      );
    if (walk.complete) continue;
    if (suite.created.searchNeeded()) {
      // A project no answer named, past what was read, cannot be known to be gone.
      failed = true;
      lines.push(
        `the project list of ${whose} was not read whole (${walk.why}): projects of this run that no answer named may be left behind; list them with ${command(suite, "GET", `/projects.json?offset=0&limit=${MAX_LIMIT}`, apiKey)} and delete each named ${quoted(`${runTag} …`)}`,
      );
    } else lines.push(`the project list of ${whose} was not read whole (${walk.why}): projects of this run past it were not looked for`);
  }
  return { lines, left, failed };
}
