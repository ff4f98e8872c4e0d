// The stand-in as a server that is NOT disposable, for `npm run test:levels`: started in the levels
// test's own process and given to the nested contract run as a real server (PCS_BASE_URL), so the suite
// applies every rule it has for a user's server. It records every request it receives, and reads its
// whole state — what each of the seed's users sees, through its own handler, unrecorded — so a run can
// be shown to have changed nothing (read-only) or to have left everything as it found it (writes).
import { serveSandbox } from "../../../scripts/sandbox-server.mjs";
import { DEFAULT_API_KEYS } from "../../../src/sandbox/index.js";
import { STAND_IN_KEY, STAND_IN_OTHER_KEY } from "./seed.js";
import { standIn } from "./server.js";

export interface RecordedStandIn {
  url: string;
  apiKey: string;
  otherApiKey: string;
  /** "METHOD /path?query" of every request received, in order. */
  requests: string[];
  /** Everything every user can read, as one JSON text (see state()); the emails sent are apart. */
  state(): Promise<string>;
  /** The addresses the service emailed (adding a user by email sends one). */
  emailsSent(): string[];
  stop(): Promise<void>;
}

export async function startRecordedStandIn(defect?: string): Promise<RecordedStandIn> {
  const { sandbox, handler } = standIn(defect);
  const requests: string[] = [];
  const server = await serveSandbox({
    ...sandbox,
    fetch: (request: Request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      return handler(request);
    },
  });
  // Read through the sandbox itself (no defect, nothing recorded).
  const read = async (key: string, path: string): Promise<unknown> => {
    const response = await sandbox.fetch(new Request(`http://stand-in${path}`, { headers: { authorization: `Basic ${btoa(`${key}:`)}` } }));
    return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
  };
  const all = async (key: string, path: string): Promise<Array<{ id: number }>> => {
    const items: Array<{ id: number }> = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await read(key, `${path}?offset=${offset}&limit=100`)) as { body?: Array<{ id: number }> };
      items.push(...(page.body ?? []));
      if ((page.body ?? []).length < 100) return items;
    }
  };
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
    return JSON.stringify(seen, null, 1);
  }
  const emailsSent = () => sandbox.sentEmails().map((email) => email.to);
  return { url: server.url, apiKey: STAND_IN_KEY, otherApiKey: STAND_IN_OTHER_KEY, requests, state, emailsSent, stop: server.close };
}
