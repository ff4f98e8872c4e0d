// Who the run's keys are, found through the API before the model can follow the server: the run's key's
// account is the one user of a project it creates ("The caller is automatically added as a project
// member"); the second key's is the account of the invite address when the second key then sees that
// project, else the one user of a project it creates itself, else the one user common to the projects
// it lists and added to a project the second key then sees. What it finds seeds the model: the
// organization each key reads, the groups, the accounts as the server shows them. Without writes, the
// accounts stand for the keys without being known (the model then checks reads that need no identity).
import type { Permission, SandboxSeed, SeedOrganization, SeedUser } from "@project-collaboration/api/sandbox";
import { idOf } from "../runner/created.js";
import { basicAuthorization, type RawResponse } from "../transport/http.js";
import { listAll } from "../runner/lists.js";
import type { Suite } from "../runner/suite.js";
import type { Ledger } from "../model/ledger.js";
import { ADMINISTRATOR_PERMISSIONS, ALL_PERMISSIONS, ModelState } from "../model/model-state.js";
import type { People } from "./people.js";
import { judgeFinding } from "../model/judge.js";

type Json = Record<string, unknown>;

export interface Cast {
  model: ModelState;
  accounts: { key: number; other?: number };
  people: People;
  /** The organization as the run's key first read it (undefined: it could not be read). */
  organization?: Json;
  /** The second key's organization, when it is not the run's key's. */
  otherOrganization?: Json;
  groups: number[];
  /** What the model could not be given, and so does not check: one reason each. */
  missing: string[];
  /** The bootstrap's own projects, each with the key that made it: nothing writes to them after it, so
   * each must end as it began (deleted at the end with the rest). */
  bystanders: Array<{ id: number; key: string }>;
}

/** Stands for an account whose record the API did not show (no writes): never compared. */
const stand = (id: number, organization: number): SeedUser => ({
  id,
  email: `account-${-id}@model.invalid`,
  group_name: "",
  active: true,
  profile: { first_name: null, last_name: null, initials: null, job_title: null, bio: null, work_phone: null, mobile_phone: null },
  organization,
});

const isJsonObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);
const asUser = (record: Json, organization: number | null): SeedUser => ({ ...(record as unknown as SeedUser), organization });

export async function findCast(suite: Suite, ledger: Ledger, register: (id: number, key: string) => Promise<void>): Promise<Cast> {
  const { target } = suite;
  const missing: string[] = [];
  const get = (path: string, key = target.apiKey) => suite.send({ method: "get", path, authorization: basicAuthorization(key) });
  const ok = (response: RawResponse) => response.status === 200;

  // The first reads at once (the transport keeps the pace): a server far away answers them in one wait.
  const [organizationRead, groupsRead, otherRead] = await Promise.all([
    get("/organizations.json"),
    get("/groups.json"),
    target.otherApiKey ? get("/organizations.json", target.otherApiKey) : undefined,
  ]);
  const organization = ok(organizationRead) && isJsonObject(organizationRead.json) ? organizationRead.json : undefined;
  if (!organization) missing.push(`the organization could not be read: ${suite.explain("getOrganization", organizationRead)}`);
  const groups =
    ok(groupsRead) && Array.isArray(groupsRead.json)
      ? (groupsRead.json as Json[]).filter((g) => isJsonObject(g) && typeof g.id === "number")
      : [];

  const organizations: SeedOrganization[] = [{ ...(organization ?? { name: "" }), id: 1 } as SeedOrganization];
  let otherOrganization: Json | undefined;
  let otherOrg = 1;
  if (otherRead && ok(otherRead) && isJsonObject(otherRead.json) && JSON.stringify(otherRead.json) !== JSON.stringify(organization)) {
    otherOrganization = otherRead.json;
    otherOrg = 2;
    organizations.push({ ...otherRead.json, id: 2 } as SeedOrganization);
  }

  let key: SeedUser = stand(-1, 1);
  let other: SeedUser | undefined = target.otherApiKey ? stand(-2, otherOrg) : undefined;
  const people: People = {};
  let scratch: number | undefined;
  let otherMayCreate: boolean | undefined;
  let otherOwn: number | undefined;

  if (target.allowWrites) {
    const created = await suite.send({ method: "post", path: "/projects.json", body: { name: suite.created.name("who are the keys") } });
    // An id sent as a string of digits is still the project's: registered, to be deleted.
    const id = created.status >= 200 && created.status < 300 ? idOf(created.json) : undefined;
    if (typeof id === "number") {
      scratch = id;
      await register(id, target.apiKey);
      const users = await listAll<Json>(suite, "listProjectUsers", `/projects/${id}/users.json`);
      if (users.items.length === 1 && isJsonObject(users.items[0]) && typeof users.items[0].id === "number")
        key = asUser(users.items[0], 1);
      else
        judgeFinding(ledger, {
          operation: "createProject",
          role: "the run's key",
          rule: "creator-is-member",
          problem: `a new project's users should be its creator alone ("The caller is automatically added as a project member"): ${users.first.why}`,
        });
    } else missing.push(`the run's key may not create a project: ${suite.explain("createProject", created)}`);

    if (scratch !== undefined && key.id > 0 && target.otherApiKey) {
      const found = await findOther(suite, scratch, key.id, register);
      otherMayCreate = found.mayCreate;
      otherOwn = found.own;
      if (found.user) other = asUser(found.user, otherOrg);
      else missing.push("the second key's account could not be found (give PCS_INVITE_EMAIL the address of its account)");
    }
    // A user of the account's other projects, to add and remove; and the account of the invite address,
    // when it is one the run has seen (else adding by email is not modelled: the account is unknown).
    const seen: SeedUser[] = [];
    if (suite.ids.project_id !== undefined) {
      const users = (await listAll<Json>(suite, "listProjectUsers", `/projects/${suite.ids.project_id}/users.json`)).items.filter(
        isJsonObject,
      );
      const newcomer = users.find((u) => typeof u.id === "number" && u.id !== key.id && u.id !== other?.id);
      if (newcomer) {
        people.newcomer = newcomer.id as number;
        seen.push(asUser(newcomer, null));
      }
      const invite =
        target.inviteEmail ?? (target.disposable && !target.declaredDisposable ? (newcomer?.email as string | undefined) : undefined);
      const account =
        invite && [key, other, ...users].find((u) => typeof u?.email === "string" && u.email.toLowerCase() === invite.toLowerCase());
      if (invite) people.invitee = account && typeof account.id === "number" ? { email: invite, id: account.id } : { email: invite };
      if (account && account !== key && account !== other && account !== newcomer) seen.push(asUser(account as Json, null));
    }
    if (!people.invitee && target.inviteEmail) people.invitee = { email: target.inviteEmail };
    return finish(seen);
  }
  return finish([]);

  function finish(seen: SeedUser[]): Cast {
    const users = [key, ...(other ? [other] : []), ...seen];
    const seed: SandboxSeed = { organizations, users, groups: groups as unknown as SandboxSeed["groups"], projects: [], permissions: {} };
    const granted = new Map<number, Set<Permission>>([[key.id, new Set(ALL_PERMISSIONS)]]);
    const fixed = new Set<string>();
    if (other) {
      // The second key is, by the user's word, not a company administrator.
      granted.set(other.id, new Set(otherMayCreate ? ["createProject"] : []));
      for (const permission of ADMINISTRATOR_PERMISSIONS) fixed.add(`${other.id} ${permission}`);
      people.other = other.id > 0 ? other.id : undefined;
    }
    return {
      model: new ModelState(seed, { granted, fixed }),
      accounts: { key: key.id, ...(other && { other: other.id }) },
      people,
      ...(organization && { organization }),
      ...(otherOrganization && { otherOrganization }),
      groups: groups.map((g) => g.id as number),
      missing,
      bystanders: [
        ...(scratch !== undefined ? [{ id: scratch, key: target.apiKey }] : []),
        ...(otherOwn !== undefined ? [{ id: otherOwn, key: target.otherApiKey! }] : []),
      ],
    };
  }
}

/** The second key's account: the one user of a project it creates itself; else the one user common to
 * the projects it lists, confirmed by adding it to the scratch project and seeing the second key read
 * that; else the account of the invite address, when the second key then reads the project (last: the
 * service emails that address). */
async function findOther(
  suite: Suite,
  scratch: number,
  known: number,
  register: (id: number, key: string) => Promise<void>,
): Promise<{ user?: Json; mayCreate?: boolean; own?: number }> {
  const { target } = suite;
  const otherKey = target.otherApiKey!;
  const usersOf = async (project: number, key = target.apiKey) =>
    (await listAll<Json>(suite, "listProjectUsers", `/projects/${project}/users.json`, { apiKey: key })).items.filter(isJsonObject);
  const sees = async (project: number) =>
    (await suite.send({ method: "get", path: `/projects/${project}.json`, authorization: basicAuthorization(otherKey) })).status === 200;

  const own = await suite.send({
    method: "post",
    path: "/projects.json",
    body: { name: suite.created.name("the second key's account") },
    authorization: basicAuthorization(otherKey),
  });
  const ownId = own.status >= 200 && own.status < 300 ? idOf(own.json) : undefined;
  const mayCreate = typeof ownId === "number";
  if (typeof ownId === "number") {
    await register(ownId, otherKey);
    const users = await usersOf(ownId, otherKey);
    if (users.length === 1) return { user: users[0]!, mayCreate, ...own };
  }
  const listed = await listAll<Json>(suite, "listProjects", "/projects.json", { apiKey: otherKey, most: 10 });
  let common: Set<unknown> | undefined;
  for (const project of listed.items.filter(isJsonObject).slice(0, 5)) {
    const ids = new Set((await usersOf(project.id as number, otherKey)).map((u) => u.id));
    common = common ? new Set([...common].filter((id) => ids.has(id))) : ids;
  }
  const candidates = [...(common ?? [])].filter((id): id is number => typeof id === "number" && id !== known);
  for (const candidate of candidates.slice(0, 3)) {
    await suite.send({ method: "post", path: `/projects/${scratch}/users.json`, body: { user: String(candidate) } });
    if (await sees(scratch)) {
      const record = (await usersOf(scratch)).find((u) => u.id === candidate);
      if (record) return { user: record, mayCreate, ...own };
    }
    await suite.send({ method: "delete", path: `/projects/${scratch}/users/${candidate}.json` });
  }
  if (target.inviteEmail) {
    const before = new Set((await usersOf(scratch)).map((u) => u.id));
    await suite.send({ method: "post", path: `/projects/${scratch}/users.json`, body: { email: target.inviteEmail } });
    const added = (await usersOf(scratch)).filter((u) => !before.has(u.id));
    if (added.length === 1 && (await sees(scratch))) return { user: added[0]!, mayCreate, ...own };
  }
  return { mayCreate, ...own };
}
