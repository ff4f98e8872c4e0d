// Before any check: is the server there, is the key accepted, and what can it see? The ids every check
// uses come from here — a project the key can see that holds copy, one of its users, a piece of its
// copy (whose id differs from the project's when the account has one) and the first group — never
// from the description's examples. Only reads are sent, each list read once with a small `limit` (a
// long account is sampled, not walked). A 5xx is retried before the run stops. When the run cannot go
// on, the SetupError says why in the server's own answer (a 404 on every list is a wrong base URL,
// not an empty account).
import { statusHint } from "./hints.js";
import { explain, send, basicAuthorization, type RawResponse } from "./http.js";
import type { Redact } from "./redact.js";
import type { Ids, Target } from "./target.js";
import { BusyError, DeadlineError, RequestTimeoutError, type Limits, type Transport } from "./transport.js";

export class SetupError extends Error {
  override name = "SetupError";
}

/** How many projects are looked at for one that holds copy and a user. */
const PROJECTS_LOOKED_AT = 10;
const SERVER_ERROR_ATTEMPTS = 3;
const STOPPED = "the checker stopped before any check";

async function get(transport: Transport, target: Target, limits: Limits, path: string, apiKey = target.apiKey, keyName = "PCS_API_KEY") {
  for (let attempt = 1; ; attempt++) {
    let response: RawResponse;
    try {
      response = await send(transport, target, { method: "get", path, authorization: basicAuthorization(apiKey) });
    } catch (error) {
      if (error instanceof BusyError) throw new SetupError(`${STOPPED}: ${error.message}`);
      if (error instanceof DeadlineError)
        throw new SetupError(
          `${STOPPED}: the run reached its time limit (--max-time ${limits.maxTimeMs / 1000} s) during GET ${target.baseUrl}${path}`,
        );
      if (error instanceof RequestTimeoutError)
        throw new SetupError(
          `${STOPPED}: ${target.name} did not answer GET ${target.baseUrl}${path} within --timeout ${limits.timeoutMs / 1000} s (headers and body)`,
        );
      const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
      throw new SetupError(
        `${STOPPED}: ${target.name} is unreachable: GET ${target.baseUrl}${path} failed (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      );
    }
    if (response.status >= 500 && attempt < SERVER_ERROR_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    if (response.status >= 500)
      throw new SetupError(
        `${STOPPED}: the server failed: GET ${response.url} answered ${response.status} ${SERVER_ERROR_ATTEMPTS} times.`,
      );
    if (response.status === 401 || response.status === 403)
      throw new SetupError(
        `${STOPPED}: ${target.name} refused ${keyName} (GET ${response.url} answered ${response.status}). ` +
          "The key is sent as the user name of HTTP Basic authentication, with an empty password.",
      );
    return response;
  }
}

/** The items of a list body. Lenient on purpose — a list wrapped in an object, an id sent as a string —
 * so that such a server is reported by the checks that name what is wrong, not stopped here. */
const listOf = (body: unknown): Array<{ id: number }> => {
  const list = Array.isArray(body) ? body : (Object.values((body ?? {}) as object).find(Array.isArray) ?? []);
  return list.slice(0, 100).flatMap((item: { id?: unknown }) => {
    const id = typeof item?.id === "string" && /^\d+$/.test(item.id) ? Number(item.id) : item?.id;
    return typeof id === "number" ? [{ id }] : [];
  });
};

export async function discoverIds(transport: Transport, target: Target, limits: Limits, redact: Redact = (t) => t): Promise<Ids> {
  const answers: RawResponse[] = [];
  const list = async (path: string) => {
    const response = await get(transport, target, limits, path);
    answers.push(response);
    return listOf(response.json);
  };
  const projects = await list(`/projects.json?limit=${PROJECTS_LOOKED_AT}`);
  if (target.otherApiKey) await get(transport, target, limits, "/projects.json?limit=1", target.otherApiKey, "PCS_OTHER_API_KEY");
  let found: Partial<Ids> | undefined;
  for (const project of projects) {
    const copies = await list(`/projects/${project.id}/copy.json?limit=5`);
    const user = (await list(`/projects/${project.id}/users.json?limit=1`))[0];
    const copy = copies.find((c) => c.id !== project.id) ?? copies[0];
    const candidate = { project_id: project.id, copy_id: copy?.id, user_id: user?.id, copySharesProjectId: copy?.id === project.id };
    // The best: copy and a user, and a copy id that differs from the project's; else the first with copy and a user.
    if (copy && user && (!candidate.copySharesProjectId || !found?.copy_id)) found = candidate;
    if (copy && user && !candidate.copySharesProjectId) break;
    found ??= candidate;
  }
  const group = (await list("/groups.json"))[0]?.id;
  const ids: Partial<Ids> = { ...found, group_id: group };
  const missing = (["project_id", "copy_id", "user_id", "group_id"] as const).filter((name) => ids[name] === undefined);
  if (missing.length) {
    // The cause, when the server said it: the first list that was not a 200.
    const refused = answers.find((a) => a.status !== 200);
    if (refused) {
      const hint = statusHint(refused.status, "run");
      throw new SetupError(
        `${STOPPED}: nothing to test with, because the lists were not answered: ${explain("list", refused, redact)}${hint ? ` — ${hint}` : ""}`,
      );
    }
    const what = { project_id: "project", copy_id: "piece of copy in a project", user_id: "user of a project", group_id: "group" };
    throw new SetupError(
      `${STOPPED}: the API key sees nothing to test with on ${target.name}: no ${missing.map((m) => what[m]).join(", no ")} ` +
        `(among the first ${PROJECTS_LOOKED_AT} projects: ${projects.map((p) => p.id).join(", ") || "none"}). Use a key whose user was added to a project that holds copy.`,
    );
  }
  return ids as Ids;
}
