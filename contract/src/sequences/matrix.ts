// The access matrix, as Burp's Autorize and AuthMatrix and OWASP WSTG-ATHZ build it: every caller × every
// relation it can have to a record × every operation, as data — the operations, the relations in the
// order a run makes them — and one generator that turns them into steps. The outcome of each cell is the
// model's (model/): the step does not say it. After each relation is made and tried, the record is read
// back by every caller. The relations are found, never invented: a step that cannot happen (an owner
// that may not add users) is refused by the server, and the model follows; who each caller then is to
// the record is the model's (World.roleOf: its creator, a user added to it, added then removed, never
// added — of the same organization or another's).
import { cover } from "./cover.js";
import { type CallerName, type Person, READ_METHODS, type ReadMethod, type Step } from "./steps.js";

/** What a caller can do to a project, each as the steps that try it (delete is tried last in a relation). */
const OPERATIONS: Record<string, (caller: CallerName, slot: string, tag: string) => Step[]> = {
  read: (caller, slot) =>
    (["get", "users", "files", "urls", "copy", "list"] as const).map((view) => ({ kind: "read", caller, slot, view })),
  // Each property of the update body alone (name, description, job_code: ProjectUpdate), so that a server
  // that ties one to another (rewrites the job code when the name changes) shows in the read-back.
  update: (caller, slot, tag) =>
    Object.entries({ name: `${tag} m ${caller}`, description: `${tag} by ${caller}`, job_code: `M-${caller}` }).map(
      ([field, value]): Step => ({
        kind: "update",
        caller,
        slot,
        fields: { [field]: value },
        why: `the access matrix's update: ${field} alone`,
      }),
    ),
  // A read told to delete by every method override (Express's method-override, `_method`): a server that
  // authorizes the GET it was sent as, then deletes, lets a member that may read delete.
  "read told to delete": (caller, slot) => [{ kind: "read", caller, slot, view: "get", toldToDelete: true }],
  "add itself": (caller, slot) => [{ kind: "add", caller, slot, who: "self", by: "id" }],
  "add a user of the account": (caller, slot) => [{ kind: "add", caller, slot, who: "newcomer", by: "id" }],
  "remove the creator": (caller, slot) => [{ kind: "remove", caller, slot, who: "creator" }],
  delete: (caller, slot) => [{ kind: "delete", caller, slot }],
};
type Operation = keyof typeof OPERATIONS;
const EVERY: Operation[] = Object.keys(OPERATIONS);
/** A member tries everything but deleting (which would end the record before the next relation). */
const BUT_DELETE = EVERY.filter((operation) => operation !== "delete");

/** The relations of the caller that is not the owner, in the order the run makes them: how each is made
 * from the one before, and what is tried in it. Keys of no one and no key have one relation: none. */
const RELATIONS: ReadonlyArray<{ name: string; make: (owner: CallerName, actor: CallerName, slot: string) => Step[]; tried: Operation[] }> =
  [
    { name: "never added", make: () => [], tried: EVERY },
    {
      name: "added",
      make: (owner, actor, slot) => [{ kind: "add", caller: owner, slot, who: personOf(actor), by: "id" }],
      tried: BUT_DELETE,
    },
    {
      name: "added, then removed",
      // Beside a user of the account (the project then holds several: a removal takes the one it names),
      // it leaves; and, should leaving be refused, its owner removes it (refused too, if the owner may not
      // manage users).
      make: (owner, actor, slot) => [
        { kind: "add", caller: owner, slot, who: "newcomer", by: "id" },
        { kind: "remove", caller: actor, slot, who: "self" },
        { kind: "remove", caller: owner, slot, who: personOf(actor) },
      ],
      tried: EVERY,
    },
  ];
const NO_ONE: CallerName[] = ["wrong", "none"];
const personOf = (caller: CallerName): Person => (caller === "key" ? "key" : "other");

/** Every caller reads the record back, by id, and the keys in their lists. */
const readBackByEveryone = (slot: string, callers: CallerName[]): Step[] =>
  callers.flatMap((caller): Step[] => [
    { kind: "read", caller, slot, view: "get" },
    ...(caller === "key" || caller === "other" ? [{ kind: "read", caller, slot, view: "list" } as Step] : []),
  ]);

/** The views a read by id is also sent to as HEAD and OPTIONS. */
const BY_ID = ["get", "users", "files", "urls", "copy"] as const;

/** The matrix on a project `owner` creates: the other key in each relation to it, keys of no one, every
 * operation, read back by every caller; then its owner deletes it and every caller tries it again.
 * Each cell (a caller in a relation) also reads by id as HEAD and OPTIONS — frameworks route both to the
 * GET handler and authorize them apart — in a covering array seeded by `seed`: every cell whole, every
 * pair of cell, view and method at least once. */
export function accessMatrix(owner: "key" | "other", tag: string, seed: number, atLeast?: number): Step[] {
  const slot = `M-${owner}`;
  const actor: CallerName = owner === "key" ? "other" : "key";
  const everyone: CallerName[] = [owner, actor, ...NO_ONE];
  const cell = (relation: string, caller: CallerName) => `${relation}: ${caller}`;
  const cells = [
    ...RELATIONS.flatMap(({ name }, index) => (index === 0 ? [actor, ...NO_ONE] : [actor]).map((caller) => cell(name, caller))),
    ...everyone.map((caller) => cell("deleted", caller)),
  ];
  const { rows } = cover({ cell: cells, view: BY_ID, method: READ_METHODS }, { seed, whole: ["cell"], ...(atLeast && { atLeast }) });
  const readForms = (relation: string, caller: CallerName): Step[] =>
    rows
      .filter((row) => row.cell === cell(relation, caller))
      .map((row) => ({ kind: "read", caller, slot, view: row.view as (typeof BY_ID)[number], method: row.method as ReadMethod }));
  const steps: Step[] = [
    {
      kind: "create",
      caller: owner,
      slot,
      fields: { name: `${tag} matrix`, description: `made by ${owner}` },
      why: "the access matrix's record",
    },
  ];
  for (const [index, relation] of RELATIONS.entries()) {
    steps.push(...relation.make(owner, actor, slot));
    const callers = index === 0 ? [actor, ...NO_ONE] : [actor];
    for (const caller of callers) {
      for (const operation of relation.tried) steps.push(...OPERATIONS[operation]!(caller, slot, tag));
      steps.push(...readForms(relation.name, caller));
    }
    steps.push(...readBackByEveryone(slot, everyone));
  }
  steps.push({ kind: "delete", caller: owner, slot });
  for (const caller of everyone)
    steps.push(...OPERATIONS.read!(caller, slot, tag), ...readForms("deleted", caller), {
      kind: "update",
      caller,
      slot,
      fields: { job_code: "GONE" },
      why: "an update after deletion",
    });
  return steps;
}
