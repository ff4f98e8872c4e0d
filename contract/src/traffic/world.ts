// The model's world for traffic the checker did not send (a HAR file, the proxy): the same World, the
// same judge, fed each recorded answer (World.observe) instead of one it sent. What a recording cannot
// tell is learned from what it shows, never guessed:
//   - callers are told apart by the credential their Authorization header carries (a Basic token by
//     what it decodes to, not how it is spelled); the checker's own HAR names its keys by label
//     (reports/files.ts), and keys given in the environment are recognised; a redacted credential
//     names no one (its exchanges are not judged). A credential is an
//     account once the server serves it, no one once it answers 401; until then its exchanges are
//     not judged;
//   - an account stands for itself until a project's users show it: a project it created, listed whole
//     with one user the model cannot name, names it (the creator is the one member of a new project);
//     each user record, organization and group is taken from its first answer, judged from then on;
//   - two callers' organizations are one when their organization reads are the same, or a project one
//     made is "internal" to the other;
//   - who may do what starts as allowed and is learned once, as in a live run; only the second key is,
//     by the user's word, not a company administrator;
//   - a project made before the recording began is not the model's: calls about it are not judged.
import type { SeedUser } from "@project-collaboration/api/sandbox";
import { idOf } from "../runner/created.js";
import type { CallerName } from "../sequences/steps.js";
import { basicAuthorization } from "../transport/http.js";
import type { Ledger } from "../model/ledger.js";
import { ADMINISTRATOR_PERMISSIONS, ALL_PERMISSIONS, ModelState } from "../model/model-state.js";
import { Tracker, type Call } from "../model/world.js";
import type { Executed } from "../model/world.js";
import type { Level } from "../runner/check.js";
import type { Redact } from "../transport/redact.js";

type Json = Record<string, unknown>;

/** Labels the checker's own HAR writes for its keys (reports/files.ts), and the callers they are. */
export const KEY_LABELS: Record<string, CallerName> = {
  "[the run's key]": "key",
  "[the second key]": "other",
  "[a key of no one]": "wrong",
};

/** A redaction mark where a credential was ("Basic [REDACTED]", "***", "<redacted>"): it names no
 * one — a recording redacted so may write it for several keys, served and refused alike. */
const REDACTED_MARK = /^(?:[A-Za-z][\w-]*\s+)?(?:[[<(]?\s*(?:redacted|filtered|removed|hidden|masked)\s*[\]>)]?|\*{3,}|•{3,})$/i;

export function isRedactedCredential(authorization: string): boolean {
  return REDACTED_MARK.test(authorization.trim());
}

const BASIC_TOKEN = /^Basic\s+([A-Za-z0-9+/_-]+={0,2})$/i;

/** What identifies the caller of an Authorization header: a Basic token by what it decodes to (the
 * scheme's case, spaces and base64 padding are spelling, as a server that decodes it sees it); any
 * other value (a label of the checker's own HAR) as it is, trimmed. */
function credentialOf(authorization: string): string {
  const value = authorization.trim();
  const token = BASIC_TOKEN.exec(value)?.[1];
  return token === undefined ? value : `Basic ${Buffer.from(token, "base64").toString("utf8")}`;
}

export class TrafficWorld extends Tracker {
  /** Authorization header value → caller name (a credential the traffic used). */
  private readonly callers = new Map<string, string>();
  /** Callers whose credential is no one's (answered 401). */
  private readonly noOne = new Set<string>();
  /** Account ids the model made up and the server has not shown yet. */
  private readonly standIns = new Set<number>();
  /** Users, organizations and groups whose record the model has taken from an answer. */
  private readonly seenUsers = new Set<number>();
  private readonly readOrganizations = new Map<number, string>();
  private readonly distinctOrganizations = new Set<string>();
  /** Projects made during the recording: the only ones the model knows whole. */
  readonly madeHere = new Set<number>();
  private nextStandIn = 1;

  constructor(
    setting: { level: Level; redact: Redact },
    ledger: Ledger,
    judge: (world: Tracker, executed: Executed) => void,
    private readonly known: { key?: string; other?: string },
  ) {
    super(
      setting,
      new ModelState({ organizations: [], users: [], groups: [], projects: [], permissions: {} }, { granted: new Map(), fixed: new Set() }),
      ledger,
      judge,
    );
  }

  /** The caller a recorded Authorization header is, made known on first sight: told apart by the
   * credential the header carries, not by how it is spelled. */
  callerOf(authorization: string | undefined): string {
    if (authorization === undefined || authorization === "") return "none";
    const identity = credentialOf(authorization);
    const known = this.callers.get(identity);
    if (known) return known;
    const basicUser = /^Basic\s+(\S+)/i.exec(authorization)?.[1];
    const user = basicUser ? (Buffer.from(basicUser, "base64").toString("utf8").split(":")[0] ?? "") : "";
    const caller =
      KEY_LABELS[authorization.trim()] ??
      KEY_LABELS[authorization.replace(/^Basic\s+/i, "").trim()] ??
      (this.known.key !== undefined && user === this.known.key
        ? "key"
        : this.known.other !== undefined && user === this.known.other
          ? "other"
          : this.known.key !== undefined && user === `${this.known.key}-not-this-one`
            ? "wrong"
            : `caller ${this.callers.size + 1}`);
    this.callers.set(identity, caller);
    if (caller === "wrong") this.noOne.add(caller);
    else if (caller === "key" || caller === "other") this.giveAccount(caller);
    return caller;
  }

  /** How a HAR written of this traffic names the caller of an Authorization header value: a label that
   * holds nothing of the credential, one per caller, so that the file can be judged again. */
  labelOf(authorization: string): string {
    if (isRedactedCredential(authorization)) return authorization;
    const caller = this.callerOf(authorization);
    return Object.entries(KEY_LABELS).find(([, name]) => name === caller)?.[0] ?? `[${caller}]`;
  }

  /** Whether the model can answer for the caller yet: an account, no one, or no credential. */
  resolved(caller: string): boolean {
    return caller === "none" || this.noOne.has(caller) || this.accounts.has(caller as CallerName);
  }

  /** Learns what an unresolved credential is from the server's answer: served → an account; 401 → no one. */
  resolve(caller: string, status: number): boolean {
    if (this.resolved(caller)) return true;
    if (status >= 200 && status < 300) this.giveAccount(caller);
    else if (status === 401) this.noOne.add(caller);
    return this.resolved(caller);
  }

  private giveAccount(caller: string): void {
    const id = -this.nextStandIn++;
    const organization = 1_000_000 + -id;
    this.standIns.add(id);
    this.model.organizations.set(organization, { id: organization, name: "" } as never);
    this.model.users.set(id, {
      id,
      email: `caller-${-id}@traffic.invalid`,
      group_name: "",
      active: true,
      profile: { first_name: null, last_name: null, initials: null, job_title: null, bio: null, work_phone: null, mobile_phone: null },
      organization,
    });
    this.model.knowledge.granted.set(id, new Set(ALL_PERMISSIONS));
    // The second key is, by the user's word, not a company administrator.
    if (caller === "other") {
      const held = this.model.knowledge.granted.get(id)!;
      for (const permission of ADMINISTRATOR_PERMISSIONS) {
        held.delete(permission);
        this.model.knowledge.fixed.add(`${id} ${permission}`);
      }
    }
    this.accounts.set(caller as CallerName, id);
  }

  override authorization(caller: CallerName): string | null {
    return caller === "none" ? null : basicAuthorization(caller);
  }

  protected override identify(key: string | undefined): SeedUser | undefined {
    if (key === undefined) return undefined;
    const account = this.accounts.get(key as CallerName);
    return account === undefined ? undefined : this.model.users.get(account);
  }

  override roleOf(caller: CallerName, project?: number): string {
    const role = super.roleOf(caller, project);
    return caller === "key" || caller === "other" ? role : role.replace("the second key", caller);
  }

  /** The request the model answers: the recorded one's path, query and body as sent. */
  private readonly recorded = new WeakMap<Call, { search: string; contentType?: string; body?: string }>();
  remember(call: Call, search: string, contentType?: string, body?: string): void {
    this.recorded.set(call, { search, ...(contentType && { contentType }), ...(body !== undefined && { body }) });
  }
  protected override modelRequest(call: Call): Request {
    const recorded = this.recorded.get(call);
    if (!recorded) return super.modelRequest(call);
    const headers = new Headers();
    const authorization = this.authorization(call.caller);
    if (authorization !== null) headers.set("authorization", authorization);
    let body: string | undefined;
    if (recorded.body !== undefined && !["GET", "HEAD"].includes(call.method.toUpperCase())) {
      body = recorded.body;
      if (recorded.contentType) headers.set("content-type", recorded.contentType);
    }
    return new Request(`https://model.invalid/public/api${call.path}${recorded.search}`, {
      method: call.method.toUpperCase(),
      headers,
      ...(body !== undefined && { body }),
    });
  }

  /** Before an answer is judged: what it shows for the first time (users, organizations, groups, who an
   * account is) becomes the model's. Returns why it cannot be judged, if it cannot. */
  learnFrom(call: Call, status: number, json: unknown): string | undefined {
    const ok = status >= 200 && status < 300;
    if (call.operation === "getOrganization" && ok && json && typeof json === "object") this.learnOrganization(call.caller, json as Json);
    if ((call.operation === "listGroups" || call.operation === "getGroup") && ok) this.learnGroups(json);
    if (call.operation === "addProjectUser") {
      const user = (call.body as Json | undefined)?.user;
      const email = (call.body as Json | undefined)?.email;
      if (typeof email === "string" && ![...this.model.users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase())) {
        if (!ok) return "adds a user by an address the recording has not shown to be an account's";
        // The server took it: an account has that address; the model names it when a list shows it.
        this.addUnseen(-this.nextStandIn++, call.caller, email);
      }
      const id = Number(user);
      if (typeof user === "string" && Number.isInteger(id) && !this.model.users.has(id)) {
        if (!ok) return "adds a user by an id the recording has not shown to be an account's";
        this.addUnseen(id, call.caller);
      }
    }
    if (call.operation === "createProject" && ok) this.createdByUnnamed(call.caller, json);
    if (ok && call.project !== undefined) this.nameBySight(call.caller, call.project);
    if (call.operation === "listProjectUsers" && ok && Array.isArray(json) && call.project !== undefined)
      return this.learnUsers(call.project, json as Json[]);
    if (ok && call.project !== undefined && (call.operation === "getProject" || call.operation === "updateProject"))
      this.learnOwnership(call.caller, call.project, json);
    return undefined;
  }

  /** `created_by` names the creator; of an account the recording has not named it cannot be judged:
   * the unnamed account is taken to have the address shown, until its record is seen. */
  private createdByUnnamed(caller: CallerName, shown: unknown): void {
    const account = this.accounts.get(caller);
    const createdBy = (shown as Json | undefined)?.created_by;
    const user = account === undefined ? undefined : this.model.users.get(account);
    if (user && this.standIns.has(user.id) && typeof createdBy === "string" && createdBy !== "") user.email = createdBy;
  }

  /** An unnamed caller served a project made here is one of its members: when exactly one member is
   * no caller's account, that is the caller's (the live run finds the second key's account the same way). */
  nameBySight(caller: CallerName, project: number): void {
    const account = this.accounts.get(caller);
    const record = this.model.projects.get(project);
    if (account === undefined || !this.standIns.has(account) || !record || record.members.includes(account)) return;
    const callers = new Set(this.accounts.values());
    const candidates = record.members.filter((m) => !callers.has(m) && !this.standIns.has(m));
    if (candidates.length === 1) this.rename(account, candidates[0]!);
  }

  private organizationOf(caller: CallerName): number | undefined {
    return this.model.users.get(this.accounts.get(caller) ?? Number.NaN)?.organization ?? undefined;
  }

  private learnOrganization(caller: CallerName, shown: Json): void {
    const mine = this.organizationOf(caller);
    if (mine === undefined) return;
    const text = JSON.stringify(shown);
    if (!this.readOrganizations.has(mine)) {
      // The first read of an organization is what it holds; one read the same by another caller is theirs.
      const same = [...this.readOrganizations].find(([id, read]) => read === text && id !== mine);
      if (same && !this.distinctOrganizations.has(`${mine} ${same[0]}`)) this.mergeOrganizations(mine, same[0]);
      else {
        this.model.organizations.set(mine, { ...(shown as object), id: mine } as never);
        this.readOrganizations.set(mine, text);
      }
    }
  }

  private mergeOrganizations(from: number, into: number): void {
    for (const user of this.model.users.values()) if (user.organization === from) user.organization = into;
    for (const project of this.model.projects.values()) if (project.organization === from) project.organization = into;
    this.model.organizations.delete(from);
  }

  /** `ownership` shown to a caller of another organization than the creator's, the first time: the two
   * organizations are one ("internal") or two ("external"). */
  private learnOwnership(caller: CallerName, project: number, shown: unknown): void {
    const ownership = (shown as Json | undefined)?.ownership;
    const record = this.model.projects.get(project);
    const mine = this.organizationOf(caller);
    if (!record || mine === undefined || record.organization === mine || typeof ownership !== "string") return;
    const pair = [mine, record.organization].sort().join(" ");
    if (this.distinctOrganizations.has(pair)) return;
    if (ownership.toLowerCase() === "internal" && !(this.readOrganizations.has(mine) && this.readOrganizations.has(record.organization)))
      this.mergeOrganizations(mine, record.organization);
    else this.distinctOrganizations.add(pair);
  }

  private learnGroups(shown: unknown): void {
    for (const group of Array.isArray(shown) ? shown : [shown])
      if (
        group &&
        typeof group === "object" &&
        typeof (group as Json).id === "number" &&
        !this.model.groups.some((g) => g.id === (group as Json).id)
      )
        this.model.groups.push(group as never);
  }

  private addUnseen(id: number, adder: CallerName, email?: string): void {
    if (id < 0) this.standIns.add(id);
    this.model.users.set(id, {
      id,
      email: email ?? `user-${id}@traffic.invalid`,
      group_name: "",
      active: true,
      profile: { first_name: null, last_name: null, initials: null, job_title: null, bio: null, work_phone: null, mobile_phone: null },
      organization: this.organizationOf(adder) ?? null,
    } as SeedUser);
    this.model.knowledge.granted.set(id, new Set(ALL_PERMISSIONS));
    // Made again from its records: the model finds an account by its address only among those it was made with.
    if (email !== undefined) this.rebuild(this.model.toSeed());
  }

  private rebuild(seed: ReturnType<ModelState["toSeed"]>): void {
    const next = new ModelState(seed, this.model.knowledge);
    next.nextProjectIds.push(...this.model.nextProjectIds);
    this.model = next;
  }

  /** A project's users as the server lists them: the one account the model cannot name is the one user
   * it does not know (then named), and each user's record is taken from its first sight. */
  private learnUsers(project: number, shown: Json[]): string | undefined {
    const record = this.model.projects.get(project);
    if (!record) return undefined;
    const ids = shown.map((u) => u?.id).filter((id): id is number => typeof id === "number");
    const unnamed = record.members.filter((m) => this.standIns.has(m));
    const unknown = ids.filter((id) => !record.members.includes(id) && !this.seenUsers.has(id));
    if (unnamed.length === 1 && unknown.length === 1 && shown.length === record.members.length) this.rename(unnamed[0]!, unknown[0]!);
    // An account not named yet that could be one of the users shown: the list cannot be judged. When
    // every user shown is known, the unnamed ones are missing from it (and that is judged).
    else if (unnamed.length > 0 && unknown.length > 0) return "the project's users include an account the recording has not named";
    for (const user of shown) {
      const id = user?.id;
      if (typeof id !== "number" || this.seenUsers.has(id)) continue;
      const mine = this.model.users.get(id);
      if (!mine) continue;
      this.model.users.set(id, { ...(user as unknown as SeedUser), organization: mine.organization });
      this.seenUsers.add(id);
    }
    return undefined;
  }

  /** The account the model made up is the server's `to`: every record that names it now names `to`. */
  private rename(from: number, to: number): void {
    const seed = this.model.toSeed();
    const swap = (id: number) => (id === from ? to : id);
    // An account the model already holds (added by id) keeps its record, in the caller's organization.
    const existing = seed.users.find((u) => u.id === to);
    const standIn = seed.users.find((u) => u.id === from);
    if (existing && standIn) {
      existing.organization = standIn.organization;
      seed.users = seed.users.filter((u) => u !== standIn);
    }
    for (const user of seed.users) user.id = swap(user.id);
    for (const p of seed.projects) {
      p.creator = swap(p.creator);
      p.members = p.members.map(swap);
    }
    const { granted, fixed } = this.model.knowledge;
    const held = granted.get(from);
    granted.delete(from);
    if (held) granted.set(to, held);
    for (const entry of [...fixed])
      if (entry.startsWith(`${from} `)) {
        fixed.delete(entry);
        fixed.add(`${to} ${entry.slice(String(from).length + 1)}`);
      }
    this.rebuild(seed);
    this.standIns.delete(from);
    for (const [caller, account] of this.accounts) if (account === from) this.accounts.set(caller, to);
  }

  /** After an answer is judged: what it did that the World's commit does not keep (a deletion, a
   * removal, a project made here). */
  afterCommit(executed: Executed, rolesBefore?: Map<CallerName, string>): void {
    const { call, response } = executed;
    const done = executed.agreed && !("refused" in executed.answer) && response.status < 300;
    if (!done) return;
    if (call.operation === "createProject") {
      const id = idOf(response.json);
      if (typeof id === "number") this.madeHere.add(id);
    }
    if (call.operation === "deleteProject" && call.project !== undefined && !this.deleted.has(call.project))
      this.deleted.set(call.project, rolesBefore ?? new Map());
    if (call.operation === "removeProjectUser" && call.project !== undefined) {
      const account = Number(/\/users\/(-?\d+)\.json$/.exec(call.path)?.[1]);
      if (Number.isInteger(account)) this.removed.add(`${call.project} ${account}`);
    }
  }
}
