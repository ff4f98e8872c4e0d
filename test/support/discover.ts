// Before any test: is the server there, is the API key accepted, and what can it see? The ids every
// test uses come from here — a project the key can see that holds copy, one of its users, a piece of
// its copy (whose id differs from the project's, so a server that reads the wrong id is caught) and
// the first group — never from the description's examples, which do not exist on a real server. Each
// way the set-up can fail gets its own message: unreachable, the server failed (5xx), the key refused
// (401/403), the key sees nothing to test with. Only reads are sent.
import { basicAuthorization, send, type RawResponse } from "./http.js";
import type { Ids, Target } from "./target.js";

export class PreflightError extends Error {
  override name = "PreflightError";
}

async function get(target: Target, path: string, apiKey = target.apiKey, keyName = "PCS_API_KEY"): Promise<RawResponse> {
  let response: RawResponse;
  try {
    response = await send(target, { method: "get", path, authorization: basicAuthorization(apiKey) });
  } catch (error) {
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    throw new PreflightError(
      `contract suite stopped: ${target.name} is unreachable: GET ${target.baseUrl}${path} failed (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  if (response.status >= 500) {
    throw new PreflightError(
      `contract suite stopped: the server failed: GET ${response.url} answered ${response.status}. The server has a problem; the suite has not started.`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new PreflightError(
      `contract suite stopped: ${target.name} refused ${keyName} (GET ${response.url} answered ${response.status}). ` +
        "The key is sent as the user name of HTTP Basic authentication, with an empty password.",
    );
  }
  return response;
}

/** The list of a body. Lenient on purpose — a list wrapped in an object, an id sent as a string — so that
 * such a server is reported by the checks that name what is wrong, not stopped here for "no data". */
const listOf = (body: unknown): Array<{ id: number }> => {
  const list = Array.isArray(body) ? body : (Object.values((body ?? {}) as object).find(Array.isArray) ?? []);
  return list.flatMap((item: { id?: unknown }) => {
    const id = typeof item?.id === "string" && /^\d+$/.test(item.id) ? Number(item.id) : item?.id;
    return typeof id === "number" ? [{ id }] : [];
  });
};

/** How many projects are looked at for one that holds copy. */
const PROJECTS_LOOKED_AT = 10;

export async function discoverIds(target: Target): Promise<Ids> {
  const projects = listOf((await get(target, `/projects.json?limit=${PROJECTS_LOOKED_AT}`)).json);
  if (target.otherApiKey) await get(target, "/projects.json?limit=1", target.otherApiKey, "PCS_OTHER_API_KEY");
  let found: Partial<Ids> = {};
  for (const project of projects) {
    const copy = listOf((await get(target, `/projects/${project.id}/copy.json?limit=5`)).json).find((c) => c.id !== project.id);
    const user = listOf((await get(target, `/projects/${project.id}/users.json?limit=1`)).json)[0];
    found = { project_id: project.id, copy_id: copy?.id, user_id: user?.id };
    if (copy && user) break;
  }
  found.group_id = listOf((await get(target, "/groups.json")).json)[0]?.id;
  const missing = (["project_id", "copy_id", "user_id", "group_id"] as const).filter((name) => found[name] === undefined);
  if (missing.length) {
    const what = { project_id: "a project", copy_id: "a piece of copy in it", user_id: "a user of it", group_id: "a group" };
    throw new PreflightError(
      `contract suite stopped: the API key sees nothing to test with on ${target.name}: no ${missing.map((m) => what[m]).join(", no ")} ` +
        `(among the first ${PROJECTS_LOOKED_AT} projects: ${projects.map((p) => p.id).join(", ") || "none"}). Use a key whose user was added to a project that holds copy.`,
    );
  }
  return found as Ids;
}
