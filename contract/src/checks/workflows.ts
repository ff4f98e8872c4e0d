// The writes, end to end, on a server that keeps state (the sandbox, a stand-in, or a user's server
// with writes allowed), each on data the checker creates itself: create → read → listed → update →
// read shows the change → delete → gone from the list, it and its assets refused; a new project as the
// interface describes it (modified null, ownership internal, created_by its creator); each update moves
// `modified` on; names, descriptions and job codes at their limits in letters beyond ASCII, and text
// with markup characters, come back exactly; assets cannot be created; a user added by id (twice:
// listed once) and by email only to PCS_INVITE_EMAIL (the account of that address) → listed → removed;
// the creator cannot be removed; the organization updated → read (`modified` moved on) → restored field
// by field; a project list made longer than 30 for the default page size and the page after it. On a
// disposable server only, that groups and the organization cannot be created, edited or deleted. On
// the Prism mock (stateless) each write is checked once for its documented status and body instead. A
// user's server without writes allowed gets none of this.
import { documentedBundle, operations, schemaErrors, successResponse, type Json } from "../description.js";
import { expect } from "../expect.js";
import type { RawRequest } from "../http.js";
import { DEFAULT_LIMIT, listAll } from "../lists.js";
import type { Suite } from "../suite.js";
import { REASON_MUTATES } from "../target.js";

/** The operations that change data: checked here rather than one by one by operations.ts. */
export const WORKFLOW_OPERATIONS = [
  "createProject",
  "updateProject",
  "deleteProject",
  "addProjectUser",
  "removeProjectUser",
  "updateOrganization",
] as const;

const RULE_ASSETS = 'rule "Assets are read-only through this interface and cannot be created through it"';
const RULE_READ_ONLY = 'rule "Groups are read-only"; "Organizations cannot be created or deleted"';
const RULE_LIST_ALL = 'rule "List projects: returns the projects the caller was added to"';

/** The documented-only schema of an operation's success body. */
function successSchema(operationId: string): Json {
  const op = operations(documentedBundle).find((o) => o.operationId === operationId)!;
  return successResponse(op, documentedBundle).schema;
}

/** The organization's fields a caller sets (the server keeps `created` and `modified` itself). */
const settable = (organization: Json): Json =>
  Object.fromEntries(Object.entries(organization ?? {}).filter(([field]) => field !== "created" && field !== "modified"));

/** Letters beyond ASCII, one UTF-16 unit each (so "characters" means the same in every count). */
const LETTERS = "äöüßéèçñøåžšłđЖжЯяΩωπ漢字かなカナ한글";
const nonAscii = (prefix: string, length: number) => {
  let text = prefix;
  for (let i = 0; text.length < length; i++) text += LETTERS[i % LETTERS.length];
  return text.slice(0, length);
};

export function workflowChecks(suite: Suite) {
  const list = suite.checks("write workflows");
  const { target } = suite;

  if (target.isMock) {
    const { ids } = suite;
    const single: Array<[string, RawRequest, number]> = [
      [
        "createProject",
        {
          method: "post",
          path: "/projects.json",
          body: { name: "Contract test", description: "Created by the contract checker.", job_code: "CT-1" },
        },
        201,
      ],
      ["updateProject", { method: "patch", path: `/projects/${ids.project_id}.json`, body: { job_code: "CT-2" } }, 204],
      ["deleteProject", { method: "delete", path: `/projects/${ids.project_id}.json` }, 204],
      ["addProjectUser", { method: "post", path: `/projects/${ids.project_id}/users.json`, body: { user: String(ids.user_id) } }, 201],
      ["removeProjectUser", { method: "delete", path: `/projects/${ids.project_id}/users/${ids.user_id}.json` }, 204],
      [
        "updateOrganization",
        { method: "patch", path: "/organizations.json", body: { phone: "+1 503 555 0199", address: { country: "US" } } },
        204,
      ],
    ];
    list.documented.for(
      single.map(([id, request, status]) => [`${id} ${request.method.toUpperCase()} ${request.path}`, id, request, status] as const),
    )(
      "each write answers its documented status on a stateless mock: %s",
      async ([, id, request, status]) => {
        const response = await suite.call(id, request);
        expect(response.status, response.why).toBe(status);
        if (status === 204) expect(response.text, response.why).toBe("");
        else expect(schemaErrors(successSchema(id) ?? {}, response.json, documentedBundle), response.why).toEqual([]);
      },
      ([, id, , status]) => ({ operation: id, statuses: [status] }),
    );
    return list.checks;
  }

  /** Creates a project and checks what a schema cannot: it carries the name as title, the description
   * and the job code it was given, exactly. Registered for deletion before any check. */
  const createProject = async (purpose: string, fields: { name?: string; description?: string; job_code?: string } = {}): Promise<Json> => {
    const body = {
      name: fields.name ?? suite.created.name(purpose),
      description: fields.description ?? `Created by the contract checker (${purpose}); deleted when it ends.`,
      job_code: fields.job_code ?? "PCS-CT",
    };
    const response = await suite.created.send({ method: "post", path: "/projects.json", body });
    const why = suite.explain("createProject", response);
    expect(response.status, why).toBe(201);
    expect(response.contentType, why).toMatch(/^application\/json\b/);
    expect(schemaErrors(successSchema("createProject"), response.json, documentedBundle), why).toEqual([]);
    const project = response.json as Json;
    expect(project.title, `the name given becomes the title: ${why}`).toBe(body.name);
    expect(project.description, `the description given is kept: ${why}`).toBe(body.description);
    expect(project.job_code, `the job code given is kept: ${why}`).toBe(body.job_code);
    return project;
  };
  const projectIds = async () => listAll(suite, "listProjects", "/projects.json");
  const meta = (operation: string, statuses: number[], rule?: string) => ({ operation, statuses, ...(rule && { rule }) });

  if (!target.allowWrites) {
    list.documented.it(
      "create, update, delete, add and remove users, update the organization",
      (context) => context.skip(true, REASON_MUTATES),
      meta("createProject", [201]),
    );
    return list.checks;
  }

  list.documented.it(
    "a project: create → read → listed → update → read shows it → delete → gone from the list, it and its assets refused",
    async () => {
      const project = await createProject("lifecycle");
      const path = `/projects/${project.id}.json`;
      const read = await suite.call("getProject", { method: "get", path });
      expect(read.status, read.why).toBe(200);
      expect((read.json as Json).title, read.why).toBe(project.title);
      const listed = await projectIds();
      // A long account is sampled, not walked: the new project may be past what was read.
      if (listed.complete)
        expect(
          listed.items.map((p) => p.id),
          `the created project is in the project list: ${listed.first.why}`,
        ).toContain(project.id);

      const update = await suite.call("updateProject", { method: "patch", path, body: { job_code: "PCS-CT-2" } });
      expect(update.status, update.why).toBe(204);
      expect(update.text, update.why).toBe("");
      const reread = await suite.call("getProject", { method: "get", path });
      const updated = reread.json as Json;
      expect(updated.job_code, reread.why).toBe("PCS-CT-2");
      expect(updated.title, `${reread.why}: PATCH changes only what it is given`).toBe(project.title);

      const removed = await suite.call("deleteProject", { method: "delete", path });
      expect(removed.status, removed.why).toBe(204);
      suite.created.forget(project.id);
      const after = await projectIds();
      expect(
        after.items.map((p) => p.id),
        `a deleted project is gone from the project list: ${after.first.why}`,
      ).not.toContain(project.id);
      for (const [operationId, gonePath] of [
        ["getProject", path],
        ["listProjectUsers", `/projects/${project.id}/users.json`],
        ["listCopy", `/projects/${project.id}/copy.json`],
        ["listCapturedUrls", `/projects/${project.id}/urls.json`],
        ["listFiles", `/v1/projects/${project.id}/files.json`],
      ] as const) {
        const gone = await suite.call(operationId, { method: "get", path: gonePath });
        expect(
          gone.status >= 400 && gone.status < 500,
          `a deleted project and its assets are gone — expected a 4xx refusal: ${gone.why}`,
        ).toBe(true);
      }
    },
    meta("createProject", [201, 200, 204], "create, update, delete"),
  );

  list.documented.it(
    "at their limits in letters beyond ASCII (name 50, description 1,000, job code 20 characters): created, and read back exactly",
    async () => {
      const fields = {
        name: nonAscii(`${suite.runTag} `, 50),
        description: nonAscii("Beschreibung ", 1000),
        job_code: nonAscii("", 20),
      };
      const project = await createProject("non-ASCII", fields);
      const read = await suite.call("getProject", { method: "get", path: `/projects/${project.id}.json` });
      expect(read.status, read.why).toBe(200);
      const got = read.json as Json;
      expect([got.title, got.description, got.job_code], `read back: ${read.why}`).toEqual([
        fields.name,
        fields.description,
        fields.job_code,
      ]);
    },
    meta("createProject", [201], "limits"),
  );

  list.documented.it(
    "text with & < > \" ' comes back exactly as sent (created, then read)",
    async () => {
      const fields = { description: `Tom & Jerry's <b>"launch"</b> — 5 > 3 & 2 < 4 'quoted'`, job_code: `A&B<C>"D'` };
      const project = await createProject("markup", fields);
      const read = await suite.call("getProject", { method: "get", path: `/projects/${project.id}.json` });
      expect(read.status, read.why).toBe(200);
      expect([(read.json as Json).description, (read.json as Json).job_code], `read back: ${read.why}`).toEqual([
        fields.description,
        fields.job_code,
      ]);
    },
    meta("createProject", [201]),
  );

  list.documented.it(
    "a new project is as the interface describes it: modified null (never modified), ownership internal (created by the caller's company), created_by its creator's name or email",
    async () => {
      const project = await createProject("as described");
      const read = await suite.call("getProject", { method: "get", path: `/projects/${project.id}.json` });
      expect(read.status, read.why).toBe(200);
      const got = read.json as Json;
      expect(got.modified, `"modified is null when the record was never modified": ${read.why}`).toBe(null);
      expect(String(got.ownership).toLowerCase(), `"Internal (created by the caller's company)": ${read.why}`).toBe("internal");
      const [creator] = (await listAll<Json>(suite, "listProjectUsers", `/projects/${project.id}/users.json`)).items;
      const names = [creator?.profile?.first_name, creator?.profile?.last_name].filter(
        (n): n is string => typeof n === "string" && n !== "",
      );
      const createdBy = String(got.created_by ?? "");
      expect(
        createdBy.toLowerCase() === String(creator?.email ?? "").toLowerCase() ||
          (names.length > 0 && names.some((n) => createdBy.includes(n))),
        `created_by is "the name of the creating user; falls back to the email address" — the creator (its one user) is ${JSON.stringify({ email: creator?.email, ...creator?.profile })}, created_by is ${JSON.stringify(got.created_by)}: ${read.why}`,
      ).toBe(true);
    },
    meta("createProject", [201], "fields"),
  );

  list.documented.it(
    "an update sets modified: later than created after the first, later again after the second",
    async () => {
      const project = await createProject("modified");
      const path = `/projects/${project.id}.json`;
      const modifiedAfterUpdate = async (job_code: string) => {
        // `modified` and `created` have a precision of one second: the update comes a second later.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const update = await suite.call("updateProject", { method: "patch", path, body: { job_code } });
        expect(update.status, update.why).toBe(204);
        const read = await suite.call("getProject", { method: "get", path });
        expect(typeof (read.json as Json).modified, `after an update, modified is set: ${read.why}`).toBe("string");
        return { modified: (read.json as Json).modified as string, why: read.why };
      };
      const first = await modifiedAfterUpdate("PCS-CT-M1");
      expect(
        Date.parse(first.modified) > Date.parse(project.created),
        `after an update, modified (${first.modified}) is later than created (${project.created}): ${first.why}`,
      ).toBe(true);
      const second = await modifiedAfterUpdate("PCS-CT-M2");
      expect(
        Date.parse(second.modified) > Date.parse(first.modified),
        `after a second update, modified (${second.modified}) is later than after the first (${first.modified}): ${second.why}`,
      ).toBe(true);
    },
    meta("updateProject", [204], "fields"),
  );

  list.documented.it(
    "assets are read-only: POST to a project's files, captured urls and copy is refused (never a 2xx), and adds nothing",
    async () => {
      const project = await createProject("assets");
      for (const [operationId, path] of [
        ["listFiles", `/v1/projects/${project.id}/files.json`],
        ["listCapturedUrls", `/projects/${project.id}/urls.json`],
        ["listCopy", `/projects/${project.id}/copy.json`],
      ] as const) {
        const body = { name: suite.created.name("asset"), url: "https://example.com/", text: "<p>Not an asset.</p>" };
        const posted = await suite.call(operationId, { method: "post", path, body });
        expect(posted.status >= 200 && posted.status < 300, `${RULE_ASSETS} — POST ${path}: ${posted.why}`).toBe(false);
        const listed = await listAll(suite, operationId, path);
        expect(listed.items, `${RULE_ASSETS} — after the POST, ${listed.first.why}`).toEqual([]);
      }
    },
    { rule: RULE_ASSETS },
  );

  list.documented.it(
    "groups and the organization cannot be created, edited or deleted (never a 2xx)",
    async (context) => {
      // A server that wrongly takes one of these changes what no clean-up can restore.
      context.skip(
        !target.disposable,
        "a server that wrongly took one of these writes would change its groups or organization for good: only on a disposable server",
      );
      const group = await suite.call("getGroup", { method: "get", path: `/groups/${suite.ids.group_id}.json` });
      for (const request of [
        { method: "post", path: "/groups.json", body: { name: suite.created.name("group"), description: "Not a group." } },
        { method: "patch", path: `/groups/${suite.ids.group_id}.json`, body: { name: (group.json as Json)?.name ?? "Same" } },
        { method: "post", path: "/organizations.json", body: { name: suite.created.name("organization") } },
        { method: "delete", path: "/organizations.json" },
      ]) {
        const answer = await suite.call(`${request.method.toUpperCase()} ${request.path}`, request);
        expect(answer.status >= 200 && answer.status < 300, `${RULE_READ_ONLY} — ${answer.why}`).toBe(false);
      }
    },
    { rule: RULE_READ_ONLY },
  );

  /** A new project, its one member (the creator), and a user of the discovered project to add to it. */
  const projectAndNewcomer = async (purpose: string, context: { skip(c: boolean, r: string): void }) => {
    const project = await createProject(purpose);
    const usersPath = `/projects/${project.id}/users.json`;
    const members = async () => (await listAll<Json>(suite, "listProjectUsers", usersPath)).items;
    const before = (await members()).map((u) => u.id as number);
    expect(before, "the creator is added to the project it creates").toHaveLength(1);
    const known = (await listAll<Json>(suite, "listProjectUsers", `/projects/${suite.ids.project_id}/users.json`)).items.find(
      (u) => !before.includes(u.id),
    );
    context.skip(!known, `project ${suite.ids.project_id} has no user besides the caller to add to a new project`);
    return { project, usersPath, members, before, known };
  };

  list.documented.it(
    "project users: the creator is the one member; a user added by id (added twice, listed once), listed, removed",
    async (context) => {
      const { project, usersPath, members, known } = await projectAndNewcomer("users by id", context);
      // Adding by id sends no email.
      const added = await suite.call("addProjectUser", { method: "post", path: usersPath, body: { user: String(known.id) } });
      expect(added.status, `by id: ${added.why}`).toBe(201);
      expect(added.contentType, `by id: a JSON content type (${added.why})`).toMatch(/^application\/json\b/);
      expect(
        (await members()).map((u) => u.id),
        "added by id",
      ).toContain(known.id);
      // Adding a member again: the status is not stated (201 or a refusal), a second listing is wrong.
      const again = await suite.call("addProjectUser", { method: "post", path: usersPath, body: { user: String(known.id) } });
      const listed = (await members()).filter((u) => u.id === known.id).length;
      expect(listed, `added twice, the user is listed once — the second add: ${again.why}`).toBe(1);
      const removed = await suite.call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${known.id}.json` });
      expect(removed.status, removed.why).toBe(204);
      expect(
        (await members()).map((u) => u.id),
        "removed after adding by id",
      ).not.toContain(known.id);
    },
    meta("addProjectUser", [201, 204], "adding and removing users"),
  );

  list.documented.it(
    "project users: a user added by email (PCS_INVITE_EMAIL) is the account of that address, listed, removed",
    async (context) => {
      // Adding by email makes the service send an email (and, to an address without an account, create
      // an administrator account): only to the address the user named, or on a disposable server.
      context.skip(
        !target.inviteEmail && !target.disposable,
        "adding a user by email sends them an email — set PCS_INVITE_EMAIL to an address of an existing account of yours to check it",
      );
      const { project, usersPath, members, before, known } = await projectAndNewcomer("users by email", context);
      const email = (target.inviteEmail ?? known.email) as string;
      const invited = await suite.call("addProjectUser", { method: "post", path: usersPath, body: { email } });
      expect(invited.status, `by email: ${invited.why}`).toBe(201);
      expect(invited.contentType, `by email: a JSON content type (${invited.why})`).toMatch(/^application\/json\b/);
      const newcomers = (await members()).filter((u) => !before.includes(u.id));
      expect(
        newcomers.map((u) => u.id),
        `exactly one user added by email ${email}`,
      ).toHaveLength(1);
      expect(
        String(newcomers[0]?.email).toLowerCase(),
        `"when the email belongs to an existing account, that user is added" — the user added by ${email}`,
      ).toBe(email.toLowerCase());
      const out = await suite.call("removeProjectUser", {
        method: "delete",
        path: `/projects/${project.id}/users/${newcomers[0]!.id}.json`,
      });
      expect(out.status, out.why).toBe(204);
      expect(
        (await members()).map((u) => u.id),
        "removed after adding by email",
      ).toEqual(before);
    },
    meta("addProjectUser", [201, 204], "adding and removing users"),
  );

  list.documented.it(
    "the project creator cannot be removed (not a 2xx, and still a member)",
    async () => {
      const project = await createProject("creator");
      const [creator] = (await listAll<Json>(suite, "listProjectUsers", `/projects/${project.id}/users.json`)).items;
      const refused = await suite.call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${creator.id}.json` });
      expect(refused.status >= 400 && refused.status < 500, `expected a 4xx refusal: ${refused.why}`).toBe(true);
      expect((await listAll<Json>(suite, "listProjectUsers", `/projects/${project.id}/users.json`)).items.map((u) => u.id)).toContain(
        creator.id,
      );
    },
    meta("removeProjectUser", [], 'Rule for removing: "the project creator cannot be removed"'),
  );

  list.assumed("creator-removal-409", "problem-body").it(
    "removing the project creator is answered 409 with a problem body",
    async () => {
      const project = await createProject("creator-409");
      const [creator] = (await listAll<Json>(suite, "listProjectUsers", `/projects/${project.id}/users.json`)).items;
      const refused = await suite.call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${creator.id}.json` });
      expect(refused.status, refused.why).toBe(409);
      expect(refused.contentType, refused.why).toMatch(/^application\/problem\+json\b/);
    },
    meta("removeProjectUser", [409]),
  );

  list.documented.it(
    "the organization: update → read shows it → every field restored to exactly what it was",
    (context) =>
      suite.exclusive("organization", async () => {
        const before = await suite.call("getOrganization", { method: "get", path: "/organizations.json" });
        expect(before.status, before.why).toBe(200);
        const original = before.json as Json;
        const phone = original.phone === "+1 503 555 0100" ? "+1 503 555 0101" : "+1 503 555 0100";
        // `modified` has a precision of one second: the update comes a second after it was read.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const changed = await suite.call("updateOrganization", { method: "patch", path: "/organizations.json", body: { phone } });
        // Only a company administrator may update: a key of another user is refused, which is right.
        context.skip(changed.status === 403, `the API key's user is not a company administrator (${changed.why})`);
        try {
          expect(changed.status, changed.why).toBe(204);
          const after = await suite.call("getOrganization", { method: "get", path: "/organizations.json" });
          expect((after.json as Json).phone, after.why).toBe(phone);
          // Where the organization carries `modified` ("Date last modified"), the update moves it on.
          const modified = (after.json as Json).modified;
          if (typeof modified === "string" && typeof original.modified === "string")
            expect(
              Date.parse(modified) > Date.parse(original.modified),
              `"modified: date last modified" — after the update ${JSON.stringify(modified)}, before it ${JSON.stringify(original.modified)}: ${after.why}`,
            ).toBe(true);
          expect(settable({ ...(after.json as Json), phone: original.phone }), `${after.why}: PATCH changes only what it is given`).toEqual(
            settable(original),
          );
        } finally {
          const now = (await suite.call("getOrganization", { method: "get", path: "/organizations.json" })).json as Json;
          for (const field of Object.keys(settable(original)).filter((f) => JSON.stringify(original[f]) !== JSON.stringify(now?.[f]))) {
            const restored = await suite.call("updateOrganization", {
              method: "patch",
              path: "/organizations.json",
              body: { [field]: original[field] },
            });
            expect(restored.status, `restoring ${field}: ${restored.why}`).toBe(204);
          }
          const restored = await suite.call("getOrganization", { method: "get", path: "/organizations.json" });
          expect(settable(restored.json as Json), `the organization is exactly what it was: ${restored.why}`).toEqual(settable(original));
        }
      }),
    meta("updateOrganization", [204]),
  );

  list.documented.it(
    "listProjects: a list of more than 30 (made so by the checker): 30 items without limit, the rest from offset 30, every project in it",
    async () => {
      // Only what this check creates is sure to stay: other checks delete their projects as they go.
      const listed = await listAll<Json>(suite, "listProjects", "/projects.json", { most: DEFAULT_LIMIT + 1 });
      const others = listed.items.filter((p) => !String(p.title ?? "").startsWith(suite.runTag)).length;
      const mine: number[] = [];
      for (let i = others; i <= DEFAULT_LIMIT; i++) mine.push((await createProject(`page size ${i}`)).id);
      const known = others + mine.length;
      const page = await suite.call("listProjects", { method: "get", path: "/projects.json" });
      expect(page.status, page.why).toBe(200);
      expect((page.json as Json[]).length, `default page size: ${page.why}`).toBe(DEFAULT_LIMIT);
      const rest = await suite.call("listProjects", { method: "get", path: "/projects.json", query: { offset: DEFAULT_LIMIT } });
      expect(
        Array.isArray(rest.json) && rest.json.length > 0,
        `${RULE_LIST_ALL} — the caller has at least ${known} projects (${others} listed before, ${mine.length} created by this check), so the page at offset ${DEFAULT_LIMIT} is not empty: ${rest.why}`,
      ).toBe(true);
      const walked = await listAll<Json>(suite, "listProjects", "/projects.json");
      if (walked.complete)
        expect(
          mine.filter((id) => !walked.items.some((p) => p.id === id)),
          `${RULE_LIST_ALL} — projects this check created, missing from the list walked to its end (${walked.items.length} projects): ${walked.first.why}`,
        ).toEqual([]);
    },
    meta("listProjects", [200], "pagination"),
  );
  return list.checks;
}
