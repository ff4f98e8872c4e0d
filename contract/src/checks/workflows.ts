// The writes, end to end, on a server that keeps state (the sandbox, a stand-in, or a user's server
// with writes allowed), each on data the checker creates itself: create → read → listed → update →
// read shows the change → delete → gone from the list, it and its assets refused; names, descriptions
// and job codes at their limits in letters beyond ASCII, and text with markup characters, come back
// exactly; a user added by id (and by email only to PCS_INVITE_EMAIL) → listed → removed; the creator
// cannot be removed; the organization updated → read → restored field by field; a project list made
// long enough for the default page size. On the Prism mock (stateless) each write is checked once for
// its documented status and body instead. A user's server without writes allowed gets none of this.
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

      // `modified` must come out later than `created`, which has a precision of one second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const update = await suite.call("updateProject", { method: "patch", path, body: { job_code: "PCS-CT-2" } });
      expect(update.status, update.why).toBe(204);
      expect(update.text, update.why).toBe("");
      const reread = await suite.call("getProject", { method: "get", path });
      const updated = reread.json as Json;
      expect(updated.job_code, reread.why).toBe("PCS-CT-2");
      expect(updated.title, `${reread.why}: PATCH changes only what it is given`).toBe(project.title);
      expect(typeof updated.modified, `after an update, modified is set: ${reread.why}`).toBe("string");
      expect(
        Date.parse(updated.modified) > Date.parse(updated.created),
        `after an update, modified (${updated.modified}) is later than created (${updated.created}): ${reread.why}`,
      ).toBe(true);

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
    "project users: the creator is the one member; a user added by id (and by PCS_INVITE_EMAIL), listed, removed",
    async (context) => {
      const project = await createProject("users");
      const usersPath = `/projects/${project.id}/users.json`;
      const members = async () => (await listAll<Json>(suite, "listProjectUsers", usersPath)).items.map((u) => u.id as number);
      const before = await members();
      expect(before, "the creator is added to the project it creates").toHaveLength(1);
      // A user the key can already see, added by id (adding by id sends no email).
      const known = (await listAll<Json>(suite, "listProjectUsers", `/projects/${suite.ids.project_id}/users.json`)).items.find(
        (u) => !before.includes(u.id),
      );
      context.skip(!known, `project ${suite.ids.project_id} has no user besides the caller to add to a new project`);
      const added = await suite.call("addProjectUser", { method: "post", path: usersPath, body: { user: String(known.id) } });
      expect(added.status, `by id: ${added.why}`).toBe(201);
      expect(added.contentType, `by id: a JSON content type (${added.why})`).toMatch(/^application\/json\b/);
      expect(await members(), "added by id").toContain(known.id);
      const removed = await suite.call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${known.id}.json` });
      expect(removed.status, removed.why).toBe(204);
      expect(await members(), "removed after adding by id").not.toContain(known.id);
      // Adding by email makes the service send an email (and, to an address without an account, create
      // an administrator account): only to the address the user named, or on a disposable server.
      const email = target.inviteEmail ?? (target.disposable ? (known.email as string) : undefined);
      context.skip(
        !email,
        "adding a user by email sends them an email — set PCS_INVITE_EMAIL to an address of an existing account of yours to check it",
      );
      const invited = await suite.call("addProjectUser", { method: "post", path: usersPath, body: { email } });
      expect(invited.status, `by email: ${invited.why}`).toBe(201);
      expect(invited.contentType, `by email: a JSON content type (${invited.why})`).toMatch(/^application\/json\b/);
      const newcomers = (await members()).filter((id) => !before.includes(id));
      expect(newcomers, `exactly one user added by email ${email}`).toHaveLength(1);
      const out = await suite.call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${newcomers[0]}.json` });
      expect(out.status, out.why).toBe(204);
      expect(await members(), "removed after adding by email").toEqual(before);
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
        const changed = await suite.call("updateOrganization", { method: "patch", path: "/organizations.json", body: { phone } });
        // Only a company administrator may update: a key of another user is refused, which is right.
        context.skip(changed.status === 403, `the API key's user is not a company administrator (${changed.why})`);
        try {
          expect(changed.status, changed.why).toBe(204);
          const after = await suite.call("getOrganization", { method: "get", path: "/organizations.json" });
          expect((after.json as Json).phone, after.why).toBe(phone);
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
    "listProjects: without limit, exactly 30 items on a list of more than 30 (made long enough by the checker)",
    async () => {
      const listed = await listAll(suite, "listProjects", "/projects.json", { most: DEFAULT_LIMIT + 1 });
      for (let i = listed.items.length; i <= DEFAULT_LIMIT; i++) await createProject(`page size ${i}`);
      const page = await suite.call("listProjects", { method: "get", path: "/projects.json" });
      expect(page.status, page.why).toBe(200);
      expect((page.json as Json[]).length, `default page size: ${page.why}`).toBe(DEFAULT_LIMIT);
    },
    meta("listProjects", [200], "pagination"),
  );
  return list.checks;
}
