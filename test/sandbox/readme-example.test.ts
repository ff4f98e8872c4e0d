// projects.test.ts: your own tests, against the in-process sandbox (no server, no port, no network).
import { beforeEach, describe, expect, it } from "vitest";
import { createClient, unwrap } from "@project-collaboration/api";
import { createSandbox } from "@project-collaboration/api/sandbox";

const sandbox = createSandbox(); // seeded with the reference's examples; keys "sandbox-admin-key"…
const client = createClient({
  baseUrl: "https://sandbox.invalid/public/api", // any URL: requests never leave the process
  apiKey: "sandbox-admin-key",
  fetch: sandbox.fetch,
});

beforeEach(() => sandbox.reset()); // every test starts from the seed

describe("my project workflow", () => {
  it("creates, lists and deletes a project", async () => {
    const created = unwrap(await client.POST("/projects.json", { body: { name: "Spring launch" } }));
    const projects = unwrap(await client.GET("/projects.json"));
    expect(projects.map((project) => project.title)).toContain("Spring launch");

    const path = { params: { path: { project_id: created.id } } };
    unwrap(await client.DELETE("/projects/{project_id}.json", path));
    expect((await client.GET("/projects/{project_id}.json", path)).response.status).toBe(404);
  });

  it("answers bad input as the service does: 400, naming the field", async () => {
    const { error, response } = await client.POST("/projects.json", { body: { name: "" } });
    expect(response.status).toBe(400);
    expect(error?.errors?.[0]?.pointer).toBe("/name");
  });
});
