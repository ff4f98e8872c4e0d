// What a run creates on a server, and its clean-up. A project is registered the moment the server
// answers with an id — before any check of that answer — so a create that fails a check is still
// deleted. Every name starts with the run's tag ("pcs-contract-test <6 characters>", then a space), so
// the clean-up can find anything left behind. A server that hides a created project from its creator
// stops all further creating: the first such project is reported, and no more are made.
//
// Every create the run sends passes watch() (Suite.send): an answer that cannot name what it made (cut
// short, not JSON, no id, not answered in full) or that names a project an earlier create made sends
// the clean-up looking for the run's projects by its tag; the second is also a failure of the create —
// it did not create — and counts once among the projects the run created.
import { basicAuthorization, type RawRequest, type RawResponse } from "../transport/http.js";
import { ChecksClosedError, currentCheck, WriteRefusedError, type Exchange } from "../transport/transport.js";
import { Skip } from "./check.js";
import { statedRulesOf, type CheckCode } from "../description/check-codes.js";
import { FIELD_LIMITS } from "../description/description.js";
import { slug, type CheckResult } from "./result.js";
import type { Target } from "./target.js";
import { isJsonMediaType } from "../transport/media-type.js";

export const CREATED_PREFIX = "pcs-contract-test";

/** Whether a title is one this run gave: its tag exactly, alone or followed by a space — never another
 * run's tag, nor a name that only begins like it ("<tag>0 …"). */
export const ofRun = (title: unknown, runTag: string): boolean =>
  typeof title === "string" && runTag.length > CREATED_PREFIX.length && (title === runTag || title.startsWith(`${runTag} `));

/** Whether a title is one any checker run gave (this run's or another's, one beside it or one before). */
export const ofAnyRun = (title: unknown): boolean => typeof title === "string" && title.startsWith(`${CREATED_PREFIX} `);

/** The tag of another checker run that a name begins with (its change of the organization), or
 * undefined: none, or this run's own. Only a tag as runner/run.ts makes one is read. */
export function othersTag(name: unknown, runTag: string): string | undefined {
  const tag = typeof name === "string" ? RUN_TAG.exec(name)?.[1] : undefined;
  return tag === undefined || tag === runTag ? undefined : tag;
}
const RUN_TAG = new RegExp(`^(${CREATED_PREFIX} [0-9a-z]{6}) `);

/** The id of a created resource, also when a broken server sends it as a string of digits. */
export function idOf(body: unknown): number | undefined {
  const id = (body as { id?: unknown } | undefined)?.id;
  const number = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : undefined;
}

/** A request that may create a project: a write to the project collection, however its path is
 * spelled (with or without `.json`, a trailing slash, doubled slashes, another case, a query). */
export function mayCreateProject(request: Pick<RawRequest, "method" | "path">): boolean {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "PUT") return false;
  const path = request.path
    .split(/[?#]/)[0]!
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  return /^\/(?:v\d+\/)?projects(?:\.json)?\/?$/.test(path);
}

/** What the registry needs of its run (the Suite that holds it), declared here so neither file imports the other. */
export interface CreatingRun {
  readonly runTag: string;
  readonly target: Target;
  send(request: RawRequest): Promise<RawResponse>;
  explain(what: string, response: RawResponse): string;
}

/** A project the clean-up could not delete, with the key that should be able to. */
export interface LeftBehind {
  id: number;
  apiKey: string;
  why: string;
}

/** A create whose answer did not name a project of its own. */
interface Unnamed {
  why: string;
  exchange?: Exchange;
}

/** A documented check of the write workflows judged once the run has ended: failed by its first problem
 * (its reason, then `more`), passed when there is none. */
function judgedAsAWhole(
  code: CheckCode,
  title: string,
  problems: Unnamed[],
  meta: Pick<CheckResult, "operation" | "statuses" | "rules"> & { more: string },
): CheckResult {
  const group = "write workflows";
  const id = `${group}/${slug(title)}`;
  const [first] = problems;
  const { more, ...rest } = meta;
  return {
    code,
    id,
    kind: id,
    title: `[documented] ${group}: ${title}`,
    group,
    entries: [],
    ...rest,
    status: first ? "failed" : "passed",
    ...(first && { reason: `${first.why}${more}` }),
    ...(first?.exchange && { exchange: first.exchange }),
    exchanges: problems.flatMap((p) => (p.exchange ? [p.exchange] : [])),
    ms: 0,
  };
}

export class Created {
  /** Project id → the API key that created it (and deletes it). */
  private readonly projects = new Map<number, string>();
  /** Every project id registered, deleted since or not (createdIds: masked in a baseline's signatures). */
  private readonly everRegistered = new Set<number>();
  /** Why creating stopped (a created project could not be read back), once it has. */
  stopped: string | undefined;
  /** The project whose creator could not read it back (its DELETE's 404 does not mean it is gone). */
  private hidden: number | undefined;
  private gone: Promise<number> | undefined;
  private firstReadBack: Promise<void> | undefined;
  /** Creates sent (watch), and the project each answer named first: id → that answer's request line. */
  private creates = 0;
  private readonly answered = new Map<number, string>();
  /** Answers of a success that named no project, and those that named one an earlier create made. */
  private readonly unnamed: Unnamed[] = [];
  private readonly repeated: Array<Unnamed & { id: number }> = [];
  private readonly repeatedAnswers = new WeakSet<RawResponse>();
  /** Creates whose outcome is not known (not answered in full, or answered 5xx): each may have made one. */
  private readonly unknown: string[] = [];
  /** Projects a DELETE of this run was sent for (by any caller, whatever it answered). */
  private readonly deleteSent = new Set<number>();
  /** Projects the run made and never deleted that answered 404 to their creator at the clean-up. */
  private readonly vanished: Unnamed[] = [];
  private deletedAtEnd = 0;

  constructor(private readonly suite: CreatingRun) {}

  /** A name for something this run creates: the run's tag, then what it is for (cut at the name's limit). */
  name(purpose: string): string {
    return `${this.suite.runTag} ${purpose}`.slice(0, FIELD_LIMITS.name);
  }

  /** Why a create gave the run no project of its own, in words that follow its status: a 2xx is never
   * called a refusal (issue 59: "a create was refused: … → 201"). */
  unmade(response: RawResponse): string {
    const what =
      response.status >= 200 && response.status < 300
        ? `the create was answered ${response.status} but named no new project of its own (no id, or an earlier create's)`
        : response.status >= 400 && response.status < 500
          ? `the create was refused (${response.status})`
          : `the create failed (${response.status})`;
    return `${what}: ${this.suite.explain("createProject", response)}`;
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

  /** Sends a create (`send`, through the transport) and notes what its answer says it made. The
   * request's exchange is taken in a store of its own, for the failure's curl line, and handed on to
   * the check it is for. */
  async watch(request: RawRequest, send: () => Promise<RawResponse>): Promise<RawResponse> {
    // A mock that keeps no state answers every create with the same example: nothing to name there.
    if (this.suite.target.isMock || !this.suite.target.stateful) return send();
    const outer = currentCheck.getStore();
    const store = { exchanges: [] as Exchange[] };
    let response: RawResponse;
    try {
      response = outer ? await currentCheck.run(store, send) : await send();
    } catch (error) {
      // Refused by the read-only guard or after the checks ended, it was never sent; anything else may
      // have created a project.
      if (!(error instanceof WriteRefusedError || error instanceof ChecksClosedError)) {
        this.creates++;
        this.unknown.push(`${request.method.toUpperCase()} ${request.path}: ${(error as Error)?.message ?? String(error)}`);
      }
      throw error;
    } finally {
      outer?.exchanges.push(...store.exchanges);
    }
    this.creates++;
    const exchange = store.exchanges.at(-1);
    if (response.status >= 500) this.unknown.push(this.suite.explain("createProject", response));
    if (response.status < 200 || response.status >= 300) return response;
    const id = idOf(response.json);
    const earlier = id === undefined ? undefined : this.answered.get(id);
    if (id === undefined) {
      const what =
        response.json === undefined
          ? isJsonMediaType(response.contentType) && response.text.trim()
            ? "is cut short (not JSON that can be read)"
            : "is not JSON"
          : "names no id";
      this.unnamed.push({
        why: `a create's answer ${what}, so the project it made cannot be named: ${this.suite.explain("createProject", response)}`,
        ...(exchange && { exchange }),
      });
    } else if (earlier) {
      this.repeatedAnswers.add(response);
      this.repeated.push({
        id,
        why: `a create was answered with project ${id}, which an earlier create of this run made (${earlier}): it did not create a project of its own, or did not say which — ${this.suite.explain("createProject", response)}`,
        ...(exchange && { exchange }),
      });
    } else this.answered.set(id, `${response.method} ${response.url} → ${response.status}`);
    return response;
  }

  /** Whether the run's projects must be looked for by its tag: a create may have made one no answer named. */
  searchNeeded(): boolean {
    return this.unnamed.length > 0 || this.repeated.length > 0 || this.unknown.length > 0;
  }

  /** Why the clean-up looks for the run's projects by its tag (for its report), if it must. */
  whySearch(): string | undefined {
    const counts = [
      this.unnamed.length && `${this.unnamed.length} create answer${this.unnamed.length > 1 ? "s" : ""} named no project`,
      this.repeated.length && `${this.repeated.length} named a project an earlier create made`,
      this.unknown.length &&
        `${this.unknown.length} ${this.unknown.length > 1 ? "were" : "was"} not answered in full or failed (${this.unknown[0]})`,
    ].filter(Boolean);
    return counts.length ? `of ${this.creates} creates, ${counts.join("; ")}` : undefined;
  }

  /** The create answers judged as a whole (rule create-returns-project): each names the new project it
   * made. None when the run created nothing. */
  results(): CheckResult[] {
    if (this.creates === 0) return [];
    return [this.namedResult(), ...(this.deletedAtEnd ? [this.vanishedResult()] : [])];
  }

  /** The projects the run made and did not delete, judged by their clean-up's answers. */
  private vanishedResult(): CheckResult {
    const many = this.vanished.length > 1;
    return judgedAsAWhole(
      "PCS-CREATE-STILL-OWNED",
      "a project the run made and never deleted is still its creator's at the clean-up",
      this.vanished,
      {
        operation: "deleteProject",
        statuses: [204],
        rules: statedRulesOf("PCS-CREATE-STILL-OWNED"),
        more: many ? ` (${this.vanished.length} of the ${this.deletedAtEnd} projects the clean-up deleted answered so)` : "",
      },
    );
  }

  private namedResult(): CheckResult {
    const problems = [...this.repeated, ...this.unnamed];
    const many = problems.length > 1 ? ` (${problems.length} of ${this.creates} creates answered so)` : "";
    return judgedAsAWhole("PCS-CREATE-NAMED", "each create's answer names the new project it made", problems, {
      operation: "createProject",
      statuses: [201],
      rules: statedRulesOf("PCS-CREATE-NAMED"),
      more: `${many}; the run's projects were looked for by its tag to be deleted`,
    });
  }

  private async createAndReadBack(request: RawRequest, apiKey: string): Promise<RawResponse & { id?: number }> {
    if (this.stopped) throw new Skip(`creating projects stopped earlier in this run: ${this.stopped}`);
    const response = await this.suite.send(request);
    const id = this.register(response, apiKey);
    if (id !== undefined) await this.readBack(id, apiKey);
    // A create answered with an earlier create's project made nothing the check may use (or delete) as its own.
    return { ...response, id: this.repeatedAnswers.has(response) ? undefined : id };
  }

  /** A project a check created itself (the model's scenarios send their own creates): registered at
   * once, and read back by its creator like any other. */
  async adopt(id: number, apiKey: string): Promise<void> {
    // Registered once, with its first creator's key: a project a second create named again is still one project.
    if (!this.everRegistered.has(id)) this.projects.set(id, apiKey);
    this.everRegistered.add(id);
    await this.readBack(id, apiKey);
  }

  /** Whether creating must stop: a project its creator cannot read back stops it. */
  private async readBack(id: number, apiKey: string): Promise<void> {
    if (!this.suite.target.stateful || this.readBackDone.has(id)) return;
    this.readBackDone.add(id);
    const read = await this.suite.send({ method: "get", path: `/projects/${id}.json`, authorization: basicAuthorization(apiKey) });
    if (read.status >= 400 && read.status < 500 && !this.stopped) {
      this.hidden = id;
      this.stopped = `project ${id}, just created, cannot be read back by its creator (${this.suite.explain("getProject", read)}); no more projects are created`;
    }
  }
  private readonly readBackDone = new Set<number>();

  /** Registers the project a 2xx answer names (with the key that created it) for deletion. */
  register(response: RawResponse, apiKey: string = this.suite.target.apiKey): number | undefined {
    if (response.status < 200 || response.status >= 300) return undefined;
    const id = idOf(response.json);
    if (id === undefined || this.everRegistered.has(id)) return id;
    this.projects.set(id, apiKey);
    this.everRegistered.add(id);
    return id;
  }

  /** The ids of every project this run created (RunResult.createdIds). */
  ids(): number[] {
    return [...this.everRegistered];
  }

  /** A check deleted a project itself: nothing left to do for it. */
  forget(id: number): void {
    this.projects.delete(id);
  }

  /** Notes a request that deletes a project (sent by any check or scenario, whatever it answers). */
  noteSent(request: Pick<RawRequest, "method" | "path">): void {
    const id = request.method.toLowerCase() === "delete" ? /^\/projects\/(\d+)\.json$/.exec(request.path)?.[1] : undefined;
    if (id !== undefined) this.deleteSent.add(Number(id));
  }

  /** Deletes every registered project (204, or 404 when it is gone already); returns what could not be.
   * A project the run never sent a DELETE for that answers 404 to its creator here vanished: the server
   * fails "the creator is added to it" and "a user sees the projects they were added to" (results). */
  async deleteAll(): Promise<LeftBehind[]> {
    const failures: LeftBehind[] = [];
    const deletedByTheRun = new Set(this.deleteSent);
    for (const [id, apiKey] of this.projects) {
      // Not inside a check's store: the transport refuses a check's requests once the checks are over.
      const remove = (key: string) =>
        this.suite
          .send({ method: "delete", path: `/projects/${id}.json`, authorization: basicAuthorization(key) })
          .catch((error: Error) => error);
      let response = await remove(apiKey);
      this.deletedAtEnd++;
      if (!(response instanceof Error) && response.status === 404 && id !== this.hidden && !deletedByTheRun.has(id))
        this.vanished.push({
          why: `project ${id}, made by this run and never deleted by it, answered 404 to the key that created it at the clean-up: its creator is added to it and sees it until it is deleted — ${this.suite.explain("deleteProject", response)}`,
        });
      // A creator the server does not let delete (it should: "the project creator may delete"): the run's
      // own key, a company administrator's, tries next.
      const refused = (r: RawResponse | Error) => !(r instanceof Error) && r.status >= 400 && r.status < 500 && r.status !== 404;
      if (refused(response) && apiKey !== this.suite.target.apiKey) response = await remove(this.suite.target.apiKey);
      const gone = !(response instanceof Error) && (response.status === 204 || (response.status === 404 && id !== this.hidden));
      if (gone) this.projects.delete(id);
      else if (id === this.hidden)
        failures.push({
          id,
          apiKey,
          why: `project ${id} (named "${this.suite.runTag} …") is left behind: its creator can neither read nor delete it`,
        });
      else
        failures.push({
          id,
          apiKey,
          why: `project ${id} is left behind: DELETE answered ${response instanceof Error ? response.message : response.status}`,
        });
    }
    return failures;
  }

  /** The id of a project this run created and deleted: a target for writes that must change nothing. */
  goneProjectId(): Promise<number> {
    this.gone ??= (async () => {
      const response = await this.send({ method: "post", path: "/projects.json", body: { name: this.name("deleted on purpose") } });
      if (response.id === undefined) throw new Skip(`no project to delete could be made: ${this.unmade(response)}`);
      const removed = await this.suite.send({ method: "delete", path: `/projects/${response.id}.json` });
      if (removed.status !== 204)
        throw new Error(`the project created to be deleted could not be deleted: ${this.suite.explain("deleteProject", removed)}`);
      this.forget(response.id);
      return response.id;
    })();
    return this.gone;
  }
}
