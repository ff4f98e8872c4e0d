// Every object id in every position (OWASP API Security Top 10 2023, API1), and integers at their edges
// (edges.ts), in what the run may send without writing:
//   - a path id the caller can read, moved past the 32-bit and 64-bit wrap, past the doubles' exact
//     range, negated, or an edge itself: a server may answer such an id only with the record of
//     exactly that id (read from the body as written, not as a double rounds it) — never the record
//     it wraps or rounds to;
//   - the same id in another spelling the description refuses (`12abc`, ` 12`, `12e0`, `+12`): at the
//     full level (invalid input is a 400, what names nothing a 404: assumptions), never that record;
//   - `offset` and `limit` at the edges on every paginated list: never a server error, and an offset
//     past any list's length (2^31 and up) answers no item;
//   - the project list asked for someone else's or everyone's projects in the query (a user id, the
//     organization, "all"): it still holds only projects the caller was added to — those of its list;
//   - the organization asked for another's by an id in its query: it still answers the caller's own.
// Judged by outcome only; nothing here writes.
import { DEFAULT_LIMIT, label, operations, type Operation } from "../description/description.js";
import { expect, fail } from "../runner/expect.js";
import { compact, type Suite } from "../runner/suite.js";
import { listAll } from "../runner/lists.js";
import { ofAnyRun } from "../runner/created.js";
import { aliasesOf, edgeName, exactly, INTEGER_EDGES } from "../sequences/edges.js";
import { numbersOf } from "./wire.js";

const success = (status: number) => status >= 200 && status < 300;

/** The record id a body holds at its top, as written (a bigint: past 2^53 a number would round). */
export function writtenId(text: string): bigint | undefined {
  try {
    const raw = numbersOf(text).find((n) => n.path.length === 1 && n.path[0] === "id")?.raw;
    return raw === undefined ? undefined : exactly(raw);
  } catch {
    return undefined;
  }
}

/** An id written in the other numeric spellings a loose parser (parseInt, Number(), a float column)
 * takes for it, and the description refuses (its reference sandbox answers 4xx). Not `012` or `12.0`:
 * the description's `type: integer` is a value, not a spelling, and reads both as 12. */
export function idSpellings(id: number): Array<{ text: string; why: string }> {
  return [
    { text: `${id}abc`, why: "digits, then letters" },
    { text: ` ${id}`, why: "a leading space" },
    { text: `${id}e0`, why: "an exponent" },
    { text: `+${id}`, why: "a plus sign" },
  ];
}

/** Query parameters that ask a list for more than the caller's own (none of them the interface's). */
export function wideningQueries(userId: number | undefined): Array<Record<string, string | number>> {
  return [
    ...(userId === undefined ? [] : [{ user_id: userId }, { user: userId }, { owner_id: userId }]),
    { all: "true" },
    { scope: "all" },
    { organization_id: 1 },
  ];
}

/** The offsets no list reaches: any answer to them holds no item. */
export const UNREACHABLE_OFFSETS = INTEGER_EDGES.filter((edge) => edge >= 2 ** 31);

export function exploreIdChecks(suite: Suite) {
  const list = suite.checks("ids");
  if (suite.target.isMock) return list.checks;
  const ops = operations();
  // A read-only run sends a few of each kind (its time at a server's latency is bounded); a run with
  // writes, which has time, all of them.
  const rich = suite.target.allowWrites;
  const byId = (id: string) => ops.find((op) => op.operationId === id)!;

  /** The record itself, read once for the checks that compare an id's other forms with it. */
  const readable = (op: Operation, name: "project_id" | "group_id" | "copy_id") =>
    suite.shared(`ids record ${op.operationId}`, async () =>
      compact(await suite.call(label(op), { method: "get", path: suite.idPath(op, { [name]: String(suite.id(name)) }) })),
    );

  // A record read by an id that is not its own, but wraps or rounds to it.
  const records: Array<[string, Operation, "project_id" | "group_id", boolean]> = [
    [label(byId("getProject")), byId("getProject"), "project_id", true],
    ...(rich ? [[label(byId("getGroup")), byId("getGroup"), "group_id", false] as [string, Operation, "group_id", boolean]] : []),
    ...(rich
      ? [[label(byId("listProjectUsers")), byId("listProjectUsers"), "project_id", false] as [string, Operation, "project_id", boolean]]
      : []),
  ];
  list.check("PCS-ID-ALIAS").for(records)(
    "%s: an id that wraps or rounds to a readable one answers only the record of exactly that id",
    async ([, op, name, everyAlias]) => {
      const id = suite.id(name);
      const path = (value: string) => suite.idPath(op, { [name]: value });
      const real = await readable(op, name);
      if (!success(real.status)) fail(`the record itself is not readable: ${real.why}`);
      const all = aliasesOf(id);
      const aliases = everyAlias ? (rich ? all : all.filter((a) => !a.why.startsWith("the edge")).slice(0, 5)) : all.slice(0, 2);
      const answers = await Promise.all(
        aliases.map(async (alias) => ({ alias, response: await suite.call(label(op), { method: "get", path: path(alias.text) }) })),
      );
      for (const { alias, response } of answers) {
        const why = `${name} ${alias.text}, ${alias.why}: ${response.why}`;
        expect(response.status < 500, `a server error: ${why}`).toBe(true);
        if (!success(response.status)) continue;
        if (Array.isArray(real.json)) {
          if (real.json.length > 0 && JSON.stringify(response.json) === JSON.stringify(real.json))
            fail(`answered with the list of ${name} ${id}: ${why}`);
          continue;
        }
        const named = writtenId(response.text);
        if (named !== BigInt(alias.text))
          fail(
            `answered a record whose id is ${named ?? "not given"}, not ${alias.text} ("[id] is the identifier of the named resource"): ${why}`,
          );
      }
    },
    ([, op]) => ({ operation: op.operationId }),
  );

  // The same id in another numeric spelling: the record's id is an int written one way ("[id] is the
  // identifier of the named resource"); what a loose parser makes of the others is no record. A server
  // may refuse them with any 4xx. A read-only run tries four spellings of the project's id alone.
  const spelled: Array<[string, Operation, "project_id" | "group_id" | "copy_id"]> = [
    [label(byId("getProject")), byId("getProject"), "project_id"],
    ...(rich
      ? ([
          [label(byId("getGroup")), byId("getGroup"), "group_id"],
          [label(byId("listProjectUsers")), byId("listProjectUsers"), "project_id"],
          [label(byId("listCopyRevisions")), byId("listCopyRevisions"), "copy_id"],
        ] as Array<[string, Operation, "project_id" | "group_id" | "copy_id"]>)
      : []),
  ];
  list.check("PCS-ID-SPELLING", "invalid-input-400", "hidden-is-404").for(spelled)(
    "%s: an existing id in another spelling (12abc, ' 12', 12e0, +12) never answers its record",
    async ([, op, name]) => {
      const id = suite.id(name);
      const real = await readable(op, name);
      if (!success(real.status)) fail(`the record itself is not readable: ${real.why}`);
      const answers = await Promise.all(
        idSpellings(id)
          .slice(0, rich ? undefined : 2)
          .map(async (spelling) => ({
            spelling,
            response: await suite.call(label(op), { method: "get", path: suite.idPath(op, { [name]: spelling.text }) }),
          })),
      );
      for (const { spelling, response } of answers) {
        const why = `${name} ${JSON.stringify(spelling.text)}, ${spelling.why}: ${response.why}`;
        expect(response.status < 500, `a server error: ${why}`).toBe(true);
        if (!success(response.status)) continue;
        const same = Array.isArray(real.json)
          ? real.json.length > 0 && JSON.stringify(response.json) === JSON.stringify(real.json)
          : writtenId(response.text) === BigInt(id);
        if (same)
          fail(
            `answered ${Array.isArray(real.json) ? "the list" : "the record"} of ${name} ${id}: the path names no such id (an invalid id is refused, 400; what names nothing, 404): ${why}`,
          );
      }
    },
    ([, op]) => ({ operation: op.operationId }),
  );

  // offset and limit at their edges.
  const paginated = ops.filter(
    (op) =>
      op.method === "get" &&
      (op.operation.parameters ?? []).some((p: { $ref?: string; name?: string }) => /limit/i.test(p.$ref ?? p.name ?? "")),
  );
  list.check("PCS-PAGE-INTEGER-EDGES").for(paginated.map((op) => [label(op), op] as const))(
    "%s: offset and limit at the integer edges — never a server error; an offset past any list answers no item",
    async ([, op]) => {
      const full = op.operationId === "listProjects";
      const queries: Array<Record<string, number>> = full
        ? rich
          ? [...INTEGER_EDGES.map((offset) => ({ offset })), ...INTEGER_EDGES.filter((l) => l !== 1).map((limit) => ({ limit }))]
          : [{ offset: 2 ** 32 }, { offset: 2 ** 53 }, { limit: 2 ** 31 }, { limit: -1 }]
        : rich
          ? [{ offset: 2 ** 32 }, { limit: 2 ** 53 }]
          : [{ offset: 2 ** 32 }];
      const answers = await Promise.all(
        queries.map(async (query) => ({ query, response: await suite.call(label(op), { method: "get", path: suite.idPath(op), query }) })),
      );
      for (const { query, response } of answers) {
        const [[name, value]] = Object.entries(query) as [[string, number]];
        const why = `${name}=${value} (${edgeName(value)}): ${response.why}`;
        expect(response.status < 500, `a server error: ${why}`).toBe(true);
        if (!success(response.status)) continue;
        expect(Array.isArray(response.json), `a list answers a JSON array: ${why}`).toBe(true);
        if (name === "offset" && UNREACHABLE_OFFSETS.includes(value))
          expect(
            (response.json as unknown[]).length,
            `no list holds ${edgeName(value)} items, so nothing is past this offset: ${why}`,
          ).toBe(0);
      }
    },
    ([, op]) => ({ operation: op.operationId }),
  );

  list.check("PCS-AUTHZ-LIST-QUERY").it(
    "listProjects asked in its query for another user's, the organization's or all projects holds only the caller's",
    async (context) => {
      const op = byId("listProjects");
      const own = await suite.shared("ids own projects", async () => {
        const { items, complete } = await listAll<{ id: number }>(suite, "listProjects", "/projects.json");
        return { ids: new Set(items.map((p) => p.id)), complete };
      });
      context.skip(!own.complete, "the caller's project list is longer than the run reads: what is not in it cannot be told");
      const queries = wideningQueries(suite.ids.user_id).slice(0, rich ? undefined : 3);
      const answers = await Promise.all(
        queries.map(async (query) => ({
          query,
          response: await suite.call(label(op), { method: "get", path: "/projects.json", query: { ...query, limit: DEFAULT_LIMIT } }),
        })),
      );
      for (const { query, response } of answers) {
        const why = `${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}: ${response.why}`;
        expect(response.status < 500, `a server error: ${why}`).toBe(true);
        if (!success(response.status) || !Array.isArray(response.json)) continue;
        // Projects created by the run meanwhile are the caller's too.
        const foreign = (response.json as Array<{ id?: unknown; title?: unknown }>).filter(
          (p) =>
            !own.ids.has(p.id as number) &&
            !suite.created.ids().includes(p.id as number) &&
            !String(p.title ?? "").startsWith(suite.runTag),
        );
        if (foreign.length)
          fail(
            `the list holds project${foreign.length > 1 ? "s" : ""} ${foreign
              .map((p) => String(p.id))
              .slice(0, 5)
              .join(", ")}, not in the caller's own list ("Project list: only projects the caller has been added to"): ${why}`,
          );
      }
    },
    { operation: "listProjects" },
  );
  // The organization named in a query it does not take (a back-office controller's
  // `params[:id] || current_user.organization_id`): organization ids are the server's own (the interface
  // shows none), so the first few are tried. A 2xx is still the caller's own organization ("Only the
  // caller's own"), told by plain reads before and after: when they agree, nothing changed it between
  // them (a change of the run's own would show), so an answer that differs from both, with no checker
  // run's tag in its name, is another organization's. When they differ (the run's change under way), the
  // probe is tried again, up to three times, and else not judged.
  list.check("PCS-AUTHZ-ORGANIZATION-QUERY").it(
    "getOrganization asked in its query for another organization (id, organization_id, company_id, account_id) answers only the caller's own",
    async () => {
      const read = (query?: Record<string, number>) =>
        suite.call("getOrganization", { method: "get", path: "/organizations.json", ...(query && { query }) });
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = await read();
        if (!success(before.status)) return;
        const answers = await Promise.all(
          ORGANIZATION_GUESSES.map(async (id) => ({
            id,
            response: await read(Object.fromEntries(ORGANIZATION_PARAMETERS.map((name) => [name, id]))),
          })),
        );
        for (const { response } of answers) expect(response.status < 500, `a server error: ${response.why}`).toBe(true);
        const others = answers.filter(({ response }) => success(response.status) && !sameOrganization(response.json, before.json));
        if (others.length === 0) return;
        const after = await read();
        if (!sameOrganization(before.json, after.json)) continue;
        const other = others.find(({ response }) => !ofAnyRun((response.json as { name?: unknown } | undefined)?.name));
        if (!other) return;
        const name = (json: unknown) => JSON.stringify((json as { name?: unknown } | undefined)?.name);
        fail(
          `answered an organization other than the caller's (named ${name(other.response.json)}; the caller's, read before and after, ${name(before.json)}) to ${ORGANIZATION_PARAMETERS.map((n) => `${n}=${other.id}`).join("&")} ("Only the caller's own"): ${other.response.why}`,
        );
      }
    },
    { operation: "getOrganization" },
  );
  return list.checks;
}

/** Query parameters a controller may read an organization's id from (none of them the interface's). */
const ORGANIZATION_PARAMETERS = ["id", "organization_id", "company_id", "account_id"] as const;
/** The organization ids tried: the first a server numbers (the interface shows none). */
const ORGANIZATION_GUESSES = [1, 2, 3] as const;

/** Two reads of an organization are of the same one: equal but for `modified` (a change in between). */
function sameOrganization(a: unknown, b: unknown): boolean {
  const { modified: _a, ...left } = (a ?? {}) as Record<string, unknown>;
  const { modified: _b, ...right } = (b ?? {}) as Record<string, unknown>;
  return JSON.stringify(left) === JSON.stringify(right);
}
