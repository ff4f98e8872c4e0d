// What a client must not set (OWASP API Security Top 10 2023, API3: broken object property level
// authorization; API1: an object id in the body): every property the server chooses — the id, the
// timestamps, the creator, the ownership, the comment count, the thumbnails (nested) — and the title a
// create derives from `name`, sent in a create and in an update beside a property the caller may set;
// and, apart, the project's users under the names frameworks bind a relation to (`members`, `user_ids`:
// CWE-915), naming another user of the account. Judged by outcome: refused (the description rejects
// unknown properties; the interface says nothing), or taken with none of those values — users are added
// by addProjectUser only — and the project whose id the body names unchanged. Only on projects the run
// creates, only with --allow-writes.
import { fail } from "../runner/expect.js";
import type { Suite } from "../runner/suite.js";
import { listAll } from "../runner/lists.js";
import { instant } from "../transport/media-type.js";
import { peopleOfTheKeysProjects } from "../callers/people.js";

type Project = Record<string, unknown>;
const success = (status: number) => status >= 200 && status < 300;

const LONG_AGO = "2001-01-01T00:00:00+00:00";
const FOREIGN = "https://attacker.invalid/thumbnail.png";

/** The server's own properties of a project, as a client might send them (`id`: an id that is not the project's). */
export function serverChosen(id: number): Project {
  return {
    id,
    created: LONG_AGO,
    modified: LONG_AGO,
    created_by: "someone else entirely",
    ownership: "External",
    num_comments: 99,
    _thumbnails: { small: { href: FOREIGN }, medium: { href: FOREIGN }, large: { href: FOREIGN } },
  };
}

/** A project's users under the names a framework binds a relation to (Rails' `user_ids` and nested
 * attributes, an ORM's `members`), each alone (a server that binds one refuses the others as unknown),
 * naming `user`: none of them is a property of any operation. */
export function relationsNamed(user: number): Project[] {
  return [{ members: [user] }, { member_ids: [user] }, { user_ids: [user] }, { users: [{ id: user }] }];
}

/** Which of the sent server-chosen values the project shows (taken), compared with what it was (`before`,
 * for an update) — a value the server would have chosen anyway (its own) is not one taken. */
export function taken(project: Project, sent: Project, before?: Project): string[] {
  const out: string[] = [];
  const same = (field: string) => before !== undefined && JSON.stringify(project[field]) === JSON.stringify(before[field]);
  if (project.id === sent.id) out.push(`id ${String(sent.id)}`);
  for (const field of ["created", "modified"] as const)
    if (typeof project[field] === "string" && instant(project[field]) === instant(LONG_AGO) && !same(field))
      out.push(`${field} ${LONG_AGO}`);
  if (project.created_by === sent.created_by && !same("created_by")) out.push(`created_by ${JSON.stringify(sent.created_by)}`);
  if (typeof project.ownership === "string" && /^external$/i.test(project.ownership) && !same("ownership"))
    out.push(`ownership ${JSON.stringify(project.ownership)}`);
  if (project.num_comments === sent.num_comments && !same("num_comments")) out.push(`num_comments ${String(sent.num_comments)}`);
  if (JSON.stringify(project._thumbnails ?? null).includes(FOREIGN)) out.push(`_thumbnails ${FOREIGN}`);
  return out;
}

export function exploreWriteChecks(suite: Suite) {
  const list = suite.checks("properties");
  const { target } = suite;
  if (target.isMock || !target.stateful) return list.checks;
  const read = async (id: number) => {
    const got = await suite.call("getProject", { method: "get", path: `/projects/${id}.json` });
    return { got, project: (got.json ?? {}) as Project };
  };
  /** A project of the run's own whose id the bodies name: it must not change. */
  const bystander = () =>
    suite.shared("properties bystander", async () => {
      const made = await suite.created.send({
        method: "post",
        path: "/projects.json",
        body: { name: suite.created.name("named by id only") },
      });
      return made.id;
    });
  const unchanged = async (id: number, before: Project, after: string) => {
    const { got, project } = await read(id);
    const changed = ["title", "description", "job_code", "modified"].filter(
      (f) => JSON.stringify(project[f]) !== JSON.stringify(before[f]),
    );
    if (changed.length)
      fail(`project ${id}, named only by the id in another request's body, changed (${changed.join(", ")}) ${after}: ${got.why}`);
  };

  list.check("PCS-CREATE-SERVER-FIELDS").it(
    "createProject with the server's own properties: a new id, its own timestamps, creator, ownership and thumbnails, the title its name — or refused",
    async (context) => {
      suite.writesOnly(context);
      const other = await bystander();
      context.skip(other === undefined, "no project to name by id: the create meant to make one named none");
      const before = (await read(other!)).project;
      const name = suite.created.name("server's own properties sent");
      const sent = { name, title: "a title not given as the name", ...serverChosen(other!) };
      const made = await suite.created.send({ method: "post", path: "/projects.json", body: sent });
      await unchanged(other!, before, "when a create named it");
      if (!success(made.status)) return; // refused: the description rejects unknown properties
      const shown = (made.json ?? {}) as Project;
      const again = made.id === undefined || made.id === other ? undefined : (await read(made.id)).project;
      const problems = [...new Set([...taken(shown, sent), ...(again ? taken(again, sent) : [])])];
      if (shown.title !== name && shown.title !== undefined) problems.push(`title ${JSON.stringify(shown.title)}, not the name given`);
      if (problems.length)
        fail(
          `a create took what the server chooses (${problems.join("; ")}): "201, the created Project (its title carries the given name)" — ${suite.explain("createProject", made)}`,
        );
    },
    { operation: "createProject" },
  );

  list.check("PCS-UPDATE-SERVER-FIELDS").it(
    "updateProject with the server's own properties beside a description: the description changes and nothing of them — or nothing at all",
    async (context) => {
      suite.writesOnly(context);
      const other = await bystander();
      const made = await suite.created.send({
        method: "post",
        path: "/projects.json",
        body: { name: suite.created.name("server's own properties updated") },
      });
      context.skip(
        other === undefined || made.id === undefined,
        made.id === undefined ? suite.created.unmade(made) : "no project to name by id: the create meant to make one named none",
      );
      const id = made.id!;
      const before = (await read(id)).project;
      const otherBefore = (await read(other!)).project;
      const sent = { description: "changed beside the server's own properties", ...serverChosen(other!) };
      const answer = await suite.call("updateProject", { method: "patch", path: `/projects/${id}.json`, body: sent });
      const { got, project } = await read(id);
      await unchanged(other!, otherBefore, "when an update of another project named it");
      if (project.id !== id) fail(`project ${id} now reads as id ${String(project.id)} after an update that sent id ${other}: ${got.why}`);
      if (!success(answer.status)) {
        if (project.description !== before.description)
          fail(`a refused update (${answer.status}) changed the description: ${answer.why} / ${got.why}`);
        return;
      }
      const problems = taken(project, sent, before);
      if (project.description !== sent.description)
        problems.push(`the description sent is not the project's (${JSON.stringify(project.description)})`);
      for (const field of ["created", "created_by", "ownership", "num_comments"])
        if (
          field in before &&
          JSON.stringify(project[field]) !== JSON.stringify(before[field]) &&
          !problems.some((p) => p.startsWith(field))
        )
          problems.push(`${field} changed from ${JSON.stringify(before[field])} to ${JSON.stringify(project[field])}`);
      if (problems.length)
        fail(
          `an update took what the server chooses (${problems.join("; ")}): "JSON object containing only the properties to change" — ${answer.why} / ${got.why}`,
        );
    },
    { operation: "updateProject" },
  );
  /** The ids of project `id`'s users. */
  const usersOf = async (id: number) =>
    (await listAll<{ id: number }>(suite, "listProjectUsers", `/projects/${id}/users.json`)).items.map((u) => u.id);
  list.check("PCS-CREATE-USERS-ALIAS").it(
    "createProject and updateProject with the project's users under other names (members, member_ids, user_ids, users): no user added — or refused",
    async (context) => {
      suite.writesOnly(context);
      const made = await suite.created.send({
        method: "post",
        path: "/projects.json",
        body: { name: suite.created.name("users by other names") },
      });
      context.skip(made.id === undefined, suite.created.unmade(made));
      // Someone else of the account (callers/people.ts): not a user of the project the caller just made.
      const me = new Set(await usersOf(made.id!));
      const someone = [...(await peopleOfTheKeysProjects(suite)).keys()].find((user) => !me.has(user));
      context.skip(someone === undefined, "no project the caller lists has a user besides the caller: no one to name");
      const problems: string[] = [];
      for (const named of relationsNamed(someone!)) {
        const [property] = Object.keys(named);
        const created = await suite.created.send({
          method: "post",
          path: "/projects.json",
          body: { name: suite.created.name("users named in a create"), ...named },
        });
        if (success(created.status) && created.id !== undefined && (await usersOf(created.id)).includes(someone!))
          problems.push(`a create with ${property} made user ${someone} a user of its project: ${suite.explain("createProject", created)}`);
        const updated = await suite.call("updateProject", {
          method: "patch",
          path: `/projects/${made.id}.json`,
          body: { description: `users named as ${property}`, ...named },
        });
        if ((await usersOf(made.id!)).includes(someone!)) {
          problems.push(`an update with ${property} (${updated.status}) made user ${someone} a user of the project: ${updated.why}`);
          break; // the project's users have changed: the next name would show nothing new
        }
      }
      if (problems.length) fail(`users are added by addProjectUser only — ${problems.join("; ")}`);
    },
    // "The caller is automatically added as a project member": the creator, and no one else.
    { operation: "createProject" },
  );
  return list.checks;
}
