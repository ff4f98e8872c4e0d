// Before any check: is the server there, is the key accepted, and what can it see? The ids every check
// uses come from here — a project the key can see that holds copy, one of its users, a piece of its
// copy (whose id differs from the project's when the account has one) and the first group — never
// from the description's examples. Only reads are sent, each list read once with a small `limit` (a
// long account is sampled, not walked). A 5xx is retried before the run stops.
import { basicAuthorization, send, type RawResponse } from "./http.js";
import type { Ids, Target } from "./target.js";
import { BusyError, type Transport } from "./transport.js";

export class SetupError extends Error {
  override name = "SetupError";
}

/** How many projects are looked at for one that holds copy and a user. */
const PROJECTS_LOOKED_AT = 10;
const SERVER_ERROR_ATTEMPTS = 3;

async function get(
  transport: Transport,
  target: Target,
  path: string,
  apiKey = target.apiKey,
  keyName = "PCS_API_KEY",
): Promise<RawResponse> {
  for (let attempt = 1; ; attempt++) {
    let response: RawResponse;
    try {
      response = await send(transport, target, { method: "get", path, authorization: basicAuthorization(apiKey) });
    } catch (error) {
      if (error instanceof BusyError) throw new SetupError(`the checker stopped before any check: ${error.message}`);
      const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
      throw new SetupError(
        `the checker stopped before any check: ${target.name} is unreachable: GET ${target.baseUrl}${path} failed (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      );
    }
    if (response.status >= 500 && attempt < SERVER_ERROR_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    if (response.status >= 500)
      throw new SetupError(
        `the checker stopped before any check: the server failed: GET ${response.url} answered ${response.status} ${SERVER_ERROR_ATTEMPTS} times.`,
      );
    if (response.status === 401 || response.status === 403)
      throw new SetupError(
        `the checker stopped before any check: ${target.name} refused ${keyName} (GET ${response.url} answered ${response.status}). ` +
          "The key is sent as the user name of HTTP Basic authentication, with an empty password.",
      );
    return response;
  }
}

/** The items of a list body. Lenient on purpose — a list wrapped in an object, an id sent as a string —
 * so that such a server is reported by the checks that name what is wrong, not stopped here. */
const listOf = (body: unknown): Array<{ id: number }> => {
  const list = Array.isArray(body) ? body : (Object.values((body ?? {}) as object).find(Array.isArray) ?? []);
  return list.flatMap((item: { id?: unknown }) => {
    const id = typeof item?.id === "string" && /^\d+$/.test(item.id) ? Number(item.id) : item?.id;
    return typeof id === "number" ? [{ id }] : [];
  });
};

export async function discoverIds(transport: Transport, target: Target): Promise<Ids> {
  const projects = listOf((await get(transport, target, `/projects.json?limit=${PROJECTS_LOOKED_AT}`)).json);
  if (target.otherApiKey) await get(transport, target, "/projects.json?limit=1", target.otherApiKey, "PCS_OTHER_API_KEY");
  let found: Partial<Ids> | undefined;
  for (const project of projects) {
    const copies = listOf((await get(transport, target, `/projects/${project.id}/copy.json?limit=5`)).json);
    const user = listOf((await get(transport, target, `/projects/${project.id}/users.json?limit=1`)).json)[0];
    const copy = copies.find((c) => c.id !== project.id) ?? copies[0];
    const candidate = { project_id: project.id, copy_id: copy?.id, user_id: user?.id, copySharesProjectId: copy?.id === project.id };
    // The best: copy and a user, and a copy id that differs from the project's; else the first with copy and a user.
    if (copy && user && (!candidate.copySharesProjectId || !found?.copy_id)) found = candidate;
    if (copy && user && !candidate.copySharesProjectId) break;
    found ??= candidate;
  }
  const group = listOf((await get(transport, target, "/groups.json")).json)[0]?.id;
  const ids: Partial<Ids> = { ...found, group_id: group };
  const missing = (["project_id", "copy_id", "user_id", "group_id"] as const).filter((name) => ids[name] === undefined);
  if (missing.length) {
    const what = { project_id: "a project", copy_id: "a piece of copy in it", user_id: "a user of it", group_id: "a group" };
    throw new SetupError(
      `the checker stopped before any check: the API key sees nothing to test with on ${target.name}: no ${missing.map((m) => what[m]).join(", no ")} ` +
        `(among the first ${PROJECTS_LOOKED_AT} projects: ${projects.map((p) => p.id).join(", ") || "none"}). Use a key whose user was added to a project that holds copy.`,
    );
  }
  return ids as Ids;
}
