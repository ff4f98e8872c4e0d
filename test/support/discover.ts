// Before any test: is the API key accepted, and what can it see? The ids every test uses come from
// here — the first project, its first piece of copy and first user, and the first group the key can
// see — never from the description's examples, which do not exist on a real server. A rejected key,
// or a key that sees nothing to test with, stops the run at once with one message instead of a
// hundred failures.
import { send } from "./http.js";
import type { Ids, Target } from "./target.js";

export class PreflightError extends Error {
  override name = "PreflightError";
}

async function getJson(target: Target, path: string): Promise<{ status: number; body: unknown; url: string }> {
  try {
    const response = await send(target, { method: "get", path });
    return { status: response.status, body: response.json, url: response.url };
  } catch (error) {
    throw new PreflightError(`contract suite: ${target.name} does not answer GET ${target.baseUrl}${path}: ${(error as Error).cause ?? (error as Error).message}`);
  }
}

/** The first item's id. Lenient on purpose — a list wrapped in an object, an id sent as a string — so that
 * such a server is reported by the checks that name what is wrong, not stopped here for "no data". */
const firstId = (body: unknown): number | undefined => {
  const list = Array.isArray(body) ? body : Object.values((body ?? {}) as object).find(Array.isArray);
  const id = (list?.[0] as { id?: unknown } | undefined)?.id;
  const number = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof number === "number" ? number : undefined;
};

export async function discoverIds(target: Target): Promise<Ids> {
  const projects = await getJson(target, "/projects.json?limit=1");
  if (projects.status === 401 || projects.status === 403) {
    throw new PreflightError(
      `contract suite stopped: ${target.name} refused the API key (GET ${projects.url} answered ${projects.status}). ` +
        "Check PCS_API_KEY: it is sent as the user name of HTTP Basic authentication, with an empty password.",
    );
  }
  const found: Partial<Ids> = { project_id: firstId(projects.body) };
  if (found.project_id !== undefined) {
    found.copy_id = firstId((await getJson(target, `/projects/${found.project_id}/copy.json?limit=1`)).body);
    found.user_id = firstId((await getJson(target, `/projects/${found.project_id}/users.json?limit=1`)).body);
  }
  found.group_id = firstId((await getJson(target, "/groups.json")).body);
  const missing = (["project_id", "copy_id", "user_id", "group_id"] as const).filter((name) => found[name] === undefined);
  if (missing.length) {
    const what = { project_id: "a project", copy_id: "a piece of copy in that project", user_id: "a user of that project", group_id: "a group" };
    throw new PreflightError(
      `contract suite stopped: the API key sees nothing to test with on ${target.name}: no ${missing.map((m) => what[m]).join(", no ")} ` +
        `(first project: ${found.project_id ?? "none"}). Use a key whose user was added to a project that holds copy.`,
    );
  }
  return found as Ids;
}
