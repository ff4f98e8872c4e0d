// One run of a list of steps against the world: slots become the ids the server gives, people the
// accounts the run found, and every write is read back — by id, in the caller's list, and by each
// caller that may see the project (or, after a refusal, by one that may: it must be unchanged). What
// a read-back finds is blamed on the write it checks. A run stops at the first step after which the
// model no longer follows the server (it allowed what a stated rule refuses, or a write did not end),
// and returns the index of the step where a check first failed, for a reproduction.
import type { SeedUser } from "@project-collaboration/api/sandbox";
import type { Exchange } from "../transport/transport.js";
import { BusyError, DeadlineError } from "../transport/transport.js";
import { idOf } from "../runner/created.js";
import type { Ledger } from "../model/ledger.js";
import { METHOD_OVERRIDES } from "../callers/disguises.js";
import { domainInUpperCase } from "./fixed.js";
import { readBack, readList } from "./read-back.js";
import type { People } from "../callers/people.js";
import type { CallerName, Person, Step } from "./steps.js";
import type { Call, Executed, World } from "../model/world.js";
import { DEFAULT_LIMIT as PAGE } from "../description/description.js";
import { judgeFinding } from "../model/judge.js";
import { allEnded } from "../checks/concurrency.js";

type Json = Record<string, unknown>;

/** The accounts a scenario can name (model ids; undefined when the run has none). */

/** An id no account has, as far as a model of the run can tell (the largest 32-bit id but one). */
const NO_ACCOUNT = 2_147_483_646;

const VIEW_PATHS = {
  get: (id: number) => ({ operation: "getProject", path: `/projects/${id}.json` }),
  users: (id: number) => ({ operation: "listProjectUsers", path: `/projects/${id}/users.json` }),
  files: (id: number) => ({ operation: "listFiles", path: `/v1/projects/${id}/files.json` }),
  urls: (id: number) => ({ operation: "listCapturedUrls", path: `/projects/${id}/urls.json` }),
  copy: (id: number) => ({ operation: "listCopy", path: `/projects/${id}/copy.json` }),
} as const;

/** What the sweep's reads are about: the state every write of the run left, read once at its end. A
 * replay of the scenario's steps does not read it again (the sweep is no step), so it never confirms
 * nor clears a failure of it. */
export const AT_THE_END = { operation: "the run's writes", role: "another of the run's projects, at the end" } as const;

export class ScenarioRun {
  readonly slots = new Map<string, number>();
  /** The indexes of the first and the last step whose checks failed, if one did. */
  firstFailure: number | undefined;
  lastFailure: number | undefined;
  /** Every exchange of this run, in order (a reproduction). */
  readonly exchanges: Exchange[] = [];
  private stopped: string | undefined;

  constructor(
    readonly world: World,
    private readonly people: People,
    private readonly register: (id: number, caller: CallerName) => Promise<void>,
    private readonly forget: (id: number) => void,
  ) {}

  get ledger(): Ledger {
    return this.world.ledger;
  }

  /** Runs the steps in order; returns why it stopped early, if it did. */
  /** Names a slot whose project the run did not create (an id no project has). */
  assume(slot: string, id: number): void {
    this.slots.set(slot, id);
    this.assumed.set(slot, id);
  }
  readonly assumed = new Map<string, number>();

  async run(steps: readonly Step[]): Promise<string | undefined> {
    for (const [index, step] of steps.entries()) {
      if (this.stopped) break;
      const failuresBefore = this.world.failedObservations;
      try {
        await this.step(step);
      } catch (error) {
        if (error instanceof BusyError || error instanceof DeadlineError) throw error;
        this.stopped = `step ${index + 1} could not be made: ${(error as Error).message}`;
      }
      if (this.world.failedObservations > failuresBefore) {
        this.firstFailure ??= index;
        this.lastFailure = index;
      }
    }
    return this.stopped;
  }

  private account(person: Person, slot: number, caller: CallerName): number | undefined {
    switch (person) {
      case "other":
        return this.people.other;
      case "self":
        return this.world.accounts.get(caller);
      case "creator":
        return this.world.model.projects.get(slot)?.creator ?? this.creators.get(slot);
      case "newcomer":
        return this.people.newcomer;
      case "invitee":
        return this.people.invitee?.id;
      case "key":
        return this.world.accounts.get("key");
      case "nobody":
        return NO_ACCOUNT;
    }
  }

  /** Calls `then` once this run has created `creates` projects (or ended). */
  afterCreates(creates: number, then: () => void): void {
    this.onCreates = { creates, then };
  }
  private onCreates: { creates: number; then: () => void } | undefined;
  private created = 0;

  /** The page of a caller's list where a project was last found ("caller id" → page). */
  readonly pageOf = new Map<string, number>();

  /** Who created each slot's project (kept after it is deleted, for steps that name the creator). */
  private readonly creators = new Map<number, number>();

  async exec(call: Call): Promise<Executed> {
    return this.settle(await this.world.execute(call));
  }

  private settle(executed: Executed): Executed {
    if (executed.exchange) this.exchanges.push(executed.exchange);
    this.world.commit(executed);
    if (executed.diverged) this.stopped = "the server allowed what a stated rule refuses: the model no longer follows it";
    return executed;
  }

  async step(step: Step): Promise<void> {
    if (step.kind === "wait") return new Promise((resolve) => setTimeout(resolve, step.ms));
    if (step.kind === "create") return this.create(step);
    const id = this.slots.get(step.slot);
    if (id === undefined) return; // its project was not created (refused): nothing to do to it
    const role = this.world.roleOf(step.caller, id);
    switch (step.kind) {
      case "read":
        if (step.view === "list") return readList(this, step.caller, id);
        await this.exec({
          caller: step.caller,
          ...VIEW_PATHS[step.view](id),
          method: step.method ?? "GET",
          project: id,
          ...(step.toldToDelete && { headers: METHOD_OVERRIDES.headers!, query: METHOD_OVERRIDES.query! }),
        });
        return;
      case "update": {
        const done = await this.exec({
          caller: step.caller,
          operation: "updateProject",
          method: "PATCH",
          path: `/projects/${id}.json`,
          body: step.fields,
          project: id,
        });
        return readBack(this, id, done, role);
      }
      case "delete": {
        const roles = new Map<CallerName, string>((["key", "other"] as const).map((c) => [c, this.world.roleOf(c, id)]));
        const done = await this.exec({
          caller: step.caller,
          operation: "deleteProject",
          method: "DELETE",
          path: `/projects/${id}.json`,
          project: id,
        });
        if (done.agreed && !("refused" in done.answer)) {
          this.world.deleted.set(id, roles);
          this.forget(id);
        }
        return readBack(this, id, done, role);
      }
      case "add": {
        if (step.by === "email" && this.people.invitee && this.people.invitee.id === undefined)
          return this.inviteUnknown(step.caller, id, role);
        const account = this.account(step.who, id, step.caller);
        const body =
          step.by === "email"
            ? this.people.invitee && { email: step.recased ? domainInUpperCase(this.people.invitee.email) : this.people.invitee.email }
            : account !== undefined && { user: String(account) };
        if (!body) return;
        const done = await this.exec({
          caller: step.caller,
          operation: "addProjectUser",
          method: "POST",
          path: `/projects/${id}/users.json`,
          body,
          project: id,
        });
        return readBack(this, id, done, role);
      }
      case "adds at once": {
        const calls = step.who.flatMap((who): Call[] => {
          const account = this.account(who, id, step.caller);
          const path = `/projects/${id}/users.json`;
          return account === undefined
            ? []
            : [{ caller: step.caller, operation: "addProjectUser", method: "POST", path, body: { user: String(account) }, project: id }];
        });
        // Judged once all have ended, in the order given: the model cannot know the server's, and adds
        // of different users end the same in any order.
        const answers = await allEnded(calls.map((call) => this.world.sendCall(call)));
        let last: Executed | undefined;
        for (const [i, call] of calls.entries())
          last = this.settle(await this.world.observe(call, answers[i]!.response, answers[i]!.exchange));
        return last && readBack(this, id, last, role);
      }
      case "remove": {
        const account = this.account(step.who, id, step.caller);
        if (account === undefined) return;
        const wasMember = this.world.model.projects.get(id)?.members.includes(account);
        const done = await this.exec({
          caller: step.caller,
          operation: "removeProjectUser",
          method: "DELETE",
          path: `/projects/${id}/users/${account}.json`,
          project: id,
        });
        if (wasMember && done.agreed && !("refused" in done.answer)) this.world.removed.add(`${id} ${account}`);
        return readBack(this, id, done, role);
      }
      case "unlisted": {
        const user = this.world.accounts.get("key") ?? 1;
        const template = {
          project: "/projects/{project_id}.json",
          users: "/projects/{project_id}/users.json",
          files: "/v1/projects/{project_id}/files.json",
          urls: "/projects/{project_id}/urls.json",
          copy: "/projects/{project_id}/copy.json",
          user: "/projects/{project_id}/users/{user_id}.json",
        };
        const body = { name: `${step.method} is not an operation here`, text: "<p>not an asset</p>", url: "https://example.com/" };
        const done = await this.exec({
          caller: step.caller,
          operation: `${step.method} ${template[step.path]}`,
          method: step.method,
          path: template[step.path].replace("{project_id}", String(id)).replace("{user_id}", String(user)),
          ...(step.method !== "DELETE" && { body }),
          project: id,
        });
        return readBack(this, id, done, role);
      }
    }
  }

  /** Adding by the address of an account the run has not seen: the model cannot know that account, so
   * the server's answer is held to the stated rules alone — exactly one user added, the account of that
   * address (existing, or new) — and the account is then known to the model like any other. */
  private async inviteUnknown(caller: CallerName, id: number, role: string): Promise<void> {
    const invitee = this.people.invitee!;
    const usersPath = `/projects/${id}/users.json`;
    const members = async () => {
      const { response: page, exchange } = await this.world.send({
        method: "get",
        path: usersPath,
        query: { limit: PAGE },
        authorization: this.world.authorization("key"),
      });
      if (exchange) this.exchanges.push(exchange);
      return Array.isArray(page.json) ? (page.json as Json[]) : [];
    };
    const before = new Set((await members()).map((u) => u.id));
    const { response: added, exchange } = await this.world.send({
      method: "post",
      path: usersPath,
      body: { email: invitee.email },
      authorization: this.world.authorization(caller),
    });
    if (exchange) this.exchanges.push(exchange);
    if (added.status < 200 || added.status >= 300) return; // refused: whether it may is learned on a known account only
    const newcomers = (await members()).filter((u) => !before.has(u.id));
    const account = newcomers[0];
    // An address no account had: the account added must be a new one, none the run has seen.
    const known = invitee.fresh && typeof account?.id === "number" && this.world.model.users.has(account.id);
    const right =
      !known &&
      newcomers.length === 1 &&
      typeof account?.id === "number" &&
      String(account.email).toLowerCase() === invitee.email.toLowerCase();
    judgeFinding(this.world, {
      operation: "addProjectUser",
      role,
      rule: invitee.fresh ? "add-by-email-new-account" : "add-by-email-existing-account",
      ...(!right && {
        problem: invitee.fresh
          ? `adding ${invitee.email}, an address no account has, by email should add one new account of that address ("a separate new account … is created and added"); users added: ${JSON.stringify(newcomers).slice(0, 300)}`
          : `adding ${invitee.email} by email should add exactly that address's account ("When the email belongs to an existing account, that user is added"; else a new account for it); users added: ${JSON.stringify(newcomers).slice(0, 300)}`,
        reproduction: this.world.reproduction(id, exchange),
      }),
      exchange,
      status: added.status,
    });
    if (!right || !account) return;
    invitee.id = account.id as number;
    this.world.model.addUser({ ...(account as unknown as SeedUser), organization: null });
    this.world.model.projects.get(id)?.members.push(invitee.id);
  }

  private async create(step: Extract<Step, { kind: "create" }>): Promise<void> {
    const stopped = this.world.suite.created.stopped;
    if (stopped) {
      this.stopped = `creating projects stopped earlier in this run: ${stopped}`;
      return;
    }
    const done = await this.exec({
      caller: step.caller,
      operation: "createProject",
      method: "POST",
      path: "/projects.json",
      body: step.fields,
    });
    const id = done.response.status >= 200 && done.response.status < 300 ? idOf(done.response.json) : undefined;
    if (typeof id !== "number") return;
    await this.register(id, step.caller);
    if (++this.created === this.onCreates?.creates) this.onCreates.then();
    this.slots.set(step.slot, id);
    const creator = this.world.accounts.get(step.caller);
    if (creator !== undefined) this.creators.set(id, creator);
    if (done.exchange) this.world.history.set(id, [done.exchange]);
    await readBack(this, id, done, this.world.roleOf(step.caller));
  }

  /** At the end of the run: each project of this scenario still there reads as the model last had it
   * (by the run's key, when it sees it). */
  async sweep(): Promise<void> {
    for (const id of this.slots.values()) {
      if (this.world.deleted.has(id) || !this.world.model.projects.get(id)?.members.includes(this.world.accounts.get("key")!)) continue;
      await this.exec({
        caller: "key",
        operation: "getProject",
        method: "GET",
        path: `/projects/${id}.json`,
        project: id,
        readBackOf: AT_THE_END,
      });
    }
  }
}
