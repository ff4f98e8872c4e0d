// The reference sandbox keeps state like the service: what is created can be read, listed, changed and
// deleted; users come and go, except a project's creator; the organization changes field by field. Every
// answer is also checked against the description (checked-sandbox.ts). In process: no server, no port.
// Each test starts from the seed.
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError, collectAll, unwrap } from "../../src/index.js";
import { createSandbox, exampleSeed } from "../../src/sandbox/index.js";
import { exampleBody, examplePath, label, successResponse } from "../support/http.js";
import { operations } from "../support/openapi.js";
import { BASE_URL, checkedSandbox, KEYS } from "./checked-sandbox.js";

const { sandbox, client, send } = checkedSandbox({ now: () => new Date("2026-11-23T10:00:00Z") });
const admin = client(KEYS.admin);
const editor = client(KEYS.editor);
const viewer = client(KEYS.viewer);
const project = (project_id: number) => ({ params: { path: { project_id } } });

/** The status an ApiError carries, or "ok". */
async function statusOf(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<number | "ok"> {
  try {
    unwrap(await call);
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

beforeEach(() => sandbox.reset());

describe("every operation of the description answers its own example request with its documented success", () => {
  const ops = operations();
  it("all 16 of them", () => expect(ops).toHaveLength(16));

  it.for(ops.map((op) => [label(op), op] as const))("%s", async ([, op]) => {
    const response = await send(op.method.toUpperCase(), examplePath(op), { body: exampleBody(op) });
    expect(response.status, await response.clone().text()).toBe(successResponse(op).status);
  });
});

describe("seeded from the description's examples", () => {
  it("lists the two example projects, with the caller's ownership", async () => {
    const projects = unwrap(await admin.GET("/projects.json"));
    expect(projects.map((p) => [p.id, p.title, p.ownership])).toEqual([
      [48213, "Spring 2025 launch campaign", "internal"],
      [48377, "Retail window displays", "external"],
    ]);
    // The same projects seen from the agency that created the second one.
    const fromAgency = unwrap(await editor.GET("/projects.json"));
    expect(fromAgency.map((p) => [p.id, p.ownership])).toEqual([
      [48213, "external"],
      [48377, "internal"],
    ]);
  });

  it("holds the example files, captured urls, copy and revisions of project 48213", async () => {
    expect(unwrap(await admin.GET("/v1/projects/{project_id}/files.json", project(48213))).map((f) => f.id)).toEqual([90211, 90245]);
    expect(unwrap(await admin.GET("/projects/{project_id}/urls.json", project(48213))).map((u) => u.url)).toEqual([
      "https://www.example.org/pricing",
    ]);
    expect(unwrap(await admin.GET("/projects/{project_id}/copy.json", project(48213))).map((c) => c.id)).toEqual([5520]);
    const revisions = unwrap(await admin.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: 5520 } } }));
    expect(revisions.map((r) => r.id)).toEqual([11873, 11904]);
    expect(unwrap(await admin.GET("/projects/{project_id}/users.json", project(48213))).map((u) => u.id)).toEqual([1001, 2087, 1003]);
    expect(unwrap(await admin.GET("/groups.json")).map((g) => g.name)).toEqual(["Administrator", "Editor", "Viewer"]);
    expect(unwrap(await admin.GET("/groups/{group_id}.json", { params: { path: { group_id: 2 } } })).name).toBe("Editor");
    expect(unwrap(await admin.GET("/organizations.json")).name).toBe("Northwind Outfitters");
  });
});

describe("projects", () => {
  it("create → read → listed → update merges → read shows it → delete → 404", async () => {
    const created = unwrap(await admin.POST("/projects.json", { body: { name: "Sandbox launch", job_code: "SBX-1" } }));
    expect(created).toMatchObject({
      id: 48378, // after the largest seeded id
      title: "Sandbox launch",
      description: "",
      job_code: "SBX-1",
      created: "2026-11-23T10:00:00+00:00",
      modified: null,
      created_by: "Dana Whitfield",
      ownership: "internal",
    });
    expect(unwrap(await admin.GET("/projects/{project_id}.json", project(created.id)))).toEqual(created);
    expect(unwrap(await admin.GET("/projects.json")).map((p) => p.id)).toEqual([48213, 48377, 48378]);
    // The creator is a member: the only one.
    expect(unwrap(await admin.GET("/projects/{project_id}/users.json", project(created.id))).map((u) => u.id)).toEqual([1001]);

    expect(
      unwrap(await admin.PATCH("/projects/{project_id}.json", { ...project(created.id), body: { description: "Now described." } })),
    ).toBeUndefined();
    expect(unwrap(await admin.GET("/projects/{project_id}.json", project(created.id)))).toMatchObject({
      title: "Sandbox launch", // untouched
      job_code: "SBX-1", // untouched
      description: "Now described.",
      modified: "2026-11-23T10:00:00+00:00",
    });
    await admin.PATCH("/projects/{project_id}.json", { ...project(created.id), body: { name: "Renamed" } });
    expect(unwrap(await admin.GET("/projects/{project_id}.json", project(created.id))).title).toBe("Renamed");

    expect(unwrap(await admin.DELETE("/projects/{project_id}.json", project(created.id)))).toBeUndefined();
    expect(await statusOf(admin.GET("/projects/{project_id}.json", project(created.id)))).toBe(404);
    expect(unwrap(await admin.GET("/projects.json")).map((p) => p.id)).toEqual([48213, 48377]);
    expect(await statusOf(admin.DELETE("/projects/{project_id}.json", project(created.id)))).toBe(404);
  });

  it("deleting a project deletes its assets: its files, urls, copy and the copy's revisions are gone", async () => {
    await admin.DELETE("/projects/{project_id}.json", project(48213));
    expect(await statusOf(admin.GET("/v1/projects/{project_id}/files.json", project(48213)))).toBe(404);
    expect(await statusOf(admin.GET("/projects/{project_id}/urls.json", project(48213)))).toBe(404);
    expect(await statusOf(admin.GET("/projects/{project_id}/copy.json", project(48213)))).toBe(404);
    expect(await statusOf(admin.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: 5520 } } }))).toBe(404);
  });

  it("unknown ids get 404: projects, copy, groups", async () => {
    expect(await statusOf(admin.GET("/projects/{project_id}.json", project(1)))).toBe(404);
    expect(await statusOf(admin.PATCH("/projects/{project_id}.json", { ...project(1), body: { name: "x" } }))).toBe(404);
    expect(await statusOf(admin.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: 1 } } }))).toBe(404);
    expect(await statusOf(admin.GET("/groups/{group_id}.json", { params: { path: { group_id: 4 } } }))).toBe(404);
  });
});

describe("who may do what (seed permissions; see DEFAULT_PERMISSIONS)", () => {
  it("a project is visible only to its members: anyone else gets 404, as for an unknown id", async () => {
    const created = unwrap(await admin.POST("/projects.json", { body: { name: "Private" } }));
    expect(await statusOf(editor.GET("/projects/{project_id}.json", project(created.id)))).toBe(404);
    expect(await statusOf(editor.DELETE("/projects/{project_id}.json", project(created.id)))).toBe(404);
    expect(unwrap(await editor.GET("/projects.json")).map((p) => p.id)).not.toContain(created.id);
  });

  it("deleting: an Editor who did not create the project gets 403; its creator may; a company administrator may", async () => {
    expect(await statusOf(editor.DELETE("/projects/{project_id}.json", project(48213)))).toBe(403);
    // The agency's Editor created 48377: the creator rule lets them delete it.
    const own = unwrap(await editor.POST("/projects.json", { body: { name: "Agency project" } }));
    expect(await statusOf(editor.DELETE("/projects/{project_id}.json", project(own.id)))).toBe("ok");
    // Northwind's administrator may delete Northwind's project, but not the agency's (another company).
    expect(await statusOf(admin.DELETE("/projects/{project_id}.json", project(48377)))).toBe(403);
    expect(await statusOf(admin.DELETE("/projects/{project_id}.json", project(48213)))).toBe("ok");
  });

  it("a Viewer reads but may not create, update, manage users or update the organization (403)", async () => {
    expect(await statusOf(viewer.GET("/projects/{project_id}.json", project(48213)))).toBe("ok");
    expect(await statusOf(viewer.POST("/projects.json", { body: { name: "x" } }))).toBe(403);
    expect(await statusOf(viewer.PATCH("/projects/{project_id}.json", { ...project(48213), body: { name: "x" } }))).toBe(403);
    expect(await statusOf(viewer.DELETE("/projects/{project_id}.json", project(48213)))).toBe(403);
    expect(await statusOf(viewer.POST("/projects/{project_id}/users.json", { ...project(48213), body: { user: "2087" } }))).toBe(403);
    expect(await statusOf(viewer.PATCH("/organizations.json", { body: { phone: "1" } }))).toBe(403);
  });

  it("an Editor updates projects but may not manage users or update the organization (403)", async () => {
    expect(await statusOf(editor.PATCH("/projects/{project_id}.json", { ...project(48213), body: { job_code: "E-1" } }))).toBe("ok");
    expect(
      await statusOf(
        editor.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: 48213, user_id: 1003 } } }),
      ),
    ).toBe(403);
    expect(await statusOf(editor.PATCH("/organizations.json", { body: { phone: "1" } }))).toBe(403);
  });

  it("each caller reads its own organization", async () => {
    expect(unwrap(await editor.GET("/organizations.json")).name).toBe("Okafor Agency");
  });
});

describe("project users", () => {
  const users = (id: number) =>
    admin
      .GET("/projects/{project_id}/users.json", project(id))
      .then(unwrap)
      .then((list) => list.map((u) => u.id));

  it("added by id (201 with the user), listed, removed (204), listed without them", async () => {
    const created = unwrap(await admin.POST("/projects.json", { body: { name: "Team" } }));
    const added = unwrap(await admin.POST("/projects/{project_id}/users.json", { ...project(created.id), body: { user: "2087" } }));
    expect(added).toMatchObject({ id: 2087, email: "sam.okafor@agency.example", group_name: "Editor" });
    expect(await users(created.id)).toEqual([1001, 2087]);
    // Adding a member again changes nothing.
    await admin.POST("/projects/{project_id}/users.json", { ...project(created.id), body: { user: "2087" } });
    expect(await users(created.id)).toEqual([1001, 2087]);
    const removed = await admin.DELETE("/projects/{project_id}/users/{user_id}.json", {
      params: { path: { project_id: created.id, user_id: 2087 } },
    });
    expect(removed.response.status).toBe(204);
    expect(await users(created.id)).toEqual([1001]);
    // The removed user no longer sees the project.
    expect(await statusOf(editor.GET("/projects/{project_id}.json", project(created.id)))).toBe(404);
  });

  it("added by the email of an existing account: that account, and the address gets an email", async () => {
    const created = unwrap(await admin.POST("/projects.json", { body: { name: "Team" } }));
    const added = unwrap(
      await admin.POST("/projects/{project_id}/users.json", { ...project(created.id), body: { email: "Lee.Park@northwind.example" } }),
    );
    expect(added.id).toBe(1003);
    expect(sandbox.sentEmails()).toEqual([{ to: "Lee.Park@northwind.example", projectId: created.id }]);
  });

  it("added by an unknown email: a new account with full administrator access", async () => {
    const added = unwrap(
      await admin.POST("/projects/{project_id}/users.json", { ...project(48213), body: { email: "new.person@elsewhere.example" } }),
    );
    expect(added).toEqual({
      id: 2088, // after the largest seeded user id
      email: "new.person@elsewhere.example",
      group_name: "Administrator",
      active: true,
      profile: { first_name: null, last_name: null, initials: null, job_title: null, bio: null, work_phone: null, mobile_phone: null },
    });
    expect(await users(48213)).toEqual([1001, 2087, 1003, 2088]);
  });

  it("an unknown user id gets 404; removing a non-member gets 404; removing the creator gets 409", async () => {
    expect(await statusOf(admin.POST("/projects/{project_id}/users.json", { ...project(48213), body: { user: "999999" } }))).toBe(404);
    const created = unwrap(await admin.POST("/projects.json", { body: { name: "Team" } }));
    const remove = (user_id: number) =>
      admin.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: created.id, user_id } } });
    expect(await statusOf(remove(2087))).toBe(404);
    const refused = await remove(1001);
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({
      status: 409,
      title: "Conflict",
      detail: "The project creator cannot be removed from the project.",
    });
    expect(await users(created.id)).toEqual([1001]);
  });
});

describe("the organization", () => {
  it("PATCH changes only what is sent, the address field by field; GET shows it", async () => {
    const before = unwrap(await admin.GET("/organizations.json"));
    await admin.PATCH("/organizations.json", { body: { phone: "+1 503 555 0199", address: { street2: "Suite 410" } } });
    const after = unwrap(await admin.GET("/organizations.json"));
    expect(after).toEqual({
      ...before,
      phone: "+1 503 555 0199",
      address: { ...before.address, street2: "Suite 410" },
      modified: "2026-11-23T10:00:00+00:00",
    });
  });
});

describe("credentials: HTTP Basic, the API key as user name, an empty password", () => {
  const cases: Array<[string, string | null]> = [
    ["no Authorization header", null],
    ["an unknown key", `Basic ${btoa("not-a-key:")}`],
    ["an empty key", `Basic ${btoa(":")}`],
    ["a valid key with a password", `Basic ${btoa(`${KEYS.admin}:secret`)}`],
    ["a valid key without the colon", `Basic ${btoa(KEYS.admin)}`],
    ["another scheme", `Bearer ${KEYS.admin}`],
    ["a token that is not base64", "Basic !!!"],
  ];
  it.for(cases)("%s gets 401 with a Basic challenge", async ([, authorization]) => {
    const response = await send("GET", "/groups.json", { authorization });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="Project Collaboration Service"');
    expect(await response.text()).not.toContain(KEYS.admin);
  });

  it("which keys are valid is an option: apiKeys maps each key to the account it acts as", async () => {
    const own = createSandbox({ apiKeys: { "my-test-key": 1003 } });
    const call = (key: string) => own.fetch(`${BASE_URL}/organizations.json`, { headers: { authorization: `Basic ${btoa(`${key}:`)}` } });
    expect((await call("my-test-key")).status).toBe(200);
    expect((await call(KEYS.admin)).status).toBe(401);
    expect(() => createSandbox({ apiKeys: { "key-of-nobody": 424242 } })).toThrow(/account 424242/);
  });
});

describe("state", () => {
  it("reset() forgets every change; two sandboxes share nothing", async () => {
    await admin.DELETE("/projects/{project_id}.json", project(48213));
    const other = createSandbox();
    const list = async (fetch: typeof other.fetch) =>
      (await (await fetch(`${BASE_URL}/projects.json`, { headers: { authorization: `Basic ${btoa(`${KEYS.admin}:`)}` } })).json()).map(
        (p: { id: number }) => p.id,
      );
    expect(await list(other.fetch)).toEqual([48213, 48377]);
    sandbox.reset();
    expect(unwrap(await admin.GET("/projects.json")).map((p) => p.id)).toEqual([48213, 48377]);
  });

  it("a seed of one's own; the given seed object is never changed", async () => {
    const seed = exampleSeed();
    seed.projects = seed.projects.slice(0, 1);
    const own = createSandbox({ seed });
    const headers = { authorization: `Basic ${btoa(`${KEYS.admin}:`)}` };
    expect((await (await own.fetch(`${BASE_URL}/projects.json`, { headers })).json()).length).toBe(1);
    await own.fetch(`${BASE_URL}/projects/48213.json`, { method: "DELETE", headers });
    expect(seed.projects.map((p) => p.id)).toEqual([48213]);
  });

  it("a seeded project's creator is a member even when the seed forgets to list them", async () => {
    const seed = exampleSeed();
    seed.projects[0]!.members = [2087];
    const own = createSandbox({ seed });
    const response = await own.fetch(`${BASE_URL}/projects/48213/users.json`, {
      headers: { authorization: `Basic ${btoa(`${KEYS.admin}:`)}` },
    });
    expect((await response.json()).map((u: { id: number }) => u.id)).toEqual([1001, 2087]);
  });

  it("the client's collectAll walks a list the sandbox pages", async () => {
    expect((await collectAll(admin, "/projects.json", { params: { query: { limit: 1 } } })).map((p) => p.id)).toEqual([48213, 48377]);
  });
});
