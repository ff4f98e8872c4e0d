// The fixed scenarios: every caller on every operation of a project, in each relation to it — before
// the second user is added (never added), while a member, after being removed, after the project is
// deleted — with a well-formed key of no one and no key at all beside them; every field written with
// values of every class (values.ts) and read back through every view; the server's own fields sent
// and left unchanged; methods the description does not list refused. Steps only: scenario.ts runs
// them, and a failure's reproduction replays them.
import { MULTILINE, TEXT_CLASSES, atTheLimit, fieldsOf } from "./values.js";
import type { CallerName, Person, ProjectView, Step } from "./steps.js";

const VIEWS: readonly ProjectView[] = ["get", "users", "files", "urls", "copy", "list"];

/** A create's fields of several classes at once. */
const mixed = (tag: string) => {
  const byName = (name: string) => TEXT_CLASSES.find((c) => c.name.startsWith(name))!;
  return {
    name: fieldsOf(byName("characters outside the BMP"), tag).name,
    description: `${byName("combining marks").sample(100)} ${byName("right-to-left").sample(100)} ${byName("markup").sample(100)}`,
    job_code: byName("CJK").sample(20),
  };
};

/** What every caller that may not touch the project tries: reads of every view, each write. */
function outsiderSteps(caller: CallerName, slot: string, tag: string): Step[] {
  return [
    ...VIEWS.map((view): Step => ({ kind: "read", caller, slot, view })),
    { kind: "update", caller, slot, fields: { description: `${tag} changed by an outsider` }, why: "an outsider's update" },
    { kind: "add", caller, slot, who: "self", by: "id" },
    { kind: "add", caller, slot, who: "newcomer", by: "id" },
    { kind: "remove", caller, slot, who: "creator" },
    { kind: "delete", caller, slot },
  ];
}

export interface Cast {
  /** The second key is known (its account found). */
  other: boolean;
  /** A user of the account's projects besides the two keys. */
  newcomer: boolean;
  /** An invite address was given (PCS_INVITE_EMAIL), or the server is disposable. */
  invite: boolean;
  /** The invite address is the second key's own account. */
  inviteIsOther: boolean;
}

/** One project through its life, with every caller at every stage. */
export function lifecycle(tag: string, cast: Cast): Step[] {
  const P = "P1";
  const steps: Step[] = [
    { kind: "create", caller: "key", slot: P, fields: mixed(tag), why: "a name outside the BMP, a description of marks and scripts" },
    // A bystander, made right after it: the run never writes to it, so it must end as it began.
    { kind: "create", caller: "key", slot: "P0", fields: fieldsOf(TEXT_CLASSES[0]!, tag), why: "a bystander, never written to" },
    ...VIEWS.map((view): Step => ({ kind: "read", caller: "key", slot: P, view })),
    ...outsiderSteps("wrong", P, tag),
    ...outsiderSteps("none", P, tag),
  ];
  if (cast.other)
    steps.push(
      ...outsiderSteps("other", P, tag),
      { kind: "add", caller: "key", slot: P, who: "other", by: "id" },
      { kind: "add", caller: "key", slot: P, who: "other", by: "id" }, // twice: listed once
      ...VIEWS.map((view): Step => ({ kind: "read", caller: "other", slot: P, view })),
      { kind: "update", caller: "other", slot: P, fields: { job_code: "BY-MEMBER" }, why: "a member's update" },
      { kind: "add", caller: "other", slot: P, who: "newcomer", by: "id" },
      { kind: "remove", caller: "other", slot: P, who: "creator" },
      { kind: "delete", caller: "other", slot: P },
    );
  // Every field with a value of every class, read back through every view; then each field on its own
  // (what is not sent stays), all three at their limits, and empty. A pause first: timestamps have a
  // precision of a second, and a change must be told from the create.
  steps.push({ kind: "wait", ms: 2_100 });
  TEXT_CLASSES.forEach((textClass, i) => {
    if (i === 6) steps.push({ kind: "wait", ms: 2_100 }); // and again: each change moves `modified` on
    steps.push({ kind: "update", caller: "key", slot: P, fields: fieldsOf(textClass, tag), why: textClass.name });
  });
  for (const field of ["name", "description", "job_code"] as const)
    steps.push({
      kind: "update",
      caller: "key",
      slot: P,
      fields: { [field]: fieldsOf(TEXT_CLASSES[1]!, `${tag} only`)[field] },
      why: `${field} alone`,
    });
  steps.push(
    { kind: "update", caller: "key", slot: P, fields: { description: MULTILINE.sample(200) }, why: `description: ${MULTILINE.name}` },
    { kind: "update", caller: "key", slot: P, fields: atTheLimit(tag), why: "every field exactly at its limit" },
    { kind: "update", caller: "key", slot: P, fields: { description: "", job_code: "" }, why: "description and job code empty" },
    {
      kind: "update",
      caller: "key",
      slot: P,
      fields: {
        id: 1,
        created: "2001-01-01T00:00:00+00:00",
        modified: "2001-01-01T00:00:00+00:00",
        created_by: "someone else",
        ownership: "external",
        num_comments: 99,
      },
      why: "only fields the server keeps itself: they stay as they are",
    },
    { kind: "remove", caller: "key", slot: P, who: "self" }, // the creator
  );
  if (cast.newcomer)
    steps.push(
      { kind: "add", caller: "key", slot: P, who: "newcomer", by: "id" },
      { kind: "remove", caller: "key", slot: P, who: "newcomer" },
    );
  if (cast.invite) {
    steps.push({ kind: "add", caller: "key", slot: P, who: "invitee", by: "email" });
    if (!cast.inviteIsOther) steps.push({ kind: "remove", caller: "key", slot: P, who: "invitee" });
  }
  steps.push({ kind: "add", caller: "key", slot: P, who: "nobody", by: "id" });
  if (cast.other)
    steps.push(
      { kind: "remove", caller: "key", slot: P, who: "other" },
      ...outsiderSteps("other", P, tag),
      // Added again after being removed: the access comes back, everywhere.
      { kind: "add", caller: "key", slot: P, who: "other", by: "id" },
      { kind: "read", caller: "other", slot: P, view: "users" },
      { kind: "remove", caller: "key", slot: P, who: "other" },
    );
  steps.push(
    ...(["PUT", "POST"] as const).map((method): Step => ({ kind: "unlisted", caller: "key", slot: P, method, path: "project" })),
    ...(["files", "urls", "copy"] as const).map((path): Step => ({ kind: "unlisted", caller: "key", slot: P, method: "POST", path })),
    { kind: "unlisted", caller: "key", slot: P, method: "PUT", path: "users" },
    { kind: "unlisted", caller: "key", slot: P, method: "PATCH", path: "user" },
    { kind: "delete", caller: "key", slot: P },
    ...(["key", "other", "wrong", "none"] as const).flatMap((caller): Step[] =>
      caller === "other" && !cast.other
        ? []
        : [
            ...VIEWS.map((view): Step => ({ kind: "read", caller, slot: P, view })),
            { kind: "update", caller, slot: P, fields: { description: `${tag} after deletion` }, why: "an update after deletion" },
            { kind: "add", caller, slot: P, who: "self", by: "id" },
            { kind: "delete", caller, slot: P },
          ],
    ),
  );
  return steps;
}

/** Two users added at once to a project of the run's, read back (a server that reads the members,
 * appends one and writes them back loses the other), then each removed. */
export function addsAtOnce(tag: string, who: Person[]): Step[] {
  const P = "A1";
  return [
    { kind: "create", caller: "key", slot: P, fields: fieldsOf(TEXT_CLASSES[0]!, tag), why: "a project to add two users to at once" },
    { kind: "adds at once", caller: "key", slot: P, who },
    ...who.map((person): Step => ({ kind: "remove", caller: "key", slot: P, who: person })),
  ];
}

/** On a disposable server: a project of the run, and an address no account has added to it by email
 * (the scenario's invitee is that fresh address), then removed. */
export function newAccountInvite(tag: string): Step[] {
  const P = "N1";
  return [
    { kind: "create", caller: "key", slot: P, fields: fieldsOf(TEXT_CLASSES[0]!, tag), why: "a project to invite a new address to" },
    { kind: "add", caller: "key", slot: P, who: "invitee", by: "email" },
    { kind: "remove", caller: "key", slot: P, who: "invitee" },
  ];
}

/** On a disposable server (a second mail to the invite address): a project of the run, and the invite
 * address, whose account the run knows, added by email with its domain in upper case — domains are
 * case-insensitive (RFC 5321 §2.4), so it is that account's address and that user is added (rule 2 of
 * adding), never a new account; then removed. */
export function recasedInvite(tag: string): Step[] {
  const P = "R1";
  return [
    {
      kind: "create",
      caller: "key",
      slot: P,
      fields: fieldsOf(TEXT_CLASSES[0]!, tag),
      why: "a project to invite an address in another case to",
    },
    { kind: "add", caller: "key", slot: P, who: "invitee", by: "email", recased: true },
    { kind: "remove", caller: "key", slot: P, who: "invitee" },
  ];
}

/** The address with its domain in upper case (RFC 5321 §2.4: the same mailbox). */
export const domainInUpperCase = (email: string): string => {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, at)}${email.slice(at).toUpperCase()}`;
};

/** An address of the owner of `email` that no account has: a sub-address (RFC 5233, `local+detail@domain`)
 * with the run's own detail — mail to it reaches that owner, no one else. */
export function subAddress(email: string, detail: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).split("+")[0];
  return `${local}+${detail.replace(/[^A-Za-z0-9-]/g, "-")}${email.slice(at)}`;
}

/** Ids no project has, as far as the run can tell: every operation on them is refused by every key. */
export function unknownIds(): Step[] {
  const U = "unknown";
  return [
    ...VIEWS.filter((view) => view !== "list").map((view): Step => ({ kind: "read", caller: "key", slot: U, view })),
    { kind: "update", caller: "key", slot: U, fields: { job_code: "NO-SUCH" }, why: "a project that does not exist" },
    { kind: "add", caller: "key", slot: U, who: "other", by: "id" },
    { kind: "remove", caller: "key", slot: U, who: "key" },
    { kind: "delete", caller: "key", slot: U },
  ];
}
