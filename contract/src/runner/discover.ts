// Before any check: is the server there, is the key accepted, and what can it see? The ids every check
// uses come from here — a project the key can see that holds copy, one of its users, a piece of its
// copy (whose id differs from the project's when the account has one) and the first group — never
// from the description's examples. Only reads are sent, each list read once with a small `limit` (a
// long account is sampled, not walked). One failing list is that operation's failure, reported by its
// checks; the run stops only when it cannot go on at all, and the SetupError says why in the server's
// own answer.
import { statusHint } from "../reports/hints.js";
import { explain, send, basicAuthorization, type RawResponse } from "../transport/http.js";
import type { Redact } from "../transport/redact.js";
import type { Ids, Target } from "./target.js";
import { BodyTooLargeError, BusyError, DeadlineError, RequestTimeoutError, type Limits, type Transport } from "../transport/transport.js";

export class SetupError extends Error {
  override name = "SetupError";
}

/** How many projects are looked at for one that holds copy and a user. */
const PROJECTS_LOOKED_AT = 10;
const SERVER_ERROR_ATTEMPTS = 3;
const STOPPED = "the checker stopped before any check";

async function get(transport: Transport, target: Target, limits: Limits, path: string, apiKey = target.apiKey) {
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
      // It was reached, and answered: what it did is the reason, not that it could not be reached.
      if (error instanceof BodyTooLargeError)
        throw new SetupError(`${STOPPED}: ${target.name} was reached, but to GET ${target.baseUrl}${path} ${error.message}`);
      if (error instanceof RequestTimeoutError)
        throw new SetupError(
          `${STOPPED}: ${target.name} did not answer GET ${target.baseUrl}${path} within --timeout ${limits.timeoutMs / 1000} s (headers and body)`,
        );
      const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
      throw new SetupError(
        `${STOPPED}: ${target.name} is unreachable: GET ${target.baseUrl}${path} failed (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      );
    }
    // A 5xx may pass: tried again before it counts as that list's failure (which its checks report).
    if (response.status >= 500 && attempt < SERVER_ERROR_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    return response;
  }
}

/** Requests sent at once, settled as if sent one after another: when several fail, the first one's
 * error is the set-up's (its cause names the first request, whichever failed first in time). */
async function inOrder<T extends readonly unknown[]>(pending: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(pending);
  for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
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

const refusedKey = (response: RawResponse) => response.status === 401 || response.status === 403;

/**
 * The ids the checks use, as far as the server gives them: a list that fails leaves its id missing
 * (the checks that need it are not checked, saying why; the checks of that list report the failure),
 * never the run. The run stops only when the server cannot be reached, stays busy, or refuses the key
 * itself (its project list and its group list both refuse it).
 */
export async function discoverIds(transport: Transport, target: Target, limits: Limits, redact: Redact = (t) => t): Promise<Ids> {
  const missing: Ids["missing"] = {};
  const list = async (path: string) => {
    const response = await get(transport, target, limits, path);
    return { response, items: response.status === 200 ? listOf(response.json) : [] };
  };
  const why = (response: RawResponse, what: string) => {
    const hint = statusHint(response.status, "run");
    return `no ${what} to test with: ${explain("list", response, redact)}${hint ? ` — ${hint}` : ""}`;
  };
  // The first reads at once (the transport keeps the pace and the concurrency): a server far away
  // answers them in one wait.
  const [projects, groups, other] = await inOrder([
    list(`/projects.json?limit=${PROJECTS_LOOKED_AT}`),
    list("/groups.json"),
    target.otherApiKey ? get(transport, target, limits, "/projects.json?limit=1", target.otherApiKey) : undefined,
  ] as const);
  if (refusedKey(projects.response) && refusedKey(groups.response))
    throw new SetupError(
      `${STOPPED}: ${target.name} refused PCS_API_KEY (GET ${projects.response.url} answered ${projects.response.status}). ` +
        "The key is sent as the user name of HTTP Basic authentication, with an empty password.",
    );
  // Every list answered 404 (a web server's own page, say): not an empty account but a wrong base URL.
  if (projects.response.status === 404 && groups.response.status === 404) {
    const hint = statusHint(404, "run");
    throw new SetupError(
      `${STOPPED}: nothing to test with, because the lists were not answered: ${explain("list", projects.response, redact)}${hint ? ` — ${hint}` : ""}`,
    );
  }
  if (other && refusedKey(other))
    throw new SetupError(
      `${STOPPED}: ${target.name} refused PCS_OTHER_API_KEY (GET ${other.url} answered ${other.status}). ` +
        "The key is sent as the user name of HTTP Basic authentication, with an empty password.",
    );
  let found: Partial<Ids> | undefined;
  let copyAnswer: RawResponse | undefined;
  let userAnswer: RawResponse | undefined;
  for (const project of projects.items.slice(0, PROJECTS_LOOKED_AT)) {
    const [copies, users] = await inOrder([
      list(`/projects/${project.id}/copy.json?limit=5`),
      list(`/projects/${project.id}/users.json?limit=1`),
    ] as const);
    if (copies.response.status !== 200) copyAnswer ??= copies.response;
    if (users.response.status !== 200) userAnswer ??= users.response;
    const copy = copies.items.find((c) => c.id !== project.id) ?? copies.items[0];
    const user = users.items[0];
    const candidate: Partial<Ids> = {
      project_id: project.id,
      ...(copy && { copy_id: copy.id }),
      ...(user && { user_id: user.id }),
      copySharesProjectId: copy?.id === project.id,
    };
    // The best: copy and a user, and a copy id that differs from the project's; else the most complete.
    const score = (ids: Partial<Ids> | undefined) =>
      (ids?.copy_id !== undefined ? 2 : 0) + (ids?.user_id !== undefined ? 1 : 0) - (ids?.copySharesProjectId ? 0.5 : 0);
    if (!found || score(candidate) > score(found)) found = candidate;
    if (copy && user && !candidate.copySharesProjectId) break;
  }
  const group = groups.items[0]?.id;
  if (!found)
    missing.project_id =
      projects.response.status === 200
        ? "the API key sees no project (a key that sees one would check these)"
        : why(projects.response, "project");
  if (found?.copy_id === undefined)
    missing.copy_id = copyAnswer
      ? why(copyAnswer, "piece of copy")
      : `no copy in the first ${PROJECTS_LOOKED_AT} projects the key sees (a project with copy among them would check these)`;
  if (found?.user_id === undefined)
    missing.user_id = userAnswer
      ? why(userAnswer, "project user")
      : `no project user in the first ${PROJECTS_LOOKED_AT} projects the key sees (a project with a user among them would check these)`;
  if (group === undefined)
    missing.group_id =
      groups.response.status === 200
        ? "the group list is empty (an organization with a group would check these)"
        : why(groups.response, "group");
  return { ...found, ...(group !== undefined && { group_id: group }), copySharesProjectId: found?.copySharesProjectId ?? false, missing };
}
