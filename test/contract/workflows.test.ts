// The writes, end to end, on a server that keeps state (the stand-in, the sandbox, or a real server with
// PCS_ALLOW_WRITES=1), each on data the suite creates itself: create → read → list contains it →
// update → read shows the change → delete → read and its asset lists refused; a user added by id (and
// by email only to PCS_INVITE_EMAIL) → listed → removed → gone; the creator cannot be removed; the
// organization updated → read → restored field by field to exactly what it was; a project list made
// long enough for the default page size. Created projects are registered for deletion the moment the
// server answers with an id (support/created.ts), and deleted in afterAll even when a check fails.
// On the Prism mock (stateless, disposable) — and only there — each write is checked once for its
// documented status and body instead. A real server without PCS_ALLOW_WRITES gets none of this.
import { afterAll, describe, expect } from "vitest";
import { assumed, documented, documentedBundle } from "../support/conformance.js";
import { createdName, deleteCreated, forgetCreated, sendCreating } from "../support/created.js";
import { explain, send, type RawRequest, type RawResponse } from "../support/http.js";
import { operations, schemaErrors, type Json } from "../support/openapi.js";
import { ids, REASON_MUTATES, target } from "../support/target.js";

const byId = (id: string) => operations(documentedBundle).find((op) => op.operationId === id)!;
/** The documented-only schema of an operation's success body. */
function successSchema(operationId: string): Json {
  const op = byId(operationId);
  const [, response] = Object.entries<Json>(op.operation.responses).find(([code]) => code.startsWith("2"))!;
  return response.content?.["application/json"]?.schema;
}

async function call(operationId: string, request: RawRequest): Promise<RawResponse & { why: string }> {
  const response = await send(target(), request);
  return { ...response, why: explain(operationId, response, target().apiKey) };
}

/** Creates a project and checks what a schema cannot: it carries the name as title, the description
 * and the job code it was given. Registered for deletion before any check. */
async function createProject(purpose: string): Promise<Json> {
  const body = {
    name: createdName(purpose),
    description: `Created by the contract tests (${purpose}); deleted when they end.`,
    job_code: "PCS-CT",
  };
  const response = await sendCreating({ method: "post", path: "/projects.json", body });
  const why = explain("createProject", response, target().apiKey);
  expect(response.status, why).toBe(201);
  expect(response.contentType, why).toMatch(/^application\/json\b/);
  expect(schemaErrors(successSchema("createProject"), response.json, documentedBundle), why).toEqual([]);
  const project = response.json as Json;
  expect(project.title, `the name given becomes the title: ${why}`).toBe(body.name);
  expect(project.description, `the description given is kept: ${why}`).toBe(body.description);
  expect(project.job_code, `the job code given is kept: ${why}`).toBe(body.job_code);
  return project;
}

async function listAll(path: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call("list", { method: "get", path, query: { offset, limit: 100 } });
    expect(page.status, page.why).toBe(200);
    const batch = page.json as Json[];
    items.push(...batch);
    if (batch.length < 100 || offset > 10_000) return items;
  }
}

/** The organization's fields a caller sets (the server keeps `created` and `modified` itself). */
const settable = (organization: Json): Json =>
  Object.fromEntries(Object.entries(organization ?? {}).filter(([field]) => field !== "created" && field !== "modified"));

/** A refusal: a 4xx, and no data of the resource. */
function expectRefused(response: RawResponse & { why: string }, rule: string): void {
  expect(response.status >= 400 && response.status < 500, `${rule} — expected a 4xx refusal: ${response.why}`).toBe(true);
}

afterAll(async () => {
  const failures = await deleteCreated();
  expect(failures, "projects the suite created and could not delete").toEqual([]);
});

if (target().isMock) {
  // The Prism mock keeps no state: each write answers its documented status, and its example body.
  const single: Array<[string, RawRequest, number]> = [
    [
      "createProject",
      {
        method: "post",
        path: "/projects.json",
        body: { name: "Contract test", description: "Created by the contract tests.", job_code: "CT-1" },
      },
      201,
    ],
    ["updateProject", { method: "patch", path: `/projects/${ids().project_id}.json`, body: { job_code: "CT-2" } }, 204],
    ["deleteProject", { method: "delete", path: `/projects/${ids().project_id}.json` }, 204],
    ["addProjectUser", { method: "post", path: `/projects/${ids().project_id}/users.json`, body: { user: String(ids().user_id) } }, 201],
    ["removeProjectUser", { method: "delete", path: `/projects/${ids().project_id}/users/${ids().user_id}.json` }, 204],
    [
      "updateOrganization",
      { method: "patch", path: "/organizations.json", body: { phone: "+1 503 555 0199", address: { country: "US" } } },
      204,
    ],
  ];
  describe(`each write answers its documented status on ${target().name} (stateless: no workflow)`, () => {
    documented.for(
      single.map(([id, request, status]) => [`${id} ${request.method.toUpperCase()} ${request.path}`, id, request, status] as const),
    )("%s", async ([, id, request, status]) => {
      const response = await call(id, request);
      expect(response.status, response.why).toBe(status);
      const schema = successSchema(id);
      if (status === 204) expect(response.text, response.why).toBe("");
      else expect(schemaErrors(schema ?? {}, response.json, documentedBundle), response.why).toEqual([]);
    });
  });
} else if (!target().allowWrites) {
  describe(`write workflows on ${target().name}`, () => {
    documented.it("create, update, delete, add and remove users, update the organization", (context) => {
      context.skip(true, `${target().name}: ${REASON_MUTATES}`);
    });
  });
} else {
  describe(`write workflows on ${target().name}`, () => {
    documented.it("a project: create → read → listed → update → read shows it → delete → it and its assets are refused", async () => {
      const project = await createProject("lifecycle");
      const path = `/projects/${project.id}.json`;
      const read = await call("getProject", { method: "get", path });
      expect(read.status, read.why).toBe(200);
      expect((read.json as Json).title, read.why).toBe(project.title);
      expect(
        (await listAll("/projects.json")).map((p) => p.id),
        "the created project is in the project list",
      ).toContain(project.id);

      // `modified` must come out later than `created`, which has a precision of one second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const update = await call("updateProject", { method: "patch", path, body: { job_code: "PCS-CT-2" } });
      expect(update.status, update.why).toBe(204);
      expect(update.text, update.why).toBe("");
      const reread = await call("getProject", { method: "get", path });
      const updated = reread.json as Json;
      expect(updated.job_code, reread.why).toBe("PCS-CT-2");
      expect(updated.title, `${reread.why}: PATCH changes only what it is given`).toBe(project.title);
      expect(updated.modified, `after an update, modified is set: ${reread.why}`).toEqual(expect.any(String));
      expect(
        Date.parse(updated.modified) > Date.parse(updated.created),
        `after an update, modified (${updated.modified}) is later than created (${updated.created}): ${reread.why}`,
      ).toBe(true);

      const removed = await call("deleteProject", { method: "delete", path });
      expect(removed.status, removed.why).toBe(204);
      forgetCreated(project.id);
      for (const [operationId, gonePath] of [
        ["getProject", path],
        ["listProjectUsers", `/projects/${project.id}/users.json`],
        ["listCopy", `/projects/${project.id}/copy.json`],
        ["listCapturedUrls", `/projects/${project.id}/urls.json`],
        ["listFiles", `/v1/projects/${project.id}/files.json`],
      ] as const) {
        expectRefused(await call(operationId, { method: "get", path: gonePath }), "a deleted project and its assets are gone");
      }
    });

    documented.it(
      "project users: the creator is the one member; a user added by id (and by PCS_INVITE_EMAIL), listed, removed",
      async (context) => {
        const project = await createProject("users");
        const usersPath = `/projects/${project.id}/users.json`;
        const members = async () => (await listAll(usersPath)).map((u) => u.id as number);
        const before = await members();
        expect(before, "the creator is added to the project it creates").toHaveLength(1);

        // A user the key can already see, added by id (adding by id sends no email).
        const known = (await listAll(`/projects/${ids().project_id}/users.json`)).find((u) => !before.includes(u.id));
        context.skip(!known, `project ${ids().project_id} has no user besides the caller to add to a new project`);
        const added = await call("addProjectUser", { method: "post", path: usersPath, body: { user: String(known.id) } });
        expect(added.status, `by id: ${added.why}`).toBe(201);
        expect(added.contentType, `by id: a JSON content type (${added.why})`).toMatch(/^application\/json\b/);
        expect(await members(), "added by id").toContain(known.id);
        const removed = await call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${known.id}.json` });
        expect(removed.status, removed.why).toBe(204);
        expect(await members(), "removed after adding by id").not.toContain(known.id);

        // Adding by email makes the service send an email (and, to an address without an account, create
        // an administrator account): only to the address the user named, or on a disposable server.
        const email = target().inviteEmail ?? (target().disposable ? (known.email as string) : undefined);
        context.skip(
          !email,
          `${target().name}: adding a user by email sends them an email — set PCS_INVITE_EMAIL to an address of an existing account of yours to check it`,
        );
        const invited = await call("addProjectUser", { method: "post", path: usersPath, body: { email } });
        expect(invited.status, `by email: ${invited.why}`).toBe(201);
        expect(invited.contentType, `by email: a JSON content type (${invited.why})`).toMatch(/^application\/json\b/);
        const newcomers = (await members()).filter((id) => !before.includes(id));
        expect(newcomers, `exactly one user added by email ${email}`).toHaveLength(1);
        const out = await call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${newcomers[0]}.json` });
        expect(out.status, out.why).toBe(204);
        expect(await members(), "removed after adding by email").toEqual(before);
      },
    );

    documented.it("the project creator cannot be removed (not a 2xx, and still a member)", async () => {
      const project = await createProject("creator");
      const [creator] = await listAll(`/projects/${project.id}/users.json`);
      const refused = await call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${creator.id}.json` });
      expect(refused.status, refused.why).toBeGreaterThanOrEqual(400);
      expect((await listAll(`/projects/${project.id}/users.json`)).map((u) => u.id)).toContain(creator.id);
    });

    assumed("creator-removal-409", "problem-body").it("removing the project creator is answered 409 with a problem body", async () => {
      const project = await createProject("creator-409");
      const [creator] = await listAll(`/projects/${project.id}/users.json`);
      const refused = await call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${creator.id}.json` });
      expect(refused.status, refused.why).toBe(409);
      expect(refused.contentType, refused.why).toMatch(/^application\/problem\+json\b/);
    });

    documented.it("the organization: update → read shows it → every field restored to exactly what it was", async (context) => {
      const before = await call("getOrganization", { method: "get", path: "/organizations.json" });
      expect(before.status, before.why).toBe(200);
      const original = before.json as Json;
      const phone = original.phone === "+1 503 555 0100" ? "+1 503 555 0101" : "+1 503 555 0100";
      const changed = await call("updateOrganization", { method: "patch", path: "/organizations.json", body: { phone } });
      // Only a company administrator may update: a key of another user is refused, which is right.
      context.skip(changed.status === 403, `the API key's user is not a company administrator (${changed.why})`);
      try {
        expect(changed.status, changed.why).toBe(204);
        const after = await call("getOrganization", { method: "get", path: "/organizations.json" });
        expect((after.json as Json).phone, after.why).toBe(phone);
        expect(settable({ ...(after.json as Json), phone: original.phone }), `${after.why}: PATCH changes only what it is given`).toEqual(
          settable(original),
        );
      } finally {
        const now = (await call("getOrganization", { method: "get", path: "/organizations.json" })).json as Json;
        for (const field of Object.keys(settable(original)).filter((f) => JSON.stringify(original[f]) !== JSON.stringify(now?.[f]))) {
          const restored = await call("updateOrganization", {
            method: "patch",
            path: "/organizations.json",
            body: { [field]: original[field] },
          });
          expect(restored.status, `restoring ${field}: ${restored.why}`).toBe(204);
        }
        const restored = await call("getOrganization", { method: "get", path: "/organizations.json" });
        expect(settable(restored.json as Json), `the organization is exactly what it was: ${restored.why}`).toEqual(settable(original));
      }
    });

    documented.it("listProjects: without limit, exactly 30 items on a list of more than 30 (made long enough by the suite)", async () => {
      const DEFAULT_LIMIT = 30; // the interface: "limit (int, default 30)"
      const count = (await listAll("/projects.json")).length;
      for (let i = count; i <= DEFAULT_LIMIT; i++) await createProject(`page size ${i}`);
      const page = await call("listProjects", { method: "get", path: "/projects.json" });
      expect(page.status, page.why).toBe(200);
      expect((page.json as Json[]).length, `default page size: ${page.why}`).toBe(DEFAULT_LIMIT);
    });
  });
}
