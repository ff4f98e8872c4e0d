// The world a scenario runs in: the server, reached through the run's transport, and the model of it
// (model-state.ts), which answers every request the server gets with the reference sandbox's own code.
// Each call goes to both: `execute` sends it, lets the model learn what the interface leaves to groups
// (who may create, update, manage users: when the server shows it, the caller's permission flips once
// and the model asks again), and has judge.ts compare the two answers; `commit` then makes the model
// hold what the server holds, taking the server's own choices (timestamps, `created_by`) once they
// passed what the interface says of them. A refusal must change nothing: the scenarios read back after
// every write (sequences/scenario.ts).
import { answerRequest, PERMISSION_ASSUMPTIONS, type Answer } from "@project-collaboration/api/sandbox/model";
import type { Permission, SeedProject, SeedUser } from "@project-collaboration/api/sandbox";
import { idOf } from "../runner/created.js";
import { basicAuthorization, explain, type RawRequest, type RawResponse } from "../transport/http.js";
import type { Redact } from "../transport/redact.js";
import type { Level } from "../runner/check.js";
import type { Suite } from "../runner/suite.js";
import type { Exchange } from "../transport/transport.js";
import { currentCheck } from "../transport/transport.js";
import { distinctive } from "./compare.js";
import type { Finding, Ledger, Observation } from "./ledger.js";
import type { ModelState } from "./model-state.js";
import type { CallerName } from "../callers/credentials.js";
import { instant } from "../transport/media-type.js";

type Json = Record<string, unknown>;

/** A request a step sends, and what it is about. */
export interface Call {
  caller: CallerName;
  /** The operationId, or "PUT /projects/{project_id}.json" for a method the description does not list. */
  operation: string;
  method: string;
  path: string;
  query?: Record<string, string | number>;
  /** Headers beyond the credential (a disguise the model does not see: it answers the plain request). */
  headers?: Record<string, string>;
  body?: unknown;
  /** The project the call is about (for who the caller is to it, and the reproduction). */
  project?: number;
  /** A read-back: what it finds is about this earlier write (its operation and who sent it). */
  readBackOf?: { operation: string; role: string };
}

/** How a call went: the server's answer, the model's, and whether they agreed. */
export interface Executed {
  call: Call;
  response: RawResponse;
  exchange?: Exchange;
  answer: Answer;
  /** The model's state had the server's answer been the model's (committed when they agree). */
  trial: ModelState;
  agreed: boolean;
  /** The server allowed what the model refuses on a stated rule: the model no longer follows it. */
  diverged: boolean;
  /** When the server answered (its Date header, else the run's clock), in ms. */
  at: number;
  /** What the world could not learn from this answer: the same caller's permission the other way than
   * earlier in the run (evidence for the judge). */
  contradictions?: Finding[];
}

const isSuccess = (status: number) => status >= 200 && status < 300;
/** A read sent as another method than GET: the model answers the GET it stands for (RFC 9110 §9.3.2). */
export const isReadForm = (method: string) => ["HEAD", "OPTIONS"].includes(method.toUpperCase());
/** How far a timestamp a server sets may trail the Date of the answer that made it. */
const CLOCK_MARGIN_MS = 2_000;
/** A refusal the model may learn a permission from: not a complaint about the input. */
const PERMISSION_REFUSALS = new Set([401, 403, 404, 405]);

/** The model's half of a world: what any source of exchanges needs — the model, what it learned, the
 * judge and the ledger. It sends nothing: a live run's World (below) adds the sender, and the traffic
 * source (traffic/world.ts) feeds it recorded exchanges. */
export abstract class Tracker {
  /** Model account ids of the run's keys. */
  readonly accounts = new Map<CallerName, number>();
  /** "project account" pairs removed from a project (for naming the caller). */
  readonly removed = new Set<string>();
  /** Projects deleted by the run, and who each key was to them before. */
  readonly deleted = new Map<number, Map<CallerName, string>>();
  /** Per project, the exchanges that made its state: a reproduction starts from them. */
  readonly history = new Map<number, Exchange[]>();
  /** The entity tag each project was last read with by the run's key (a conditional read after a change). */
  readonly etags = new Map<number, string>();
  /** Permissions learned ("account permission" → the exchange that taught it). */
  private readonly learnedFrom = new Map<string, Exchange | undefined>();

  constructor(
    /** The run's level and its redaction (what an explanation may quote of an answer). */
    readonly setting: { level: Level; redact: Redact },
    public model: ModelState,
    readonly ledger: Ledger,
    /** Judges each executed call (judge.ts; given, not imported, as the judge reads the world). */
    protected readonly judge: (world: Tracker, executed: Executed) => void,
  ) {}

  /** The Authorization header the model is asked with for a caller. */
  abstract authorization(caller: CallerName): string | null;

  /** The model's user a credential is, if it is one. */
  protected abstract identify(key: string | undefined): SeedUser | undefined;

  /** An answer in words for a message: what was asked, the status and the start of the body, redacted. */
  explain(what: string, response: Pick<RawResponse, "method" | "url" | "status" | "contentType" | "text">): string {
    return explain(what, response, this.setting.redact);
  }

  /** Who the caller is to the project: "its creator", "a user added to it", … ("no key" for no credential). */
  roleOf(caller: CallerName, project?: number): string {
    if (caller === "none") return "no key";
    if (caller === "wrong") return "a well-formed key of no one";
    const account = this.accounts.get(caller);
    const key = caller === "key" ? "the run's key" : "the second key";
    if (project === undefined || account === undefined) return key;
    const gone = this.deleted.get(project);
    if (gone) return `${gone.get(caller) ?? "a user never added to it"}, after its deletion`;
    const record = this.model.projects.get(project);
    if (!record) return `${key}, on a project it cannot see`;
    if (record.creator === account) return "its creator";
    if (record.members.includes(account)) return "a user added to it";
    if (this.removed.has(`${project} ${account}`)) return "a user added, then removed";
    return "a user never added to it";
  }

  /** Failed observations that count at the run's level, recorded through this world (a scenario's own,
   * when it has a world of its own): what a replay confirms. */
  failedObservations = 0;

  /** Whether a failure of this observation fails the run at its level. */
  counts(observation: Pick<Observation, "entries">): boolean {
    return observation.entries.length === 0 || this.setting.level === "full";
  }

  /** The observations that failed through this world (counted at the run's level): what a replay of it
   * may confirm. */
  readonly failed: Observation[] = [];

  record(observation: Observation): void {
    if (!observation.passed && this.counts(observation)) {
      this.failedObservations++;
      this.failed.push(observation);
    }
    this.ledger.record(observation);
  }

  /** Judges an answer the server gave to the call, whoever sent it: this run (execute) or a recording
   * (contract/src/traffic/): the model answers the same request, learns what it can, and judge.ts
   * compares the two answers. `answeredAt` is when a recorded answer came (else now). */
  async observe(call: Call, response: RawResponse, exchange?: Exchange, answeredAt?: number): Promise<Executed> {
    const date = Date.parse(response.headers.get("date") ?? "");
    const at = Number.isNaN(date) ? (answeredAt ?? Date.now()) : date;
    const serverOk = isSuccess(response.status);
    let trial!: ModelState;
    let answer!: Answer;
    const contradictions: Finding[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      trial = this.model.copy();
      trial.consulted = [];
      const id = call.operation === "createProject" && serverOk ? idOf(response.json) : undefined;
      if (id !== undefined) trial.nextProjectIds.unshift(id);
      answer = await answerRequest(
        trial,
        this.modelRequest(call),
        (key) => this.identify(key),
        () => iso(at),
      );
      const modelOk = !("refused" in answer);
      if (modelOk === serverOk) break;
      // A server may refuse HEAD and OPTIONS where it allows GET (the interface lists neither): no permission shows.
      if (isReadForm(call.method) || (!serverOk && !PERMISSION_REFUSALS.has(response.status))) break;
      // The permission the decision turned on, if the model may still learn it.
      const turned = trial.consulted.filter((c) => c.granted === modelOk && trial.learnable(c.user, c.permission)).at(-1);
      if (!turned || !this.learn(turned.user, turned.permission, !turned.granted, exchange, call, contradictions)) break;
    }
    const executed: Executed = {
      call,
      response,
      ...(exchange && { exchange }),
      answer,
      trial,
      agreed: !("refused" in answer) === serverOk,
      diverged: false,
      ...(contradictions.length && { contradictions }),
      at,
    };
    this.judge(this, executed);
    return executed;
  }

  /** Learns that `account` may (or may not) do `permission`; false when it had learned the opposite
   * before — groups define a user's permissions, so the same caller's rights do not change in a run. */
  private learn(
    account: number,
    permission: Permission,
    granted: boolean,
    exchange: Exchange | undefined,
    call: Call,
    contradictions: Finding[],
  ): boolean {
    const key = `${account} ${permission}`;
    if (this.learnedFrom.has(key)) {
      const first = this.learnedFrom.get(key);
      // The interface says groups define permissions; that they hold for every project alike (a server
      // may let a member leave a project it may not manage) is the description's reading.
      contradictions.push({
        operation: call.operation,
        role: this.roleOf(call.caller, call.project),
        aspect: "decision",
        entries: [PERMISSION_ASSUMPTIONS[permission]],
        problem: `the same caller is ${granted ? "allowed" : "refused"} "${permission}" now, and was ${granted ? "refused" : "allowed"} earlier in this run (${first ? `${first.method} ${first.url} → ${first.status}` : "its first request"}): groups define the permissions users hold, so they do not change from one request to the next`,
        exchange,
      });
      return false;
    }
    this.learnedFrom.set(key, exchange);
    const held = this.model.knowledge.granted.get(account) ?? new Set<Permission>();
    if (granted) held.add(permission);
    else held.delete(permission);
    this.model.knowledge.granted.set(account, held);
    return true;
  }

  protected modelRequest(call: Call): Request {
    const url = new URL(`https://model.invalid/public/api${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, String(value));
    const headers = new Headers();
    const authorization = this.authorization(call.caller);
    if (authorization !== null) headers.set("authorization", authorization);
    let body: string | undefined;
    if (call.body !== undefined) {
      body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
      headers.set("content-type", "application/json");
    }
    // The Fetch API has no Request for CONNECT/TRACE; the model's answer to those is the router's.
    const method = isReadForm(call.method) ? "GET" : call.method.toUpperCase();
    return new Request(url, { method, headers, ...(body !== undefined && { body }) });
  }

  /** The model's view of a project for `caller` (as getProject would answer it), or undefined. */
  async expectedProject(project: number, caller: CallerName): Promise<Json | undefined> {
    const copy = this.model.copy();
    const answer = await answerRequest(
      copy,
      this.modelRequest({ caller, operation: "getProject", method: "GET", path: `/projects/${project}.json` }),
      (key) => this.identify(key),
      () => iso(Date.now()),
    );
    return "body" in answer ? (answer.body as Json) : undefined;
  }

  /** The organization's `modified` before an update no read has shown yet. */
  organizationBefore: unknown;

  /** The last `modified` the model held before an update of the project that no read has shown yet. */
  readonly lastModified = new Map<number, unknown>();
  readonly updatedUnread = new Map<number, "updated" | "maybe-updated">();
  pendingUpdate(project?: number): "updated" | "maybe-updated" | undefined {
    return project === undefined ? undefined : this.updatedUnread.get(project);
  }

  /** The earliest `modified` the server may show of a project before a change to it. After an update
   * no read has shown, the model's `modified` is its own clock's stamp, not the server's: the bound kept
   * for that update holds instead (writes at once, taken in whatever order, by a clock of the server's own). */
  private modifiedBefore(project: SeedProject): unknown {
    const unread = this.updatedUnread.has(project.id) ? this.lastModified.get(project.id) : undefined;
    return unread ?? project.modified ?? project.created;
  }

  /** After an accepted write: the model holds what the server holds. The server's own choices for a
   * record it just made (timestamps, created_by, thumbnails) are taken from the answer that shows them. */
  commit(executed: Executed): void {
    const { call, response } = executed;
    const before = this.model;
    const projectBefore = call.project === undefined ? undefined : before.projects.get(call.project);
    const success = isSuccess(response.status);
    // A write the server took where the description (not the interface) refuses: nothing the model
    // knows may have changed, but `modified` may have moved on.
    if (!executed.agreed && !executed.diverged && success && call.operation === "updateProject" && projectBefore) {
      this.lastModified.set(projectBefore.id, this.modifiedBefore(projectBefore));
      this.updatedUnread.set(projectBefore.id, "maybe-updated");
    }
    if (!executed.agreed || executed.diverged || !success) return;
    if (call.method.toUpperCase() !== "GET" && !isReadForm(call.method)) {
      this.model = executed.trial;
      if (call.project !== undefined && executed.exchange)
        this.history.set(call.project, [...(this.history.get(call.project) ?? []), executed.exchange]);
    }
    const shown = response.json as Json | undefined;
    const organizationOf = (state: ModelState) =>
      state.organizations.get(state.users.get(this.accounts.get(call.caller) ?? -1)?.organization ?? -1);
    switch (call.operation) {
      case "createProject":
      case "getProject": {
        const project = shown && typeof shown === "object" ? this.model.projects.get(idOf(shown) ?? -1) : undefined;
        const etag = response.headers.get("etag");
        if (project && etag && call.caller === "key") this.etags.set(project.id, etag);
        if (project && shown) this.adoptProject(project, shown);
        if (call.operation === "getProject" && project) this.updatedUnread.delete(project.id);
        break;
      }
      case "updateProject":
        if (projectBefore) {
          // Not earlier than the last change, nor than this one (its answer's time, less a margin for
          // the second's precision and a clock apart from the Date header's).
          const last = this.modifiedBefore(projectBefore);
          const now = iso(executed.at - CLOCK_MARGIN_MS);
          this.lastModified.set(projectBefore.id, instant(now) > instant(last) ? now : last);
          this.updatedUnread.set(projectBefore.id, "updated");
        }
        break;
      case "updateOrganization": {
        // As a project's: not earlier than the last `modified` shown, nor than this change's answer, less the margin.
        const [last, now] = [organizationOf(before)?.modified, iso(executed.at - CLOCK_MARGIN_MS)];
        this.organizationBefore = instant(last) > instant(now) ? last : now;
        // The model's time of the change is its own clock's, not the server's: until a read shows the
        // server's `modified`, no view (a scenario forked meanwhile included) is held to the model's.
        const mine = organizationOf(this.model);
        if (mine) delete mine.modified;
        break;
      }
      case "getOrganization": {
        const mine = organizationOf(this.model);
        // What the server shows of its own timestamps is the model's from now on, absent included
        // ("`created` and `modified` may be absent"): the model never expects one the server does not keep.
        if (mine && shown)
          for (const field of ["created", "modified"] as const) {
            if (typeof shown[field] === "string") mine[field] = shown[field];
            else if (shown[field] === undefined) delete mine[field];
          }
        this.organizationBefore = undefined;
        break;
      }
    }
  }

  /** The server's values of what it chooses, taken once they passed what the interface says of them —
   * and of what the caller set, once the comparison is recorded: a failure is reported where it shows
   * first, not again at every later read. */
  adoptProject(project: SeedProject, shown: Json): void {
    if (typeof shown.title === "string") project.title = shown.title;
    if (typeof shown.description === "string") project.description = shown.description;
    if (typeof shown.job_code === "string") project.job_code = shown.job_code;
    if (typeof shown.created === "string") project.created = shown.created;
    if (shown.modified === null || typeof shown.modified === "string") project.modified = shown.modified;
    if (typeof shown.created_by === "string") project.created_by = shown.created_by;
    if (shown._thumbnails && typeof shown._thumbnails === "object") project._thumbnails = shown._thumbnails as SeedProject["_thumbnails"];
    if (typeof shown.num_comments === "number") project.num_comments = shown.num_comments;
  }

  /** The value of a project the caller may not see that a refusal's body holds, if one. */
  leakedIn(text: string, project?: number): string | undefined {
    const record = project === undefined ? undefined : this.model.projects.get(project);
    if (!record || !text) return undefined;
    return distinctive({ title: record.title, description: record.description }).find((value) => text.includes(value));
  }

  /** The requests that reproduce a failure about `project`: what made its state, then the failing one. */
  reproduction(project: number | undefined, failing?: Exchange): Exchange[] {
    const made = project === undefined ? [] : (this.history.get(project) ?? []);
    return [...made.slice(-11), ...(failing ? [failing] : [])];
  }
}

/** A live run's world: the tracker with the sender — the run's transport, through the suite — and the
 * run's keys. */
export class World extends Tracker {
  constructor(
    readonly suite: Suite,
    model: ModelState,
    ledger: Ledger,
    private readonly keys: { key: string; other?: string; wrong: string },
    judge: (world: Tracker, executed: Executed) => void,
  ) {
    super({ level: suite.level, redact: suite.redact }, model, ledger, judge);
  }

  /** Every exchange sent through this world, in order. */
  readonly sent: Exchange[] = [];

  /** Sends through the run's transport; with the exchange it recorded (its own, however many run at once). */
  async send(request: RawRequest): Promise<{ response: RawResponse; exchange?: Exchange }> {
    const store = { exchanges: [] as Exchange[] };
    const response = await currentCheck.run(store, () => this.suite.send(request));
    const exchange = store.exchanges.at(-1);
    this.sent.push(...store.exchanges);
    return { response, ...(exchange && { exchange }) };
  }

  /** Sends the call to the server and to the model, learns what it can, and judges the two answers. */
  async execute(call: Call): Promise<Executed> {
    const { response, exchange } = await this.sendCall(call);
    return this.observe(call, response, exchange);
  }

  /** Sends the call to the server only (calls sent at once are observed after all have ended). */
  sendCall(call: Call): Promise<{ response: RawResponse; exchange?: Exchange }> {
    const request: RawRequest = {
      method: call.method,
      path: call.path,
      ...(call.query && { query: call.query }),
      ...(call.headers && { headers: call.headers }),
      ...(call.body !== undefined && { body: call.body }),
      authorization: this.authorization(call.caller),
    };
    return this.send(request);
  }

  /** A world for a replay: the same server, accounts and knowledge, a copy of the model, its own ledger. */
  fork(ledger: Ledger): World {
    const fork = new World(this.suite, this.model.copy(), ledger, this.keys, this.judge);
    for (const [caller, account] of this.accounts) fork.accounts.set(caller, account);
    return fork;
  }

  authorization(caller: CallerName): string | null {
    if (caller === "none") return null;
    if (caller === "wrong") return basicAuthorization(this.keys.wrong);
    const key = caller === "key" ? this.keys.key : this.keys.other;
    if (key === undefined) throw new Error("no second key");
    return basicAuthorization(key);
  }

  protected identify(key: string | undefined): SeedUser | undefined {
    if (key === undefined) return undefined;
    const caller = key === this.keys.key ? "key" : key === this.keys.other ? "other" : undefined;
    const account = caller && this.accounts.get(caller);
    return account === undefined ? undefined : this.model.users.get(account);
  }
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
