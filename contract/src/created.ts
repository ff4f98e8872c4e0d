// What a run creates on a server, and its clean-up. A project is registered the moment the server
// answers with an id — before any check of that answer — so a create that fails a check is still
// deleted. Every name starts with the run's tag ("pcs-contract-test <6 characters>"), so the clean-up
// check at the end can find anything left behind. A server that hides a created project from its
// creator stops all further creating: the first such project is reported, and no more are made.
import { basicAuthorization, type RawRequest, type RawResponse } from "./http.js";
import { Skip } from "./check.js";
import type { Target } from "./target.js";

export const CREATED_PREFIX = "pcs-contract-test";

/** The id of a created resource, also when a broken server sends it as a string of digits. */
export function idOf(body: unknown): number | undefined {
  const id = (body as { id?: unknown } | undefined)?.id;
  const number = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : undefined;
}

/** What the registry needs of its run (the Suite that holds it), declared here so neither file imports the other. */
export interface CreatingRun {
  readonly runTag: string;
  readonly target: Target;
  send(request: RawRequest): Promise<RawResponse>;
  explain(what: string, response: RawResponse): string;
}

export class Created {
  /** Project id → the API key that created it (and deletes it). */
  private readonly projects = new Map<number, string>();
  /** Why creating stopped (a created project could not be read back), once it has. */
  stopped: string | undefined;
  /** The project whose creator could not read it back (its DELETE's 404 does not mean it is gone). */
  private hidden: number | undefined;
  private gone: Promise<number> | undefined;
  private firstReadBack: Promise<void> | undefined;

  constructor(private readonly suite: CreatingRun) {}

  /** A name for something this run creates: the run's tag, then what it is for (at most 50 characters). */
  name(purpose: string): string {
    return `${this.suite.runTag} ${purpose}`.slice(0, 50);
  }

  /** Sends a request that may create a project (POST /projects.json), registers what it created, and
   * reads it back: a project its creator cannot read stops all further creating. */
  async send(request: RawRequest, apiKey: string = this.suite.target.apiKey): Promise<RawResponse & { id?: number }> {
    // The first create is read back before any other is sent, so a server that hides what it creates
    // gets one project from the run, not one per check running at the time.
    if (!this.firstReadBack) {
      let done!: () => void;
      this.firstReadBack = new Promise((resolve) => (done = resolve));
      try {
        return await this.createAndReadBack(request, apiKey);
      } finally {
        done();
      }
    }
    await this.firstReadBack;
    return this.createAndReadBack(request, apiKey);
  }

  private async createAndReadBack(request: RawRequest, apiKey: string): Promise<RawResponse & { id?: number }> {
    if (this.stopped) throw new Skip(`creating projects stopped earlier in this run: ${this.stopped}`);
    const response = await this.suite.send(request);
    const id = this.register(response, apiKey);
    if (id !== undefined && this.suite.target.stateful) {
      const read = await this.suite.send({ method: "get", path: `/projects/${id}.json`, authorization: basicAuthorization(apiKey) });
      if (read.status >= 400 && read.status < 500) {
        this.hidden = id;
        this.stopped = `project ${id}, just created, cannot be read back by its creator (${this.suite.explain("getProject", read)}); no more projects are created`;
      }
    }
    return { ...response, id };
  }

  /** Registers the project a 2xx answer names (with the key that created it) for deletion. */
  register(response: RawResponse, apiKey: string = this.suite.target.apiKey): number | undefined {
    if (response.status < 200 || response.status >= 300) return undefined;
    const id = idOf(response.json);
    if (id !== undefined) this.projects.set(id, apiKey);
    return id;
  }

  /** A check deleted a project itself: nothing left to do for it. */
  forget(id: number): void {
    this.projects.delete(id);
  }

  /** Deletes every registered project (204, or 404 when it is gone already); returns what could not be. */
  async deleteAll(): Promise<string[]> {
    const failures: string[] = [];
    for (const [id, apiKey] of this.projects) {
      const response = await this.suite
        .send({ method: "delete", path: `/projects/${id}.json`, authorization: basicAuthorization(apiKey) })
        .catch((error: Error) => error);
      const gone = !(response instanceof Error) && (response.status === 204 || (response.status === 404 && id !== this.hidden));
      if (gone) this.projects.delete(id);
      else if (id === this.hidden)
        failures.push(`project ${id} (named "${this.suite.runTag} …") is left behind: its creator can neither read nor delete it`);
      else failures.push(`project ${id}: DELETE answered ${response instanceof Error ? response.message : response.status}`);
    }
    return failures;
  }

  /** The id of a project this run created and deleted: a target for writes that must change nothing. */
  goneProjectId(): Promise<number> {
    this.gone ??= (async () => {
      const response = await this.send({ method: "post", path: "/projects.json", body: { name: this.name("deleted on purpose") } });
      if (response.id === undefined)
        throw new Error(`a project to delete could not be created: ${this.suite.explain("createProject", response)}`);
      const removed = await this.suite.send({ method: "delete", path: `/projects/${response.id}.json` });
      if (removed.status !== 204)
        throw new Error(`the project created to be deleted could not be deleted: ${this.suite.explain("deleteProject", removed)}`);
      this.forget(response.id);
      return response.id;
    })();
    return this.gone;
  }
}
