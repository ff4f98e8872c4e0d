// The world a scenario runs in: the server, reached through the run's transport, and the model of it
// (model-state.ts), which answers every request the server gets with the reference sandbox's own code.
// Each step goes to both; `execute` compares the two answers and records what it saw (ledger.ts):
//   - both allow: the server answers the interface's status and what the model answers (a project's
//     fields exactly; the server's own choices — timestamps, `created_by` — held to what the interface
//     says of them, then adopted); the model then holds what the server holds;
//   - both refuse: right, whatever the code at the documented level (a refusal is judged by its
//     outcome); at --level full, the description's status and body (assumption entries);
//   - they disagree: where the model's decision rests on a permission the interface leaves to groups
//     (who may create, update, manage users), the model learns the caller's permission from the server
//     and asks again; where it rests on a stated rule, the server is wrong (documented), and where on
//     one of the description's choices, the server chose differently (those entries).
// A refusal must change nothing: the scenarios read back after every write (scenarios.ts).
import { answerRequest, type Answer, type StatedRuleId } from "@project-collaboration/api/sandbox/model";
import type { Permission, SeedProject, SeedUser } from "@project-collaboration/api/sandbox";
import { idOf } from "../created.js";
import { basicAuthorization, type RawRequest, type RawResponse } from "../http.js";
import type { Suite } from "../suite.js";
import type { Exchange } from "../transport.js";
import { currentCheck } from "../transport.js";
import { compareOrganization, compareProject, compareRecord, distinctive, type Mismatch } from "./compare.js";
import type { Ledger, Observation } from "./ledger.js";
import type { ModelState } from "./model-state.js";
import type { CallerName } from "./steps.js";

type Json = Record<string, unknown>;

/** What the interface states each operation answers when it succeeds. */
export const SUCCESS_STATUS: Record<string, number> = {
  listProjects: 200,
  createProject: 201,
  getProject: 200,
  updateProject: 204,
  deleteProject: 204,
  listFiles: 200,
  listCapturedUrls: 200,
  listCopy: 200,
  listCopyRevisions: 200,
  listProjectUsers: 200,
  addProjectUser: 201,
  removeProjectUser: 204,
  getOrganization: 200,
  updateOrganization: 204,
  listGroups: 200,
  getGroup: 200,
};

/** The stated rule an operation's success rests on (what it says it does). */
const SUCCESS_RULE: Partial<Record<string, StatedRuleId>> = {
  listProjects: "visible-when-added",
  createProject: "create-returns-project",
  getProject: "visible-when-added",
  updateProject: "update-changes-only-given",
  deleteProject: "delete-creator-or-administrator",
  listFiles: "visible-when-added",
  listCapturedUrls: "visible-when-added",
  listCopy: "visible-when-added",
  listCopyRevisions: "visible-when-added",
  listProjectUsers: "creator-is-member",
  addProjectUser: "add-existing-user",
  getOrganization: "organization-own-only",
  updateOrganization: "organization-update-administrator",
  listGroups: "groups-all",
  getGroup: "groups-all",
};

/** A request a step sends, and what it is about. */
export interface Call {
  caller: CallerName;
  /** The operationId, or "PUT /projects/{project_id}.json" for a method the description does not list. */
  operation: string;
  method: string;
  path: string;
  query?: Record<string, string | number>;
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
}

const isSuccess = (status: number) => status >= 200 && status < 300;
/** How far a timestamp a server sets may trail the Date of the answer that made it. */
const CLOCK_MARGIN_MS = 2_000;
/** The description's entry that chooses who holds each permission. */
const PERMISSION_ENTRY: Record<Permission, string> = {
  createProject: "edit-permission",
  updateProject: "edit-permission",
  manageProjectUsers: "manage-users-permission",
  deleteProject: "company-administrator",
  updateOrganization: "company-administrator",
};
/** A refusal the model may learn a permission from: not a complaint about the input. */
const PERMISSION_REFUSALS = new Set([401, 403, 404, 405]);

export class World {
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
    readonly suite: Suite,
    public model: ModelState,
    readonly ledger: Ledger,
    private readonly keys: { key: string; other?: string; wrong: string },
  ) {}

  /** Sends through the run's transport; with the exchange it recorded (its own, however many run at once). */
  async send(request: RawRequest): Promise<{ response: RawResponse; exchange?: Exchange }> {
    const store = { exchanges: [] as Exchange[] };
    const response = await currentCheck.run(store, () => this.suite.send(request));
    const exchange = store.exchanges.at(-1);
    this.sent.push(...store.exchanges);
    return { response, ...(exchange && { exchange }) };
  }

  /** A world for a replay: the same server, accounts and knowledge, a copy of the model, its own ledger. */
  fork(ledger: Ledger): World {
    const fork = new World(this.suite, this.model.copy(), ledger, this.keys);
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

  private identify = (key: string | undefined): SeedUser | undefined => {
    if (key === undefined) return undefined;
    const caller = key === this.keys.key ? "key" : key === this.keys.other ? "other" : undefined;
    const account = caller && this.accounts.get(caller);
    return account === undefined ? undefined : this.model.users.get(account);
  };

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

  /** Every exchange sent through this world, in order. */
  readonly sent: Exchange[] = [];

  /** Failed observations that count at the run's level, recorded through this world (a scenario's own,
   * when it has a world of its own): what a replay confirms. */
  failedObservations = 0;

  /** Whether a failure of this observation fails the run at its level. */
  counts(observation: Pick<Observation, "entries">): boolean {
    return observation.entries.length === 0 || this.suite.level === "full";
  }

  record(observation: Observation): void {
    if (!observation.passed && this.counts(observation)) this.failedObservations++;
    this.ledger.record(observation);
  }

  /** Sends the call to the server and to the model, learns what it can, and judges the two answers. */
  async execute(call: Call): Promise<Executed> {
    const request: RawRequest = {
      method: call.method,
      path: call.path,
      ...(call.query && { query: call.query }),
      ...(call.body !== undefined && { body: call.body }),
      authorization: this.authorization(call.caller),
    };
    const { response, exchange } = await this.send(request);
    const date = Date.parse(response.headers.get("date") ?? "");
    const at = Number.isNaN(date) ? Date.now() : date;
    const serverOk = isSuccess(response.status);
    let trial!: ModelState;
    let answer!: Answer;
    for (let attempt = 0; attempt < 3; attempt++) {
      trial = this.model.copy();
      trial.consulted = [];
      const id = call.operation === "createProject" && serverOk ? idOf(response.json) : undefined;
      if (id !== undefined) trial.nextProjectIds.unshift(id);
      answer = await answerRequest(trial, this.modelRequest(call), this.identify, () => iso(at));
      const modelOk = !("refused" in answer);
      if (modelOk === serverOk) break;
      if (!serverOk && !PERMISSION_REFUSALS.has(response.status)) break;
      // The permission the decision turned on, if the model may still learn it.
      const turned = trial.consulted.filter((c) => c.granted === modelOk && trial.learnable(c.user, c.permission)).at(-1);
      if (!turned || !this.learn(turned.user, turned.permission, !turned.granted, exchange, call)) break;
    }
    const executed: Executed = {
      call,
      response,
      ...(exchange && { exchange }),
      answer,
      trial,
      agreed: !("refused" in answer) === serverOk,
      diverged: false,
      at,
    };
    this.judge(executed);
    return executed;
  }

  /** Learns that `account` may (or may not) do `permission`; false when it had learned the opposite
   * before — groups define a user's permissions, so the same caller's rights do not change in a run. */
  private learn(account: number, permission: Permission, granted: boolean, exchange: Exchange | undefined, call: Call): boolean {
    const key = `${account} ${permission}`;
    if (this.learnedFrom.has(key)) {
      const first = this.learnedFrom.get(key);
      // The interface says groups define permissions; that they hold for every project alike (a server
      // may let a member leave a project it may not manage) is the description's reading.
      this.record({
        operation: call.operation,
        role: this.roleOf(call.caller, call.project),
        aspect: "decision",
        entries: [PERMISSION_ENTRY[permission]],
        passed: false,
        message: `the same caller is ${granted ? "allowed" : "refused"} "${permission}" now, and was ${granted ? "refused" : "allowed"} earlier in this run (${first ? `${first.method} ${first.url} → ${first.status}` : "its first request"}): groups define the permissions users hold, so they do not change from one request to the next`,
        ...(exchange && { exchange }),
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

  private modelRequest(call: Call): Request {
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
    return new Request(url, { method: call.method.toUpperCase(), headers, ...(body !== undefined && { body }) });
  }

  /** The model's view of a project for `caller` (as getProject would answer it), or undefined. */
  async expectedProject(project: number, caller: CallerName): Promise<Json | undefined> {
    const copy = this.model.copy();
    const answer = await answerRequest(
      copy,
      this.modelRequest({ caller, operation: "getProject", method: "GET", path: `/projects/${project}.json` }),
      this.identify,
      () => iso(Date.now()),
    );
    return "body" in answer ? (answer.body as Json) : undefined;
  }

  private judge(executed: Executed): void {
    const { call, response, answer, exchange } = executed;
    const role = this.roleOf(call.caller, call.project);
    const base = {
      operation: call.readBackOf?.operation ?? call.operation,
      role: call.readBackOf?.role ?? role,
      ...(exchange && { exchange }),
      status: response.status,
    };
    const readBack = call.readBackOf ? `read back (${call.operation} by ${role}): ` : "";
    const serverOk = isSuccess(response.status);
    const reproduction = () => this.reproduction(call.project, exchange);
    const fail = (aspect: Observation["aspect"], entries: string[], message: string, rule?: StatedRuleId) =>
      this.record({
        ...base,
        aspect,
        entries,
        passed: false,
        message: readBack + message,
        reproduction: reproduction(),
        ...(rule && { rule }),
      });
    const pass = (aspect: Observation["aspect"], entries: string[], rule?: StatedRuleId) =>
      this.record({ ...base, aspect, entries, passed: true, ...(rule && { rule }) });
    const what = `${call.method.toUpperCase()} ${response.url} → ${response.status}`;

    if (response.status >= 500) {
      fail(
        "outcome",
        [],
        `the server failed: ${this.suite.explain(call.operation, response)} — the model ${"refused" in answer ? `refuses it (${answer.refused.status})` : "allows it"}`,
      );
      return;
    }
    if ("refused" in answer) {
      const basis = answer.refused.basis && { ...answer.refused.basis, rule: this.ruleOf(call, answer.refused.basis.rule) };
      if (!serverOk) {
        // Right at every level; nothing of what the caller may not see is in the answer.
        const leaked = call.method.toUpperCase() === "GET" ? this.leakedIn(response.text, call.project) : undefined;
        if (leaked)
          fail(
            "outcome",
            [],
            `refused, but the refusal's body holds ${JSON.stringify(leaked)}, a value of the project the caller may not see: ${what}`,
            basis?.rule,
          );
        else pass("outcome", [], basis?.rule);
        this.judgeRefusalForm(executed, role);
        return;
      }
      if (basis?.rule) {
        executed.diverged = true;
        fail(
          "outcome",
          [],
          `the server allowed what the interface refuses (${basis.rule}): ${this.suite.explain(call.operation, response)} — the model refuses it: ${answer.refused.detail}`,
          basis.rule,
        );
      } else {
        fail(
          "decision",
          basis?.assumptions ?? ["invalid-input-400"],
          `the description refuses this (${answer.refused.status}: ${answer.refused.detail}), the server allowed it: ${this.suite.explain(call.operation, response)}`,
        );
      }
      return;
    }
    // The model allows it.
    if (!serverOk) {
      const entries = this.whySuccessIsAssumed(executed);
      if (entries.length)
        fail("decision", entries, `the description allows this, the server refused it: ${this.suite.explain(call.operation, response)}`);
      else fail("outcome", [], `the interface allows this, the server refused it: ${this.suite.explain(call.operation, response)}`);
      return;
    }
    const mismatches = this.successMismatches(executed);
    const documented = mismatches.filter((m) => m.entries.length === 0);
    const rule = SUCCESS_RULE[call.operation];
    if (documented.length)
      fail("outcome", [], `${documented.map((m) => m.message).join("; ")} — ${this.suite.explain(call.operation, response)}`, rule);
    else pass("outcome", [], rule);
    for (const [entries, group] of groupBy(
      mismatches.filter((m) => m.entries.length > 0),
      (m) => m.entries.join("+"),
    ))
      fail("answer", entries.split("+"), `${group.map((m) => m.message).join("; ")} — ${this.suite.explain(call.operation, response)}`);
  }

  /** The stated rule a refusal rests on, as the interface words it for this call: what is gone stays
   * gone, and the methods it does not list are refused on assets, groups and the organization because
   * those are read-only, or cannot be created or deleted. */
  private ruleOf(call: Call, rule: StatedRuleId | undefined): StatedRuleId | undefined {
    if (call.project !== undefined && this.deleted.has(call.project)) return "delete-is-permanent";
    if (rule !== "whole-interface") return rule;
    if (/\/(files|urls|copy)\.json$/.test(call.path)) return "assets-read-only";
    if (call.path.startsWith("/groups")) return "groups-read-only";
    if (call.path.startsWith("/organizations")) return "organization-not-created-or-deleted";
    return rule;
  }

  /** At --level full: the refusal's status and body as the description gives them. */
  private judgeRefusalForm(executed: Executed, role: string): void {
    const { call, response, answer, exchange } = executed;
    if (!("refused" in answer)) return;
    const basis = answer.refused.basis;
    const entries = [...new Set([...(basis?.status ?? []), "problem-body"])].sort();
    const problems: string[] = [];
    if (basis?.status.length && response.status !== answer.refused.status)
      problems.push(`status ${response.status}, the description's is ${answer.refused.status}`);
    if (!/^application\/problem\+json\b/i.test(response.contentType))
      problems.push(`content type ${JSON.stringify(response.contentType)}, not application/problem+json`);
    if (answer.refused.status === 401 && !/^Basic\b/i.test(response.headers.get("www-authenticate") ?? ""))
      problems.push("no WWW-Authenticate: Basic challenge");
    this.record({
      operation: call.operation,
      role,
      aspect: "answer",
      entries,
      passed: problems.length === 0,
      ...(problems.length && { message: `${problems.join("; ")}: ${this.suite.explain(call.operation, response)}` }),
      ...(exchange && { exchange }),
      status: response.status,
    });
  }

  /** Why the model's success rests on a choice of the description rather than the interface, if it
   * does. (A refusal that a group permission explains was learned before this: see execute.) */
  private whySuccessIsAssumed(executed: Executed): string[] {
    const { call } = executed;
    const project = call.project === undefined ? undefined : this.model.projects.get(call.project);
    switch (call.operation) {
      case "getOrganization":
      case "listProjects":
      case "listGroups":
      case "getGroup":
      case "removeProjectUser":
        return []; // stated: its own organization, its list, all groups, "Remove a user … 204"
      case "deleteProject":
        return project && project.creator === this.accounts.get(call.caller) ? [] : ["company-administrator"];
      case "createProject":
        return ["create-required"]; // which fields a create requires is not shown
      case "updateProject":
      case "updateOrganization":
        return ["patch-properties"]; // the names PATCH accepts are not shown
      case "addProjectUser": {
        const { user } = call.body as { user?: string };
        return project && user !== undefined && project.members.includes(Number(user)) ? ["add-user-twice"] : [];
      }
      default:
        return ["read-permission"];
    }
  }

  /** What a successful answer breaks: the interface's status, a body where it says none, the fields. */
  private successMismatches(executed: Executed): Mismatch[] {
    const { call, response, answer, at } = executed;
    const out: Mismatch[] = [];
    const status = SUCCESS_STATUS[call.operation];
    if (status !== undefined && response.status !== status)
      out.push({ field: "status", entries: [], message: `answered ${response.status}, the interface says ${status}` });
    if (response.status === 204 || status === 204) {
      if (response.text !== "")
        out.push({ field: "body", entries: [], message: `a body on a 204 ("no body"): ${JSON.stringify(response.text.slice(0, 80))}` });
      return out;
    }
    if (!/^application\/([\w.-]+\+)?json\b/i.test(response.contentType))
      out.push({
        field: "content type",
        entries: [],
        message: `content type ${JSON.stringify(response.contentType)}, not JSON ("All bodies are JSON")`,
      });
    if (response.json === undefined && !response.truncated) {
      if (call.operation !== "addProjectUser" || response.text !== "")
        out.push({ field: "body", entries: [], message: `the body is not JSON: ${JSON.stringify(response.text.slice(0, 80))}` });
      return out;
    }
    if (!("body" in answer)) return out;
    const got = response.json as unknown;
    const expected = answer.body;
    switch (call.operation) {
      case "createProject":
      case "getProject": {
        const fresh = call.operation === "createProject" ? "created" : this.pendingUpdate(call.project);
        const project = this.model.projects.get(idOf(got) ?? -1) ?? executed.trial.projects.get(idOf(got) ?? -1);
        const creator = project && executed.trial.users.get(project.creator);
        out.push(
          ...compareProject(got as Json, expected as Json, {
            ...(fresh && { fresh }),
            at,
            ...(creator && { creator }),
            ...(fresh !== undefined && fresh !== "created" && project && { before: this.lastModified.get(project.id) ?? project.created }),
          }),
        );
        break;
      }
      case "addProjectUser":
        // The body is not shown by the interface; the description assumes the added user.
        if (JSON.stringify(got) !== JSON.stringify(expected))
          out.push({
            field: "body",
            entries: ["add-user-response"],
            message: `the body is ${JSON.stringify(got)?.slice(0, 200)}, the description's is the added user`,
          });
        break;
      case "listProjectUsers":
        out.push(...this.compareList(got, expected, "user"));
        break;
      case "listProjects":
        break; // a page of a list the model knows only part of: see Scenario.readList
      case "getOrganization": {
        const updated = this.organizationBefore !== undefined;
        out.push(
          ...compareOrganization(got as Json, expected as Json, { updated, at, ...(updated && { before: this.organizationBefore }) }),
        );
        break;
      }
      case "getGroup":
        out.push(...compareRecord(got as Json, expected as Json));
        break;
      default:
        out.push(...this.compareList(got, expected, "item"));
    }
    return out;
  }

  /** The organization's `modified` before an update no read has shown yet. */
  private organizationBefore: unknown;

  /** Two lists of records as multisets by id, each record compared whole. */
  private compareList(got: unknown, expected: unknown, what: string): Mismatch[] {
    if (!Array.isArray(got)) return [{ field: "body", entries: [], message: `not a JSON array: ${JSON.stringify(got)?.slice(0, 120)}` }];
    const want = expected as Json[];
    const out: Mismatch[] = [];
    const ids = (list: Json[]) => list.map((r) => r?.id).sort((a, b) => Number(a) - Number(b));
    if (JSON.stringify(ids(got)) !== JSON.stringify(ids(want)))
      out.push({
        field: "ids",
        entries: [],
        message: `the ${what}s listed are ${JSON.stringify(ids(got))}, the model's ${JSON.stringify(ids(want))}`,
      });
    for (const record of want) {
      const found = (got as Json[]).find((g) => g?.id === record.id);
      if (found) out.push(...compareRecord(found, record).map((m) => ({ ...m, message: `${what} ${String(record.id)}: ${m.message}` })));
    }
    return out;
  }

  /** The last `modified` the model held before an update of the project that no read has shown yet. */
  private readonly lastModified = new Map<number, unknown>();
  private readonly updatedUnread = new Map<number, "updated" | "maybe-updated">();
  private pendingUpdate(project?: number): "updated" | "maybe-updated" | undefined {
    return project === undefined ? undefined : this.updatedUnread.get(project);
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
      this.lastModified.set(projectBefore.id, projectBefore.modified ?? projectBefore.created);
      this.updatedUnread.set(projectBefore.id, "maybe-updated");
    }
    if (!executed.agreed || executed.diverged || !success) return;
    if (call.method.toUpperCase() !== "GET") {
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
          const last = projectBefore.modified ?? projectBefore.created;
          const now = iso(executed.at - CLOCK_MARGIN_MS);
          this.lastModified.set(projectBefore.id, Date.parse(now) > Date.parse(last) ? now : last);
          this.updatedUnread.set(projectBefore.id, "updated");
        }
        break;
      case "updateOrganization":
        this.organizationBefore = organizationOf(before)?.modified;
        break;
      case "getOrganization": {
        const mine = organizationOf(this.model);
        if (mine && shown && typeof shown.modified === "string") mine.modified = shown.modified;
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
  private leakedIn(text: string, project?: number): string | undefined {
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

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
