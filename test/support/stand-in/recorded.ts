// A stand-in given to the checker as a user's server (not disposable), in this process: it records
// every request it receives, and reads its whole state — what each of the seed's users sees, through
// the sandbox itself, unrecorded — so a run can be shown to have changed nothing (read-only) or to have
// left everything as it found it (writes).
import { DEFAULT_API_KEYS, type SandboxSeed } from "../../../src/sandbox/index.js";
import { walkPages } from "../pages.js";
import type { Handler } from "./documented-only.js";
import { STAND_IN_KEY, STAND_IN_OTHER_KEY } from "./seed.js";
import { standIn } from "./server.js";

export interface RecordedStandIn {
  baseUrl: string;
  apiKey: string;
  otherApiKey: string;
  fetch: Handler;
  /** "METHOD /path?query" of every request received, in order. */
  requests: string[];
  /** Everything every user can read, as one JSON text; the emails sent are apart. */
  state(): Promise<string>;
  /** The addresses the service emailed (adding a user by email sends one). */
  emailsSent(): string[];
}

export function recordedStandIn(
  options: { defect?: string; seed?: SandboxSeed; wrap?: (handler: Handler) => Handler } = {},
): RecordedStandIn {
  const { sandbox, handler } = standIn(options.defect, options.seed);
  const served = options.wrap ? options.wrap(handler) : handler;
  const requests: string[] = [];
  const fetch: Handler = (request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return served(request);
  };
  const read = async (key: string, path: string): Promise<{ status: number; body?: unknown }> => {
    const response = await sandbox.fetch(new Request(`http://stand-in${path}`, { headers: { authorization: `Basic ${btoa(`${key}:`)}` } }));
    return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
  };
  const all = (key: string, path: string): Promise<Array<{ id: number }>> =>
    walkPages(
      async (offset, limit) =>
        ((await read(key, `${path}?offset=${offset}&limit=${limit}`)).body as Array<{ id: number }> | undefined) ?? [],
      { pageSize: 100 },
    );
  async function state(): Promise<string> {
    const seen: Record<string, unknown> = {};
    for (const key of Object.keys(DEFAULT_API_KEYS)) {
      const projects: Record<number, unknown> = {};
      for (const { id } of await all(key, "/projects.json")) {
        const copy = await all(key, `/projects/${id}/copy.json`);
        projects[id] = {
          project: await read(key, `/projects/${id}.json`),
          users: await all(key, `/projects/${id}/users.json`),
          files: await all(key, `/v1/projects/${id}/files.json`),
          urls: await all(key, `/projects/${id}/urls.json`),
          copy: await Promise.all(copy.map(async (c) => ({ ...c, revisions: await all(key, `/copy/${c.id}/revisions.json`) }))),
        };
      }
      // The organization's `modified` is the server's own record of the (opted-in, restored) update.
      const { body: organization } = (await read(key, "/organizations.json")) as { body: Record<string, unknown> };
      const { modified: _modified, ...fields } = organization;
      seen[key] = { projects, organization: fields, groups: await read(key, "/groups.json") };
    }
    return JSON.stringify(seen);
  }
  const emailsSent = () => sandbox.sentEmails().map((email) => email.to);
  return { baseUrl: "https://stand-in.invalid", apiKey: STAND_IN_KEY, otherApiKey: STAND_IN_OTHER_KEY, fetch, requests, state, emailsSent };
}
