// Who may see and do what, as the interface states it ("Authorization rules that are stated", "Rules
// for adding", "Rule for removing"):
//   - the project list holds only projects the caller was added to (the caller is a user of each), and
//     every one of them: a project next to the list's edges that the caller reads by id and is a user
//     of is not left out (a list that stops early);
//   - projects, their assets and copy revisions the caller's lists do not return are refused — probed
//     with neighbours of the ids the caller can see, and the run's own deleted project: a 4xx, never a
//     2xx with data (a documented fact); exactly 404 is the description's choice (hidden-is-404). A 5xx
//     is neither: the probe is then not checked;
//   - with a second user's key: its list too holds only projects it was added to (what it may do with
//     the run's own projects, every caller on every operation, is the model's: model/);
//   - the credential is taken only as the description has it (HTTP Basic, the key as user name): the
//     key elsewhere, or changed in case, is refused — the description's choice (credential-basic).
// Every write goes to a project the checker created, or changes nothing (a field set to its own value).
// Not registered on the mock, which keeps no data, knows no users and takes any well-formed key.
import { KEY_HEADERS, KEY_PARAMETERS, swapCase } from "../callers/credentials.js";
import { Skip } from "../runner/check.js";
import { expect, fail } from "../runner/expect.js";
import { basicAuthorization, isRefused, type RawRequest } from "../transport/http.js";
import { listAll } from "../runner/lists.js";
import { compact, type Suite } from "../runner/suite.js";
import { type Disguise, disguises, METHOD_OVERRIDES, OUT_OF_RANGE, parts } from "../callers/disguises.js";
import { schemaMismatches } from "../model/response-schema.js";
import { peopleOfTheKeysProjects } from "../callers/people.js";
import { ofAnyRun } from "../runner/created.js";
import { DEFAULT_LIMIT } from "../description/description.js";

type Item = { id: number; [field: string]: unknown };
/** How many projects of a list are looked into (their users and copy). */
const PROJECTS_LOOKED_INTO = 12;
/** How far from a known id the probes go, each way. */
const NEIGHBOURS = 2;

const RULE_LIST = 'rule "Project list: only projects the caller has been added to"';
const RULE_LIST_ALL = 'rule "List projects: returns the projects the caller was added to"';
const RULE_HIDDEN = 'rule "only projects the caller was added to, and their assets, are visible"';

/** The users every project of `members` has (undefined: no project). */
const commonTo = (members: Map<number, Set<number>>): Set<number> | undefined =>
  [...members.values()].reduce<Set<number> | undefined>(
    (acc, set) => (acc ? new Set([...acc].filter((id) => set.has(id))) : new Set(set)),
    undefined,
  );

export function authorizationChecks(suite: Suite) {
  const list = suite.checks("authorization");
  const { target } = suite;
  const ours = (project: unknown) => String((project as { title?: unknown } | undefined)?.title ?? "").startsWith(suite.runTag);
  /** A project this run made (it may be deleted by now: the model's scenarios run beside these checks). */
  const isOurs = async (projectId: number) => {
    if (suite.created.ids().includes(projectId)) return true;
    const read = await suite.send({ method: "get", path: `/projects/${projectId}.json` });
    return read.status === 200 && ours(read.json);
  };

  // The credential is taken only as HTTP Basic with the key as user name (the description's choice).
  const key = () => target.apiKey;
  const elsewhere: Array<readonly [string, () => Partial<RawRequest>]> = [
    ...KEY_PARAMETERS.map((name) => [`in the query parameter ${name}`, () => ({ query: { [name]: key() }, authorization: null })] as const),
    ...KEY_HEADERS.map((name) => [`in the header ${name}`, () => ({ headers: { [name]: key() }, authorization: null })] as const),
    ["as a Bearer token", () => ({ authorization: `Bearer ${key()}` })],
    ["as the Authorization header itself", () => ({ authorization: key() })],
    ["as the Basic password, with an empty user name", () => ({ authorization: `Basic ${Buffer.from(`:${key()}`).toString("base64")}` })],
    [
      "as the Basic user name, with a password",
      () => ({ authorization: `Basic ${Buffer.from(`${key()}:a-password`).toString("base64")}` }),
    ],
    ["as a Basic token with more after it", () => ({ authorization: `${basicAuthorization(key())} extra` })],
    ["under another scheme name", () => ({ authorization: basicAuthorization(key()).replace(/^Basic/, "Token") })],
    ["in upper case", () => ({ authorization: basicAuthorization(key().toUpperCase()) })],
    ["in lower case", () => ({ authorization: basicAuthorization(key().toLowerCase()) })],
    ["with its case swapped", () => ({ authorization: basicAuthorization(swapCase(key())) })],
  ];
  // A target that takes any well-formed Basic credential (the mock) still refuses the key anywhere else.
  const checkable = elsewhere.filter(([, request]) => target.checksKeys || !request().authorization?.startsWith("Basic "));
  list.check("PCS-KEY-ALTERED-401", "credential-basic").for(checkable)(
    "the API key %s is refused (401)",
    async ([what, request], context) => {
      const changed = request();
      context.skip(
        changed.authorization === basicAuthorization(key()),
        `the key ${what} is the key itself, so the two cannot be told apart: a key with letters of both cases would check it`,
      );
      const answer = await suite.call("listProjects", { method: "get", path: "/projects.json", query: { limit: 1 }, ...changed });
      expect(answer.status, `the credential ${what} — listProjects: ${answer.why}`).toBe(401);
    },
    () => ({ operation: "listProjects", statuses: [401] }),
  );
  if (target.isMock) return list.checks;

  /** What the caller's lists return: its projects (sampled on a long account), and the copy of each. */
  let visible: Promise<{ projects: Item[]; complete: boolean; copyIds: Set<number> }> | undefined;
  const visibleToCaller = () => {
    visible ??= (async () => {
      const { items, complete } = await listAll<Item>(suite, "listProjects", "/projects.json");
      const copyIds = new Set<number>();
      for (const project of items.slice(0, PROJECTS_LOOKED_INTO))
        for (const copy of (await listAll<Item>(suite, "listCopy", `/projects/${project.id}/copy.json`)).items) copyIds.add(copy.id);
      return { projects: items, complete, copyIds };
    })();
    return visible;
  };
  /** Ids near the known ones that the caller's lists do not return. */
  const neighboursOf = (known: Iterable<number>, exclude: Set<number>, most = 8): number[] => {
    const found = new Set<number>();
    for (const id of known)
      for (let d = 1; d <= NEIGHBOURS; d++) for (const near of [id - d, id + d]) if (near > 0 && !exclude.has(near)) found.add(near);
    return [...found].slice(0, most);
  };
  const projectReads = (id: number): Array<[string, string]> => [
    ["getProject", `/projects/${id}.json`],
    ["listProjectUsers", `/projects/${id}/users.json`],
    ["listCopy", `/projects/${id}/copy.json`],
    ["listCapturedUrls", `/projects/${id}/urls.json`],
    ["listFiles", `/v1/projects/${id}/files.json`],
  ];
  const probe = (operationId: string, path: string) =>
    suite.shared(`probe ${path}`, async () => compact(await suite.call(operationId, { method: "get", path })));

  /** The caller's own user id: the one member of a project it creates (writes only). */
  let ownId: Promise<number> | undefined;
  const callerId = () => {
    ownId ??= (async () => {
      const created = await suite.created.send({ method: "post", path: "/projects.json", body: { name: suite.created.name("who am I") } });
      if (created.id === undefined) throw new Skip(`the caller's own user id is not known: ${suite.created.unmade(created)}`);
      const users = await listAll<Item>(suite, "listProjectUsers", `/projects/${created.id}/users.json`);
      if (users.items.length !== 1) throw new Error(`a new project should have its creator as its one user: ${users.first.why}`);
      return users.items[0]!.id;
    })();
    return ownId;
  };

  /** Probed project ids: neighbours of the visible ones, and (with writes) the run's own deleted project. */
  const probedProjects = async (): Promise<number[]> => {
    const { projects } = await visibleToCaller();
    const ids = projects.map((p) => p.id);
    return [...neighboursOf(ids, new Set(ids)), ...(target.allowWrites ? [await suite.created.goneProjectId()] : [])];
  };

  /** The users of each listed project (up to PROJECTS_LOOKED_INTO), and the answers that were not a
   * list; read once for the checks that ask about the same projects with the same key. */
  const membersOf = (projects: Item[], apiKey: string) => {
    // The run's own projects come and go while other checks run.
    const looked = projects.slice(0, PROJECTS_LOOKED_INTO).filter((project) => !ours(project));
    return suite.shared(`members ${apiKey === target.apiKey ? "key" : "other key"} ${looked.map((p) => p.id).join(",")}`, async () => {
      const members = new Map<number, Set<number>>();
      const unreadable: string[] = [];
      for (const project of looked) {
        const { items, first } = await listAll<Item>(suite, "listProjectUsers", `/projects/${project.id}/users.json`, { apiKey });
        if (first.status !== 200) unreadable.push(first.why);
        else members.set(project.id, new Set(items.map((u) => u.id)));
      }
      return { members, unreadable };
    });
  };

  const checkListHoldsOnlyMemberProjects = async (apiKey: string, keyName: string, knownId?: number) => {
    const { items, first } = await listAll<Item>(suite, "listProjects", "/projects.json", { apiKey, most: PROJECTS_LOOKED_INTO });
    expect(first.status, first.why).toBe(200);
    const { members, unreadable } = await membersOf(items, apiKey);
    expect(
      unreadable.length,
      `${RULE_LIST} — listProjects (${keyName}) lists projects whose users the caller cannot read: ${unreadable.join("; ")}`,
    ).toBe(0);
    // The caller is a user of every listed project: without knowing its id, at least one user is common to all.
    const common = commonTo(members);
    if (!common) return;
    const notMember = knownId === undefined ? [] : [...members].filter(([, set]) => !set.has(knownId)).map(([id]) => id);
    expect(
      notMember,
      `${RULE_LIST} — listProjects (${keyName}): ${first.why.slice(0, 300)} lists projects the caller (user ${knownId}) is not a user of`,
    ).toEqual([]);
    expect(
      common.size,
      `${RULE_LIST} — listProjects (${keyName}): ${first.why.slice(0, 300)} lists projects that have no user in common, so the caller is not a user of all of them`,
    ).toBeGreaterThan(0);
  };

  /** Who the caller is, as far as the API tells: with writes, its id (the one member of a project it
   * creates); without, the users common to every project it lists (the caller is one of them). */
  const callerAmong = async (): Promise<Set<number> | undefined> => {
    if (target.allowWrites) return new Set([await callerId()]);
    const { projects } = await visibleToCaller();
    const { members } = await membersOf(projects, target.apiKey);
    const common = commonTo(members);
    return common?.size ? common : undefined;
  };
  /** Whether the caller is a user of project `id`: true when every candidate for the caller is, false
   * when none is, undefined when the API cannot tell. */
  const callerIsUserOf = async (id: number): Promise<boolean | undefined> => {
    const among = await callerAmong();
    if (!among) return undefined;
    const users = await suite.shared(`users of ${id}`, async () => {
      const listed = await listAll<Item>(suite, "listProjectUsers", `/projects/${id}/users.json`);
      return { ids: listed.items.map((u) => u.id), readable: listed.first.status === 200 };
    });
    if (!users.readable) return undefined;
    const found = [...among].filter((candidate) => users.ids.includes(candidate)).length;
    return found === among.size ? true : found === 0 ? false : undefined;
  };

  /** A probe that answered data is a project hidden from the caller unless the caller is a user of it
   * (then the project list left it out: the check of the list's completeness reports that); on a
   * sampled (long) account, a project past the sample is the caller's own as far as it can tell. */
  const provenHidden = async (id: number, context: { skip(c: boolean, r: string): void }, complete: boolean): Promise<boolean> => {
    const member = await callerIsUserOf(id);
    if (complete) return member !== true;
    context.skip(
      !target.allowWrites,
      "the account holds more projects than the checker reads, so a neighbouring id that answers with data may be the caller's own: run with writes allowed to tell them apart",
    );
    return member === false;
  };

  list
    .check("PCS-AUTHZ-LIST-ONLY-ADDED")
    .it(
      "listProjects holds only projects the caller was added to",
      async () => checkListHoldsOnlyMemberProjects(target.apiKey, "PCS_API_KEY", target.allowWrites ? await callerId() : undefined),
      { operation: "listProjects" },
    );

  list.check("PCS-AUTHZ-LIST-EVERY-ADDED").it(
    "listProjects holds every project the caller was added to (none it reads by id, next to the listed ones, and is a user of, is left out)",
    async (context) => {
      const { projects, complete } = await visibleToCaller();
      context.skip(
        !complete,
        "the account holds more projects than the checker reads: the list is sampled, not walked to its end; a key with fewer projects would check it",
      );
      context.skip(
        !(await callerAmong()),
        "the caller's user id cannot be told through the API (the projects it lists have no user in common): run with writes allowed",
      );
      const listed = new Set(projects.map((p) => p.id));
      const ids = projects.map((p) => p.id);
      // A list cut short loses its end: the ids next to its last item, its largest and its smallest.
      const edges = ids.length ? [ids.at(-1)!, Math.max(...ids), Math.min(...ids)] : [];
      const readable: Array<{ id: number; why: string }> = [];
      for (const id of neighboursOf(edges, listed)) {
        const answer = await probe("getProject", `/projects/${id}.json`);
        if (answer.status !== 200 || ours(answer.json) || (await isOurs(id))) continue;
        if ((await callerIsUserOf(id)) === true) readable.push({ id, why: answer.why });
      }
      // The list was walked before those readings: another client (or this run's writes, shifting its
      // pages) may have added the project since. Left out is only what a walk made after the reading,
      // with no write of the run in flight, still leaves out while the project still answers.
      const left: string[] = [];
      if (readable.length) {
        const again = await suite.steady(() => listAll<Item>(suite, "listProjects", "/projects.json"));
        const relisted = new Set(again.items.map((p) => p.id));
        for (const { id, why } of readable) {
          if (!again.complete || relisted.has(id)) continue;
          const still = await suite.call("getProject", { method: "get", path: `/projects/${id}.json` });
          if (still.status === 200) left.push(why);
        }
      }
      if (left.length)
        fail(
          `${RULE_LIST_ALL} — listProjects, walked page by page to its end (${projects.length} projects), leaves out projects the caller reads by id and is a user of: ${left.join("; ")}`,
        );
    },
    { operation: "listProjects", statuses: [200] },
  );

  list
    .check("PCS-AUTHZ-LIST-ONLY-ADDED")
    .it(
      "listProjects of the second user holds only projects it was added to",
      async (context) => checkListHoldsOnlyMemberProjects(suite.otherKeyOnly(context), "PCS_OTHER_API_KEY"),
      { operation: "listProjects", variant: "the second user" },
    );

  list.check("PCS-AUTHZ-READ-OTHER").it(
    "projects the caller's list does not return, and their assets, are refused (never a 2xx with data)",
    async (context) => {
      const { complete } = await visibleToCaller();
      const wrong: string[] = [];
      const busy: string[] = [];
      for (const id of await probedProjects()) {
        for (const [operationId, path] of projectReads(id)) {
          const answer = await probe(operationId, path);
          if (answer.status >= 500) busy.push(answer.why);
          else if (!isRefused(answer) && !(await isOurs(id)) && (await provenHidden(id, context, complete))) wrong.push(answer.why);
        }
      }
      if (wrong.length) fail(`${RULE_HIDDEN} — answered with data: ${wrong.join("; ")}`);
      context.skip(busy.length > 0, `the server failed some probes (a 5xx is neither refused nor data): ${busy[0]}`);
    },
    { operation: "getProject", statuses: [404] },
  );

  list.check("PCS-AUTHZ-READ-OTHER-REVISIONS").it(
    "copy revisions of copy the caller's lists do not return are refused (never a 2xx with data)",
    async (context) => {
      const { copyIds, complete } = await visibleToCaller();
      context.skip(
        !complete,
        "the account holds more projects than the checker reads, so a neighbouring copy id may be the caller's own; a key with fewer projects would check it",
      );
      const wrong: string[] = [];
      for (const id of neighboursOf(copyIds, copyIds)) {
        const answer = await probe("listCopyRevisions", `/copy/${id}/revisions.json`);
        if (!isRefused(answer) && answer.status < 500) wrong.push(answer.why);
      }
      if (wrong.length) fail(`${RULE_HIDDEN} — answered with data: ${wrong.join("; ")}`);
    },
    { operation: "listCopyRevisions" },
  );

  const CALLERS = [
    ["the run's key", "key"],
    ["the second key", "other"],
    ["a request without a key", "none"],
  ] as const;
  const mayRead = (apiKey: string) =>
    suite.shared(`may read ${apiKey === target.apiKey ? "key" : "other key"}`, async () => {
      const { items, complete } = await listAll<Item>(suite, "listProjects", "/projects.json", { apiKey });
      // The run's own projects come and go while this runs: never judged by a list read before.
      const kept = items.filter((p) => !ours(p));
      // The first project of each `ownership` (internal, external: "including ones from other
      // organizations"), so a project another organization invited the caller to is read by id too.
      const ofEachOwnership = new Map(kept.map((p) => [String(p.ownership).toLowerCase(), p.id] as const).reverse());
      return { ids: new Set(kept.map((p) => p.id)), complete, ofEachOwnership: [...ofEachOwnership.values()] };
    });
  // Every view of a record agrees, for every caller with a key: a project it reads by id is in its list,
  // and a project of its list it reads by id — for the ids next to every id the run sees (its own and the
  // other key's, as API1 testing enumerates), and a sample of its list.
  list.check("PCS-AUTHZ-READ-AGREES-LIST").for(CALLERS.filter(([, who]) => who !== "none"))(
    "%s: what it reads by id is in its list and what its list holds it reads by id, for the ids around every id the run sees",
    async ([, who], context) => {
      const apiKey = who === "other" ? suite.otherKeyOnly(context) : target.apiKey;
      const own = await mayRead(apiKey);
      context.skip(
        !own.complete,
        "the caller holds more projects than the checker reads, so a project it reads by id may be past the sample; a key with fewer projects would check it",
      );
      const seen = new Set<number>([
        ...(await mayRead(target.apiKey)).ids,
        ...(target.otherApiKey ? (await mayRead(target.otherApiKey)).ids : []),
      ]);
      // The key's own neighbours are probed above (every view): here the ids around the other key's, and for
      // the second key the ids around everything the run sees.
      const around =
        who === "key"
          ? neighboursOf(
              [...seen].filter((id) => !own.ids.has(id)),
              own.ids,
              4,
            )
          : neighboursOf(seen, own.ids, 6);
      const listed = [...own.ids].filter((id) => !suite.created.ids().includes(id));
      const sample = [listed[0], listed.at(-1), ...own.ofEachOwnership].filter(
        (id): id is number => id !== undefined && !suite.created.ids().includes(id),
      );
      const read = (id: number) =>
        suite.call("getProject", { method: "get", path: `/projects/${id}.json`, authorization: basicAuthorization(apiKey) });
      const wrong: string[] = [];
      for (const id of [...around, ...(who === "key" ? [] : [...seen].filter((id) => !own.ids.has(id)).slice(0, 2))]) {
        const answer = await read(id);
        if (answer.status < 300 && !ours(answer.json) && !(await isOurs(id)))
          wrong.push(`project ${id} is read by id but not in the caller's list: ${answer.why}`);
      }
      for (const id of new Set(sample)) {
        const answer = await read(id);
        if (answer.status === 404 || answer.status === 403 || answer.status === 401)
          if (!(await isOurs(id))) wrong.push(`project ${id} is in the caller's list but refused by id: ${answer.why}`);
      }
      if (wrong.length) fail(`${RULE_LIST} — listProjects and getProject disagree: ${wrong.join("; ")}`);
    },
    () => ({ operation: "getProject" }),
  );

  // Every caller in disguise (callers/disguises.ts): with what frameworks and proxies honour to change who
  // the caller is, a path rewritten, parameters the operation does not list, paging out of range — a 2xx
  // still holds only what that caller may see, in the stated shape; no key is still refused. The
  // caller's own list, read plainly and whole, is what it may see.
  const basePath = new URL(target.baseUrl).pathname.replace(/\/$/, "");
  list.check("PCS-AUTHZ-DISGUISE").for(CALLERS)(
    "%s in disguise (identity and address headers, a rewritten path, unlisted parameters, paging out of range) sees only what it may, in the stated shape",
    async ([, who], context) => {
      const apiKey = who === "other" ? suite.otherKeyOnly(context) : target.apiKey;
      const authorization = who === "none" ? null : basicAuthorization(apiKey);
      const own = who === "none" ? undefined : await mayRead(apiKey);
      context.skip(
        !!own && !own.complete,
        "the caller holds more projects than the checker reads, so what a disguised list may hold cannot be told; a key with fewer projects would check it",
      );
      const known = await peopleOfTheKeysProjects(suite);
      const keyIds = (await callerAmong()) ?? new Set<number>();
      // Whom the caller would be: someone who sees more (the run's key, for the others; the key's
      // fellow users, for the key), and a project it may not read.
      const ids = who === "key" ? [...known.keys()].filter((id) => !keyIds.has(id)) : [...keyIds];
      const emails = ids.map((id) => known.get(id)).filter((e): e is string => !!e);
      let hidden: number | undefined;
      if (who === "other") hidden = [...(await mayRead(target.apiKey)).ids].find((id) => !own!.ids.has(id));
      else if (who === "none") hidden = (await visibleToCaller()).projects[0]?.id;
      else
        for (const id of await probedProjects())
          if (isRefused(await probe("getProject", `/projects/${id}.json`))) {
            hidden = id;
            break;
          }
      const hiddenPath = hidden === undefined ? undefined : `/projects/${hidden}.json`;
      const tries: Disguise[] = [
        ...disguises({ ids, emails, keyless: who === "none", ...(hiddenPath && { hidden: `${basePath}${hiddenPath}` }) }),
        ...(who === "key"
          ? OUT_OF_RANGE.map((query) => ({
              paging: true,
              name: `paging out of range (${new URLSearchParams(query as Record<string, string>)})`,
              query,
            }))
          : []),
      ];
      /** What is wrong with the disguised answers, if anything. */
      const judged = async (disguise: Disguise): Promise<string | undefined> => {
        const listed = await suite.call("listProjects", {
          method: "get",
          path: "/projects.json",
          query: { limit: DEFAULT_LIMIT, ...disguise.query },
          ...(disguise.headers && { headers: disguise.headers }),
          authorization,
        });
        const problems: string[] = [];
        if (who === "none") {
          if (listed.status < 300) problems.push(`listProjects answered without a key: ${listed.why}`);
        } else if (listed.status < 300) {
          const shape = schemaMismatches("listProjects", listed.json).filter((m) => m.entries.length === 0);
          // A limit sent as a number is a bound on the page (a string such as "5e0" a server may read as none).
          const limit = disguise.query?.limit ?? DEFAULT_LIMIT;
          if (shape.length) problems.push(`listProjects: ${shape.map((m) => m.message).join("; ")}: ${listed.why}`);
          else if (Array.isArray(listed.json) && typeof limit === "number" && limit >= 1 && listed.json.length > limit)
            problems.push(`listProjects answered ${listed.json.length} items to limit=${limit}: ${listed.why}`);
          else if (Array.isArray(listed.json)) {
            // Another checker run's projects come and go beside this one (it may add this caller to them).
            const foreign = (listed.json as Item[]).filter(
              (p) => !own!.ids.has(p?.id) && !ofAnyRun(p?.title) && !suite.created.ids().includes(p?.id),
            );
            if (foreign.length)
              problems.push(
                `listProjects holds projects the caller was not added to (${foreign
                  .map((p) => p.id)
                  .slice(0, 5)
                  .join(", ")}): ${listed.why}`,
              );
          }
        }
        // The hidden project read in the same disguise (a caller with a key: without one, the list says it).
        if (hiddenPath && who !== "none" && !disguise.paging) {
          const read = await suite.call("getProject", {
            method: "get",
            path: hiddenPath,
            ...(disguise.query && { query: disguise.query }),
            ...(disguise.headers && { headers: disguise.headers }),
            authorization,
          });
          if (read.status < 300 && !(await isOurs(hidden!)))
            problems.push(`getProject answered a project the caller may not read: ${read.why}`);
        }
        return problems.length ? problems.join("; ") : undefined;
      };
      const wrong: string[] = [];
      // Every form at once (the transport keeps the pace and the concurrency): one form is one or two reads.
      const problems = await Promise.all(tries.map(judged));
      for (const [index, disguise] of tries.entries()) {
        const problem = problems[index];
        if (!problem) continue;
        // Which of its headers and parameters the server honours, each alone.
        const named: string[] = [];
        for (const part of parts(disguise)) if (await judged(part)) named.push(part.name);
        wrong.push(`${disguise.name}${named.length ? ` — honoured alone: ${named.join(", ")}` : ""}: ${problem}`);
      }
      if (target.allowWrites && who !== "key") {
        // A write in disguise and a read told to delete, by a caller that may neither, on a project of the
        // run's: unchanged, still there.
        const made = await suite.created.send({
          method: "post",
          path: "/projects.json",
          body: { name: suite.created.name("a read told to delete") },
        });
        if (made.id !== undefined) {
          // An update naming the run's key by every header and parameter: still the caller's, refused.
          const asKey = tries.find((d) => d.headers?.["X-User-Id"]);
          const changes = async (body: Record<string, unknown>, disguise?: Disguise) => {
            await suite.send({
              method: "patch",
              path: `/projects/${made.id}.json`,
              body,
              ...(disguise?.query && { query: disguise.query }),
              ...(disguise?.headers && { headers: disguise.headers }),
              authorization,
            });
            const read = await suite.call("getProject", { method: "get", path: `/projects/${made.id}.json` });
            return read.status === 200 && (read.json as { description?: unknown } | undefined)?.description === body.description
              ? read.why
              : undefined;
          };
          const changedAsKey = asKey && (await changes({ description: "changed in disguise" }, asKey));
          if (changedAsKey)
            wrong.push(`${asKey.name}, on an update by a caller that may not update it: the run's project changed: ${changedAsKey}`);
          // An update whose body names, by `id`, a project the caller may read (CWE-639: the id checked is
          // not the id written): the path's project is the one to authorize, and the caller may not.
          const readable = own && [...own.ids][0];
          const changedById = readable !== undefined && (await changes({ description: "changed by another project's id", id: readable }));
          if (changedById)
            wrong.push(
              `an update whose body names project ${readable} (one the caller may read) by id, sent by a caller that may not update the run's project: it changed: ${changedById}`,
            );
          await suite.send({
            method: "get",
            path: `/projects/${made.id}.json`,
            query: METHOD_OVERRIDES.query!,
            headers: METHOD_OVERRIDES.headers!,
            authorization,
          });
          const after = await suite.call("getProject", { method: "get", path: `/projects/${made.id}.json` });
          if (after.status !== 200)
            wrong.push(
              `${METHOD_OVERRIDES.name}, sent by a caller that may not delete it: the run's project is gone for its creator: ${after.why}`,
            );
        }
      }
      if (wrong.length) fail(`${who === "none" ? "a request without a valid key is refused" : RULE_LIST} — ${wrong.join("; ")}`);
    },
    () => ({ operation: "listProjects" }),
  );

  list.check("PCS-AUTHZ-HIDDEN-404", "hidden-is-404").it(
    "what the caller cannot see is answered 404, not 403",
    async () => {
      const answers = await Promise.all((await probedProjects()).flatMap((id) => projectReads(id).map(([op, path]) => probe(op, path))));
      expect(answers.filter((a) => a.status !== 404 && a.status < 500 && !/^2/.test(String(a.status))).map((a) => a.why)).toEqual([]);
    },
    { operation: "getProject", statuses: [404] },
  );

  return list.checks;
}
