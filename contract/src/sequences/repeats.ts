// Repeats, equivalent namings and ids in the body (the field's catalogues: idempotency, equivalence,
// OWASP API1 in the body position), on projects this scenario creates, with --allow-writes only:
//   - the same PATCH twice reads back the same (each read back through the model);
//   - addProjectUser's `user` naming what the caller should not reach or what is no id — a user seen
//     only in a project of the second key's the run's key is not in, 0, negative, past the 32-bit,
//     53-bit and 64-bit edges, a fraction, an id as a JSON number or with a leading zero: refused with
//     nothing changed (the project's users read back), or, where the value names an existing account,
//     that account added and no other ("user (string, an existing user id)");
//   - the account of the invite address added by id (the lifecycle adds it by its email, once a run:
//     the model holds both namings to the same account);
//   - a user removed, removed again: refused, or 2xx with nothing changed (the model reads back);
//   - a project deleted, deleted again: refused, or 2xx with nothing else changed — a project made
//     just before it reads as it did (the interface states 204 for the first; the second by outcome).
import type { SeedUser } from "@project-collaboration/api/sandbox";
import { Ledger } from "../model/ledger.js";
import type { World } from "../model/world.js";
import { basicAuthorization } from "../transport/http.js";
import type { Exchange } from "../transport/transport.js";
import { INTEGER_EDGES, edgeName, exactly } from "./edges.js";
import { readBack } from "./read-back.js";
import type { ScenarioRun } from "./scenario.js";
import type { Person, Step } from "./steps.js";
import { TEXT_CLASSES, fieldsOf } from "./values.js";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../description/description.js";
import { judgeFinding } from "../model/judge.js";

type Json = Record<string, unknown>;
const success = (status: number) => status >= 200 && status < 300;

/** A value for `user`, and what it is. */
export interface BodyId {
  value: unknown;
  why: string;
}

/**
 * The values of `user` tried: `valid` is an existing account's id that is not a member of the project,
 * `foreign` one seen only in a project the caller is not in.
 */
export function bodyIds(valid: number | undefined, foreign: number | undefined): BodyId[] {
  const edges = INTEGER_EDGES.filter((edge) => edge === 0 || edge >= 2 ** 31).map((edge) => ({
    value: String(edge),
    why: `the edge ${edgeName(edge)}`,
  }));
  return [
    ...(foreign !== undefined ? [{ value: String(foreign), why: "a user seen only in a project the caller is not in" }] : []),
    ...edges,
    { value: String(2n ** 64n + 1n), why: "2^64 + 1 (a 64-bit integer wraps it to 1)" },
    { value: "99999999999999999999999999999999", why: "a string of 32 digits" },
    ...(valid !== undefined
      ? [
          { value: `-${valid}`, why: "an existing account's id, negated" },
          { value: `${valid}.5`, why: "an existing account's id and a fraction" },
          { value: valid + 0.5, why: "a JSON number with a fraction" },
          { value: String(BigInt(valid) + 2n ** 32n), why: "an existing account's id + 2^32 (a 32-bit id wraps to it)" },
          { value: valid, why: "an existing account's id as a JSON number" },
          { value: `0${valid}`, why: "an existing account's id with a leading zero" },
        ]
      : [{ value: "-1", why: "negative" }]),
  ];
}

/** The account a value of `user` names exactly, if it names one: a string of digits (or an integer). */
export function namedAccount(value: unknown): bigint | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined;
  if (typeof value !== "string" || !/^\d+$/.test(value)) return undefined;
  const id = exactly(value);
  return id !== undefined && id > 0n ? id : undefined;
}

/**
 * The judgement of one add by a `user` value: the project's users before and after (ids), the answer's
 * status, the accounts that exist (ids). Undefined when right, else what is wrong.
 */
export function judgeBodyId(
  value: unknown,
  status: number,
  before: readonly number[],
  after: readonly number[],
  existing: ReadonlySet<number>,
): string | undefined {
  if (status >= 500) return `a server error (${status})`;
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const named = namedAccount(value);
  const account =
    named !== undefined && named <= BigInt(Number.MAX_SAFE_INTEGER) && existing.has(Number(named)) ? Number(named) : undefined;
  if (removed.length) return `users ${removed.join(", ")} were removed by an add`;
  if (!success(status)) return added.length ? `refused (${status}), yet users ${added.join(", ")} were added` : undefined;
  if (account === undefined)
    return `accepted (${status}) though it names no existing account ("user (string, an existing user id)")${added.length ? `, and added users ${added.join(", ")}` : ""}`;
  const others = added.filter((id) => id !== account);
  if (others.length) return `accepted, and added users ${others.join(", ")}, not ${account}, the account it names`;
  if (!after.includes(account)) return `accepted (${status}), yet ${account} is not among the project's users`;
  return undefined;
}

export interface RepeatsCast {
  /** An existing account the run's key may add (the newcomer, else the second key's), and its id. */
  valid?: { person: Person; id: number };
  /** A user seen only in a project the caller is not in, with its email. */
  foreign?: { id: number; email?: string; record: Json };
  /** The invite address is an existing account's, known by id (added by id here; by email, once, in the lifecycle). */
  invite: boolean;
}

/** The scenario: runs on `run` (its world, its projects). */
export async function repeatsScenario(run: ScenarioRun, tag: string, cast: RepeatsCast): Promise<void> {
  const { world } = run;
  const E = "E1";
  const same = fieldsOf(TEXT_CLASSES[1]!, `${tag} twice`);
  await run.run([
    { kind: "create", caller: "key", slot: "E0", fields: fieldsOf(TEXT_CLASSES[0]!, tag), why: "made just before the one deleted twice" },
    { kind: "create", caller: "key", slot: E, fields: fieldsOf(TEXT_CLASSES[2]!, tag), why: "repeats and ids in the body" },
    { kind: "update", caller: "key", slot: E, fields: same, why: "a PATCH" },
  ]);
  const id = run.slots.get(E);
  if (id === undefined) return;
  // The same PATCH again, read back through the model. A repeat may leave the project as it was: its
  // `modified` may stay (not earlier than before it, not necessarily later), and so may its entity tag.
  const prior = world.model.projects.get(id)?.modified ?? world.model.projects.get(id)?.created;
  world.etags.delete(id);
  const again = await run.exec({
    caller: "key",
    operation: "updateProject",
    method: "PATCH",
    path: `/projects/${id}.json`,
    body: same,
    project: id,
  });
  if (prior) world.lastModified.set(id, prior);
  await readBack(run, id, again, world.roleOf("key", id));
  await bodyIdsOn(run, id, cast);
  if (cast.invite) await byId(run);
  const steps: Step[] = [];
  if (cast.valid)
    steps.push(
      { kind: "add", caller: "key", slot: E, who: cast.valid.person, by: "id" },
      { kind: "remove", caller: "key", slot: E, who: cast.valid.person },
      { kind: "remove", caller: "key", slot: E, who: cast.valid.person }, // again: refused, or nothing changes
    );
  steps.push({ kind: "delete", caller: "key", slot: E });
  await run.run(steps);
  if (world.deleted.has(id)) await deleteAgain(run, id);
  await run.run([{ kind: "delete", caller: "key", slot: "E0" }]);
}

/** The project's user ids, as the run's key reads them (undefined: not read). */
async function usersOf(run: ScenarioRun, id: number): Promise<{ ids?: number[]; exchange?: Exchange }> {
  const { response, exchange } = await run.world.send({
    method: "get",
    path: `/projects/${id}/users.json`,
    query: { limit: MAX_LIMIT },
    authorization: run.world.authorization("key"),
  });
  if (exchange) run.exchanges.push(exchange);
  if (response.status !== 200 || !Array.isArray(response.json)) return { ...(exchange && { exchange }) };
  return { ids: (response.json as Json[]).map((u) => u?.id as number), ...(exchange && { exchange }) };
}

async function bodyIdsOn(run: ScenarioRun, id: number, cast: RepeatsCast): Promise<void> {
  const { world } = run;
  const validId = cast.valid?.id;
  const existing = new Set<number>([...world.model.users.keys()].filter((u) => u > 0));
  if (cast.foreign) existing.add(cast.foreign.id);
  const role = world.roleOf("key", id);
  for (const { value, why } of bodyIds(validId, cast.foreign?.id)) {
    const before = await usersOf(run, id);
    if (!before.ids) return;
    const { response, exchange } = await world.send({
      method: "post",
      path: `/projects/${id}/users.json`,
      body: { user: value },
      authorization: world.authorization("key"),
    });
    if (exchange) run.exchanges.push(exchange);
    const after = await usersOf(run, id);
    if (!after.ids) return;
    let problem = judgeBodyId(value, response.status, before.ids, after.ids, existing);
    const email = cast.foreign?.email;
    if (
      !problem &&
      !success(response.status) &&
      email &&
      value === String(cast.foreign!.id) &&
      response.text.toLowerCase().includes(email.toLowerCase())
    )
      problem = `refused, but the refusal's body holds ${JSON.stringify(email)}, the address of a user the caller shares no project with`;
    judgeFinding(world, {
      operation: "addProjectUser",
      role,
      rule: "add-existing-user",
      ...(problem && {
        problem: `user ${JSON.stringify(value)} (${why}): ${problem}; the project's users were ${JSON.stringify(before.ids)}, then ${JSON.stringify(after.ids)}: ${world.suite.explain("addProjectUser", response)}`,
        reproduction: world.reproduction(id, exchange),
      }),
      ...(exchange && { exchange }),
      status: response.status,
    });
    // What was added (rightly) is the model's too, and taken away again, so the next value starts alike.
    const added = after.ids.filter((u) => !before.ids!.includes(u));
    for (const account of added) {
      const known = world.model.users.get(account);
      if (!known && cast.foreign?.id === account)
        world.model.addUser({ ...(cast.foreign.record as unknown as SeedUser), organization: null });
      world.model.projects.get(id)?.members.push(account);
      const done = await run.exec({
        caller: "key",
        operation: "removeProjectUser",
        method: "DELETE",
        path: `/projects/${id}/users/${account}.json`,
        project: id,
      });
      if (!success(done.response.status)) return; // the model follows the server no longer: stop here
    }
    if (problem) return; // one finding is enough; what follows would build on it
  }
}

/**
 * A user the second key sees in a project of its own list that the run's key cannot read, and who is none
 * of the run's known accounts: an id the run's key should not reach (a few reads; undefined if none).
 */
export async function findForeign(run: ScenarioRun, known: ReadonlySet<number>): Promise<RepeatsCast["foreign"]> {
  const { world } = run;
  if (!world.suite.target.otherApiKey) return undefined;
  const other = world.authorization("other");
  const { response: listed } = await world.send({
    method: "get",
    path: "/projects.json",
    query: { limit: DEFAULT_LIMIT },
    authorization: other,
  });
  if (listed.status !== 200 || !Array.isArray(listed.json)) return undefined;
  let tried = 0;
  for (const project of listed.json as Json[]) {
    if (typeof project?.id !== "number" || String(project.title ?? "").startsWith(world.suite.runTag)) continue;
    if (tried++ >= 3) break;
    const { response: seen } = await world.send({
      method: "get",
      path: `/projects/${project.id}.json`,
      authorization: world.authorization("key"),
    });
    if (seen.status === 200) continue;
    const { response: users } = await world.send({ method: "get", path: `/projects/${project.id}/users.json`, authorization: other });
    if (users.status !== 200 || !Array.isArray(users.json)) continue;
    const user = (users.json as Json[]).find((u) => typeof u?.id === "number" && u.id > 0 && !known.has(u.id));
    if (user) return { id: user.id as number, ...(typeof user.email === "string" && { email: user.email }), record: user };
  }
  return undefined;
}

/** The invite address's account added by id, then removed (both through the model). The same account
 * added by its email is the lifecycle's one add by email (fixed.ts): the run emails that address once,
 * never again for a comparison — the model holds both to the same account, so the two namings are
 * compared through it. */
async function byId(run: ScenarioRun): Promise<void> {
  await run.run([
    { kind: "add", caller: "key", slot: "E1", who: "invitee", by: "id" },
    { kind: "remove", caller: "key", slot: "E1", who: "invitee" },
  ]);
}

/** A project deleted, deleted again: refused, or 2xx with nothing else changed (read back by the model). */
async function deleteAgain(run: ScenarioRun, id: number): Promise<void> {
  const { world } = run;
  const { response, exchange } = await world.send({
    method: "delete",
    path: `/projects/${id}.json`,
    authorization: basicAuthorization(world.suite.target.apiKey),
  });
  if (exchange) run.exchanges.push(exchange);
  const broken = response.status >= 500;
  judgeFinding(world, {
    operation: "deleteProject",
    role: world.roleOf("key", id),
    rule: "delete-is-permanent",
    ...(broken && {
      problem: `deleted again: a server error: ${world.suite.explain("deleteProject", response)}`,
      reproduction: world.reproduction(id, exchange),
    }),
    ...(exchange && { exchange }),
    status: response.status,
  });
  // Nothing else changed: the project made just before reads as it did, in its read and the list; the
  // one deleted is still gone.
  await run.run([
    { kind: "read", caller: "key", slot: "E0", view: "get" },
    { kind: "read", caller: "key", slot: "E0", view: "list" },
    { kind: "read", caller: "key", slot: "E1", view: "get" },
  ]);
}

/**
 * The scenario, and once more on fresh projects when a check of it failed: a failure that does not come
 * back is unstable, not failed (as engine.ts replays the other scenarios).
 */
export async function repeatsConfirmed(world: World, newRun: (on: World) => ScenarioRun, tag: string, cast: RepeatsCast): Promise<void> {
  const first = newRun(world.fork(world.ledger));
  await repeatsScenario(first, tag, cast);
  if (first.world.failedObservations === 0) return;
  const again = new Ledger();
  await repeatsScenario(newRun(world.fork(again)), tag, cast);
  world.ledger.confirm(first.world.failed, again, (f) => world.counts(f));
}
