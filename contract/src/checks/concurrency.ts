// Writes at once to one record, then read back (the race conditions of the field's catalogues): only on
// projects the run creates, only with --allow-writes.
//   - creates at once: each answers a project of its own, with the name it was given;
//   - whole updates at once (each sets every field): the project ends as one of them, whole — a field
//     of one write beside a field of another is a state no request asked for;
//   - updates of different fields at once, each acknowledged: every one of them holds (a server that
//     writes back the whole record it read loses the others' changes);
//   - the list agrees with the read.
// Judged by outcome: a refused write is not checked (who may create or update is the groups' choice).
import { expect, fail } from "../runner/expect.js";
import type { Suite } from "../runner/suite.js";
import { listAll } from "../runner/lists.js";

type Project = { id?: unknown; title?: unknown; description?: unknown; job_code?: unknown };
const success = (status: number) => status >= 200 && status < 300;
const FIELDS = ["title", "description", "job_code"] as const;

/** Every write's answer, once all have ended: a check ends after its own writes, never while one it
 * sent is still landing (Promise.all would end at the first error). */
export async function allEnded<T>(writes: Array<Promise<T>>): Promise<T[]> {
  const ended = await Promise.allSettled(writes);
  const failed = ended.find((e) => e.status === "rejected");
  if (failed) throw failed.reason;
  return ended.map((e) => (e as PromiseFulfilledResult<T>).value);
}

/** `count` whole updates, each different in every field (the name behind `name`'s tag). */
export function wholeWrites(
  name: (purpose: string) => string,
  count: number,
): Array<{ name: string; description: string; job_code: string }> {
  return Array.from({ length: count }, (_, i) => ({
    name: name(`race ${String.fromCharCode(65 + i)}`),
    description: `Written whole by write ${String.fromCharCode(65 + i)} of ${count}`,
    job_code: `RACE-${String.fromCharCode(65 + i)}`,
  }));
}

/** Which of `writes` the project is, whole; or the fields that match none, or match different writes. */
export function wholeOf(
  project: Project,
  writes: ReadonlyArray<{ name: string; description: string; job_code: string }>,
): { write?: number; mixed: string[] } {
  const of = (w: (typeof writes)[number]) => ({ title: w.name, description: w.description, job_code: w.job_code });
  const index = writes.findIndex((w) => FIELDS.every((f) => project[f] === of(w)[f]));
  if (index >= 0) return { write: index, mixed: [] };
  return {
    mixed: FIELDS.map((f) => {
      const from = writes.findIndex((w) => of(w)[f] === project[f]);
      return `${f} ${from >= 0 ? `from write ${String.fromCharCode(65 + from)}` : `${JSON.stringify(project[f])}, of no write`}`;
    }),
  };
}

export function concurrencyChecks(suite: Suite) {
  const list = suite.checks("concurrency");
  const { target } = suite;
  if (target.isMock || !target.stateful) return list.checks;

  const create = async (purpose: string) => {
    const made = await suite.created.send({ method: "post", path: "/projects.json", body: { name: suite.created.name(purpose) } });
    return made;
  };
  const read = (id: number) => suite.call("getProject", { method: "get", path: `/projects/${id}.json` });

  list.check("PCS-RACE-CREATE").it(
    "createProject three at once: three projects, each with its own id and the name it was given",
    async (context) => {
      suite.writesOnly(context);
      const names = [1, 2, 3].map((i) => suite.created.name(`at once ${i}`));
      const made = await allEnded(names.map((name) => suite.created.send({ method: "post", path: "/projects.json", body: { name } })));
      context.skip(
        made.some((m) => !success(m.status)),
        suite.created.unmade(made.find((m) => !success(m.status)) ?? made[0]!),
      );
      const ids = made.map((m) => m.id);
      expect(
        new Set(ids).size,
        `three creates at once answered the ids ${JSON.stringify(ids)}: ${suite.explain("createProject", made[0]!)}`,
      ).toBe(3);
      for (const [i, id] of ids.entries()) {
        if (id === undefined) fail(`a create's answer names no project id: ${suite.explain("createProject", made[i]!)}`);
        const got = await read(id);
        expect(
          (got.json as Project | undefined)?.title,
          `project ${id}, created as ${JSON.stringify(names[i])} beside two others: ${got.why}`,
        ).toBe(names[i]);
      }
    },
    { operation: "createProject" },
  );

  list.check("PCS-RACE-UPDATE-SAME").it(
    "updateProject four at once, each of every field: the project ends as one of them, whole, in its read and in the list",
    async (context) => {
      suite.writesOnly(context);
      const made = await create("whole writes at once");
      context.skip(made.id === undefined, suite.created.unmade(made));
      const id = made.id!;
      const writes = wholeWrites((p) => suite.created.name(p), 4);
      const answers = await allEnded(
        writes.map((body) => suite.call("updateProject", { method: "patch", path: `/projects/${id}.json`, body })),
      );
      context.skip(
        answers.some((a) => !success(a.status)),
        `an update did not succeed: ${answers.find((a) => !success(a.status))?.why}`,
      );
      const got = await read(id);
      const project = got.json as Project;
      const { write, mixed } = wholeOf(project, writes);
      if (write === undefined)
        fail(`after four whole updates at once (each 2xx), the project is none of them: ${mixed.join(", ")} — ${got.why}`);
      const listed = await listAll<Project>(suite, "listProjects", "/projects.json");
      const item = listed.items.find((p) => p.id === id);
      if (item)
        for (const field of FIELDS)
          expect(item[field], `project ${id} in the list, beside its read (${field}): ${listed.first.why}`).toBe(project[field]);
    },
    { operation: "updateProject" },
  );

  list.check("PCS-RACE-UPDATE-FIELDS").it(
    "updateProject of different fields at once: every acknowledged change holds",
    async (context) => {
      suite.writesOnly(context);
      const made = await create("fields at once");
      context.skip(made.id === undefined, suite.created.unmade(made));
      const id = made.id!;
      const writes = [
        { name: suite.created.name("name at once") },
        { description: "description written at once" },
        { job_code: "AT-ONCE" },
      ];
      const answers = await allEnded(
        writes.map((body) => suite.call("updateProject", { method: "patch", path: `/projects/${id}.json`, body })),
      );
      const got = await read(id);
      const project = got.json as Project;
      const lost = writes.flatMap((body, i) => {
        if (!success(answers[i]!.status)) return [];
        const [[field, value]] = Object.entries(body) as [[string, string]];
        const shown = field === "name" ? project?.title : project?.[field as keyof Project];
        return shown === value
          ? []
          : [`${field} ${JSON.stringify(value)} (acknowledged ${answers[i]!.status}) reads ${JSON.stringify(shown)}`];
      });
      if (lost.length) fail(`three updates of different fields at once, and a change was lost: ${lost.join("; ")} — ${got.why}`);
    },
    { operation: "updateProject" },
  );
  return list.checks;
}
