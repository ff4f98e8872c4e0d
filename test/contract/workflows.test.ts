// The writes, end to end, on a server that keeps state (the stand-in, or a real server with
// PCS_ALLOW_WRITES=1): create → read → list contains it → update → read shows the change → delete →
// read is 404; a user added by id and by email → listed → removed → gone; the creator cannot be removed;
// the organization updated → read → restored. What the suite creates is named "pcs-contract-test …" so
// it is recognisable, and is deleted in afterAll even when an assertion fails.
// On the Prism mock (stateless), each write is checked once for its documented status and body instead.
import { afterAll, describe, expect } from "vitest";
import { assumed, documented, documentedBundle } from "../support/conformance.js";
import { explain, send, type RawRequest, type RawResponse } from "../support/http.js";
import { operations, schemaErrors, type Json } from "../support/openapi.js";
import { ids, target } from "../support/target.js";

const RUN = `pcs-contract-test ${new Date().toISOString()} ${Math.random().toString(36).slice(2, 8)}`;
const created = new Set<number>();

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

async function createProject(suffix: string): Promise<Json> {
  const name = `${RUN} ${suffix}`.slice(0, 50);
  const response = await call("createProject", { method: "post", path: "/projects.json", body: { name, description: "Created by the contract tests; deleted when they end.", job_code: "PCS-CT" } });
  expect(response.status, response.why).toBe(201);
  expect(response.contentType, response.why).toMatch(/^application\/json\b/);
  expect(schemaErrors(successSchema("createProject"), response.json, documentedBundle), response.why).toEqual([]);
  const project = response.json as Json;
  created.add(project.id);
  expect(project.title, response.why).toBe(name);
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

afterAll(async () => {
  for (const id of created) await send(target(), { method: "delete", path: `/projects/${id}.json` }).catch(() => undefined);
});

const stateful = target().stateful && target().allowWrites;

if (stateful) {
  describe(`write workflows on ${target().name}`, () => {
    documented.it("a project: create → read → listed → update → read shows it → delete → read is 404", async () => {
      const project = await createProject("lifecycle");
      const path = `/projects/${project.id}.json`;
      const read = await call("getProject", { method: "get", path });
      expect(read.status, read.why).toBe(200);
      expect((read.json as Json).title, read.why).toBe(project.title);
      expect((await listAll("/projects.json")).map((p) => p.id), "the created project is in the project list").toContain(project.id);

      const update = await call("updateProject", { method: "patch", path, body: { job_code: "PCS-CT-2" } });
      expect(update.status, update.why).toBe(204);
      expect(update.text, update.why).toBe("");
      const reread = await call("getProject", { method: "get", path });
      expect((reread.json as Json).job_code, reread.why).toBe("PCS-CT-2");
      expect((reread.json as Json).title, `${reread.why}: PATCH changes only what it is given`).toBe(project.title);

      const removed = await call("deleteProject", { method: "delete", path });
      expect(removed.status, removed.why).toBe(204);
      created.delete(project.id);
      const gone = await call("getProject", { method: "get", path });
      expect(gone.status, gone.why).toBe(404);
    });

    documented.it("project users: the creator is the one member; a user added by id, then by email, listed, removed", async (context) => {
      const project = await createProject("users");
      const usersPath = `/projects/${project.id}/users.json`;
      const members = async () => (await listAll(usersPath)).map((u) => u.id as number);
      const before = await members();
      expect(before, "the creator is added to the project it creates").toHaveLength(1);

      // A user the key can already see, so adding by email adds an existing account (never creates one).
      const known = (await listAll(`/projects/${ids().project_id}/users.json`)).find((u) => !before.includes(u.id));
      context.skip(!known, `project ${ids().project_id} has no user besides the caller to add to a new project`);
      for (const [how, body] of [["by id", { user: String(known.id) }], ["by email", { email: known.email }]] as const) {
        const added = await call("addProjectUser", { method: "post", path: usersPath, body });
        expect(added.status, `${how}: ${added.why}`).toBe(201);
        expect(added.contentType, `${how}: a JSON content type (${added.why})`).toMatch(/^application\/json\b/);
        expect(await members(), `added ${how}`).toContain(known.id);
        const removed = await call("removeProjectUser", { method: "delete", path: `/projects/${project.id}/users/${known.id}.json` });
        expect(removed.status, removed.why).toBe(204);
        expect(await members(), `removed after adding ${how}`).not.toContain(known.id);
      }
    });

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

    documented.it("the organization: update → read shows it → restore", async (context) => {
      const before = await call("getOrganization", { method: "get", path: "/organizations.json" });
      expect(before.status, before.why).toBe(200);
      const phone = (before.json as Json).phone as string;
      const changed = await call("updateOrganization", { method: "patch", path: "/organizations.json", body: { phone: "+1 503 555 0100" } });
      // Only a company administrator may update: a key of another user is refused, which is right.
      context.skip(changed.status === 403, `the API key's user is not a company administrator (${changed.why})`);
      try {
        expect(changed.status, changed.why).toBe(204);
        const after = await call("getOrganization", { method: "get", path: "/organizations.json" });
        expect((after.json as Json).phone, after.why).toBe("+1 503 555 0100");
        expect((after.json as Json).name, `${after.why}: PATCH changes only what it is given`).toBe((before.json as Json).name);
      } finally {
        const restored = await call("updateOrganization", { method: "patch", path: "/organizations.json", body: { phone } });
        expect(restored.status, restored.why).toBe(204);
      }
    });
  });
} else {
  // The Prism mock keeps no state: each write answers its documented status, and its example body.
  const single: Array<[string, RawRequest, number]> = [
    ["createProject", { method: "post", path: "/projects.json", body: { name: "Contract test", description: "Created by the contract tests.", job_code: "CT-1" } }, 201],
    ["updateProject", { method: "patch", path: `/projects/${ids().project_id}.json`, body: { job_code: "CT-2" } }, 204],
    ["deleteProject", { method: "delete", path: `/projects/${ids().project_id}.json` }, 204],
    ["addProjectUser", { method: "post", path: `/projects/${ids().project_id}/users.json`, body: { user: String(ids().user_id) } }, 201],
    ["removeProjectUser", { method: "delete", path: `/projects/${ids().project_id}/users/${ids().user_id}.json` }, 204],
    ["updateOrganization", { method: "patch", path: "/organizations.json", body: { phone: "+1 503 555 0199", address: { country: "US" } } }, 204],
  ];
  describe(`each write answers its documented status on ${target().name} (stateless: no workflow)`, () => {
    documented.for(single.map(([id, request, status]) => [`${id} ${request.method.toUpperCase()} ${request.path}`, id, request, status] as const))(
      "%s",
      async ([, id, request, status]) => {
        const response = await call(id, request);
        expect(response.status, response.why).toBe(status);
        const schema = successSchema(id);
        if (status === 204) expect(response.text, response.why).toBe("");
        else expect(schemaErrors(schema ?? {}, response.json, documentedBundle), response.why).toEqual([]);
      },
    );
  });
}
