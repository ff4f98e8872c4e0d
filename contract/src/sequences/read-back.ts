// What a write is read back through: the project by id by each caller that may see it, its users, its
// place in the lists that hold it (walked page by page, from where it was last found), and, after a
// change, a read conditional on the entity tag from before it — as far as the write bears on each. What
// a read-back finds is blamed on the write it checks.
import type { Exchange } from "../transport/transport.js";
import { compareProject } from "../model/compare.js";
import type { Call, Executed, World } from "../model/world.js";
import type { CallerName } from "./steps.js";
import { DEFAULT_LIMIT as PAGE } from "../description/description.js";
import { judgeFinding } from "../model/judge.js";

type Json = Record<string, unknown>;

/** How far a list is walked (pages of the documented default size): a longer account is sampled. */
const LIST_PAGES = 10;

/** What a read-back needs of the scenario run it belongs to. */
export interface ReadBackRun {
  readonly world: World;
  /** Every exchange of the run, in order (a reproduction). */
  readonly exchanges: Exchange[];
  /** The page of a caller's list where a project was last found ("caller id" → page). */
  readonly pageOf: Map<string, number>;
  exec(call: Call): Promise<Executed>;
}

/** After a write, what it should have done (or, refused, not done), read back: by id by each caller
 * that may see the project, its users, and its place in the lists that hold it — as far as the write
 * bears on them (an update's users do not change; a refusal is read back by one who sees it). */
export async function readBack(run: ReadBackRun, id: number, write: Executed, role: string): Promise<void> {
  const readBackOf = { operation: write.call.operation, role };
  const get = (caller: CallerName) =>
    run.exec({ caller, operation: "getProject", method: "GET", path: `/projects/${id}.json`, project: id, readBackOf });
  const users = (caller: CallerName) =>
    run.exec({ caller, operation: "listProjectUsers", method: "GET", path: `/projects/${id}/users.json`, project: id, readBackOf });
  const list = (caller: CallerName) => readList(run, caller, id, readBackOf);
  const callers = (["key", "other"] as const).filter((caller) => run.world.accounts.has(caller));
  const sees = (caller: CallerName) => !!run.world.model.projects.get(id)?.members.includes(run.world.accounts.get(caller)!);
  const saw = (caller: CallerName) =>
    !!run.world.deleted
      .get(id)
      ?.get(caller)
      ?.match(/^(its creator|a user added to it)/);
  const operation = write.call.operation;
  const done = write.response.status >= 200 && write.response.status < 300;
  if (!done) {
    const reader = callers.find(sees);
    if (!reader) return; // deleted, or seen by no key: nothing to read back
    await get(reader);
    if (operation === "addProjectUser" || operation === "removeProjectUser") await users(reader);
    return;
  }
  const writer = write.call.caller;
  switch (operation) {
    case "createProject":
      await get(writer);
      await users(writer);
      await list(writer);
      return;
    case "updateProject":
      await conditional(run, id, readBackOf);
      for (const caller of callers.filter(sees)) await get(caller);
      for (const caller of callers.filter(sees)) await list(caller);
      return;
    case "addProjectUser":
    case "removeProjectUser": {
      const reader = callers.find(sees) ?? writer;
      await users(reader);
      const person = write.call.path.match(/\/users\/(\d+)\.json$/)?.[1] ?? (write.call.body as { user?: string } | undefined)?.user;
      const otherIsPerson = callers.includes("other") && person === String(run.world.accounts.get("other"));
      if (otherIsPerson) {
        await get("other");
        await list("other");
      }
      // Every other caller that sees the project reads it whole and finds it in its list: a change of
      // its users leaves the project itself as it was.
      for (const caller of callers.filter((c) => sees(c) && !(c === "other" && otherIsPerson))) {
        await get(caller);
        await list(caller);
      }
      return;
    }
    case "deleteProject":
      for (const caller of callers.filter((c) => sees(c) || saw(c))) {
        await get(caller);
        await list(caller);
      }
      await users(callers.find((c) => sees(c) || saw(c)) ?? writer);
      return;
    default:
      for (const caller of callers.filter(sees)) await get(caller);
      if (callers.some(sees)) await users(callers.find(sees)!);
  }
}

/** After a change, a read conditional on the entity tag the server sent before it must not answer
 * 304 Not Modified: the project was modified (for a server that sends ETag at all). */
async function conditional(run: ReadBackRun, id: number, readBackOf: { operation: string; role: string }): Promise<void> {
  const etag = run.world.etags.get(id);
  if (!etag) return;
  run.world.etags.delete(id);
  const { response, exchange } = await run.world.send({
    method: "get",
    path: `/projects/${id}.json`,
    headers: { "if-none-match": etag },
    authorization: run.world.authorization("key"),
  });
  if (exchange) run.exchanges.push(exchange);
  const stale = response.status === 304;
  judgeFinding(run.world, {
    ...readBackOf,
    rule: "update-changes-only-given",
    ...(stale && {
      problem: `read back (getProject, If-None-Match: ${etag}, the entity tag from before the change): 304 Not Modified — the project was modified, so a client's cached copy is stale: ${run.world.suite.explain("getProject", response)}`,
      reproduction: run.world.reproduction(id, exchange),
    }),
    ...(exchange && { exchange }),
    status: response.status,
  });
}

/** The caller's project list walked page by page: the project is there exactly when the model says
 * the caller may see it, and there it is the same record as by id. */
export async function readList(
  run: ReadBackRun,
  caller: CallerName,
  id: number,
  readBackOf?: { operation: string; role: string },
): Promise<void> {
  const expected =
    run.world.accounts.has(caller) || caller === "wrong" || caller === "none" ? await run.world.expectedProject(id, caller) : undefined;
  const role = run.world.roleOf(caller, id);
  const observation = { operation: readBackOf?.operation ?? "listProjects", role: readBackOf?.role ?? role };
  const prefix = readBackOf ? `read back (listProjects by ${role}): ` : "";
  let found: Json | undefined;
  let complete = false;
  let last: Exchange | undefined;
  // Where the project was last found in this caller's list is read first: one page, not the walk.
  const known = run.pageOf.get(`${caller} ${id}`);
  const pages = [...(known !== undefined ? [known] : []), ...Array.from({ length: LIST_PAGES }, (_, i) => i).filter((i) => i !== known)];
  for (const [index, page] of pages.entries()) {
    const { response: done, exchange } = await run.world.send({
      method: "get",
      path: "/projects.json",
      query: { offset: page * PAGE, limit: PAGE },
      authorization: run.world.authorization(caller),
    });
    last = exchange;
    if (last) run.exchanges.push(last);
    if (caller === "wrong" || caller === "none") {
      const refused = done.status >= 400 && done.status < 500;
      judgeFinding(run.world, {
        ...observation,
        rule: "identified-callers",
        ...(!refused && {
          problem: `${prefix}a list served to a request without a valid key: ${run.world.suite.explain("listProjects", done)}`,
        }),
        ...(last && { exchange: last }),
        status: done.status,
      });
      return;
    }
    if (done.status !== 200 || !Array.isArray(done.json)) {
      judgeFinding(run.world, {
        ...observation,
        rule: "visible-when-added",
        problem: `${prefix}the project list is not a JSON array (200): ${run.world.suite.explain("listProjects", done)}`,
        ...(last && { exchange: last }),
        status: done.status,
      });
      return;
    }
    const items = done.json as Json[];
    found = items.find((item) => item?.id === id);
    if (found) run.pageOf.set(`${caller} ${id}`, page);
    if (found || (items.length < PAGE && !(index === 0 && known !== undefined))) {
      complete = true;
      break;
    }
  }
  if (!found && !complete) {
    if (expected)
      run.world.ledger.skip(
        "listProjects",
        role,
        "outcome",
        `the caller's project list is longer than ${LIST_PAGES * PAGE} projects: the run's projects in it were not looked for`,
      );
    return;
  }
  const problems: string[] = [];
  const page = last ? `: ${last.method} ${last.url} → ${last.status}` : "";
  if (expected && !found)
    problems.push(`project ${id} is missing from the caller's project list, though the caller was added to it${page}`);
  if (!expected && found)
    problems.push(
      `project ${id} is in the caller's project list, though the caller ${run.world.deleted.has(id) ? "deleted it" : "was not added to it"}${page}`,
    );
  if (expected && found)
    problems.push(
      ...compareProject(found, expected, { at: Date.now() })
        .filter((m) => m.entries.length === 0)
        .map((m) => `in the list, ${m.message}${page}`),
    );
  judgeFinding(run.world, {
    ...observation,
    rule: "visible-when-added",
    ...(problems.length && { problem: `${prefix}${problems.join("; ")}`, reproduction: run.world.reproduction(id, last) }),
    ...(last && { exchange: last }),
    status: 200,
  });
}
