// What the suite creates on a server, and its clean-up. A project is registered the moment the server
// answers with an id — before any check of that answer — so a create that fails a check (a 200 for a
// 201, a body that breaks the schema) is still deleted. Every name starts with the run's tag
// ("pcs-contract-test <6 characters>"), so the global teardown can verify that nothing is left behind.
// Each test file that creates calls `afterAll(deleteCreated)`.
import { basicAuthorization, send, type RawRequest, type RawResponse } from "./http.js";
import { runTag, target } from "./target.js";

/** Project id → the API key that created it (and deletes it). */
const created = new Map<number, string>();

/** The id of a created resource, also when a broken server sends it as a string of digits. */
export function idOf(body: unknown): number | undefined {
  const id = (body as { id?: unknown } | undefined)?.id;
  const number = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : undefined;
}

/** A name for something this run creates: the run's tag, then what it is for (at most 50 characters). */
export function createdName(purpose: string): string {
  return `${runTag()} ${purpose}`.slice(0, 50);
}

/** Registers the project a 2xx answer names (with the key that created it) for deletion. */
export function registerCreated(response: RawResponse, apiKey: string = target().apiKey): number | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const id = idOf(response.json);
  if (id !== undefined) created.set(id, apiKey);
  return id;
}

/** Sends a request that may create a project (POST /projects.json) and registers what it created. */
export async function sendCreating(request: RawRequest, apiKey: string = target().apiKey): Promise<RawResponse & { id?: number }> {
  const response = await send(target(), request);
  return { ...response, id: registerCreated(response, apiKey) };
}

/** A test deleted a project itself: nothing left to do for it. */
export function forgetCreated(id: number): void {
  created.delete(id);
}

/** Deletes every registered project (204, or 404 when it is gone already); what could not be deleted
 * stays registered and is returned, one line each. */
export async function deleteCreated(): Promise<string[]> {
  const failures: string[] = [];
  for (const [id, apiKey] of created) {
    const response = await send(target(), {
      method: "delete",
      path: `/projects/${id}.json`,
      authorization: basicAuthorization(apiKey),
    }).catch((error: Error) => error);
    if (!(response instanceof Error) && (response.status === 204 || response.status === 404)) created.delete(id);
    else failures.push(`project ${id}: DELETE answered ${response instanceof Error ? response.message : response.status}`);
  }
  return failures;
}

let gone: Promise<number> | undefined;
/** The id of a project this run created and deleted: a target for writes that must change nothing
 * (a write with a missing key, say), even on a server that wrongly carries it out. */
export function goneProjectId(): Promise<number> {
  gone ??= (async () => {
    const response = await sendCreating({ method: "post", path: "/projects.json", body: { name: createdName("deleted on purpose") } });
    if (response.id === undefined)
      throw new Error(`a project to delete could not be created: ${response.method} ${response.url} → ${response.status}`);
    const removed = await send(target(), { method: "delete", path: `/projects/${response.id}.json` });
    if (removed.status !== 204)
      throw new Error(`the project created to be deleted could not be deleted: ${removed.method} ${removed.url} → ${removed.status}`);
    forgetCreated(response.id);
    return response.id;
  })();
  return gone;
}
