// The sandbox honours `offset` and `limit` (default 30, maximum 100): the client's collectAll walks any
// page size to exactly the seeded list, and a raw request gets exactly the page it asks for.
import { describe, expect, it } from "vitest";
import { collectAll, createClient, PaginationError, unwrap } from "../../src/index.js";
import { exampleSeed, type SandboxSeed } from "../../src/sandbox/index.js";
import { mockOnly, target } from "../support/target.js";
import { checkedSandbox } from "./checked-sandbox.js";

/** The example seed plus 63 projects of Dana's (ids 1 to 63): 65 projects in all, more than two pages of 30. */
function seedOf65(): SandboxSeed {
  const seed = exampleSeed();
  const template = seed.projects[0]!;
  for (let id = 1; id <= 63; id++) {
    seed.projects.push({ ...structuredClone(template), id, title: `Seeded project ${id}`, files: [], urls: [], copy: [] });
  }
  return seed;
}

const seededIds = [48213, 48377, ...Array.from({ length: 63 }, (_, i) => i + 1)];
const { client, send } = checkedSandbox({ seed: seedOf65() });
const admin = client();

describe("collectAll against the sandbox returns exactly the seeded list", () => {
  it.for([1, 2, 30, 100])("limit %i", async (limit) => {
    const projects = await collectAll(admin, "/projects.json", { params: { query: { limit } } });
    expect(projects.map((p) => p.id)).toEqual(seededIds);
  });

  it("starting at an offset", async () => {
    const projects = await collectAll(admin, "/projects.json", { params: { query: { offset: 60, limit: 2 } } });
    expect(projects.map((p) => p.id)).toEqual([59, 60, 61, 62, 63]);
  });

  it("on a project's lists too (files of the example project, with limit 1)", async () => {
    const files = await collectAll(admin, "/v1/projects/{project_id}/files.json", {
      params: { path: { project_id: 48213 }, query: { limit: 1 } },
    });
    expect(files.map((f) => f.id)).toEqual([90211, 90245]);
  });
});

describe("one page", () => {
  it("without `limit`, 30 items (the description's default)", async () => {
    expect(unwrap(await admin.GET("/projects.json"))).toHaveLength(30);
  });

  it("the last page is short, past the end is empty", async () => {
    expect(unwrap(await admin.GET("/projects.json", { params: { query: { offset: 60 } } })).map((p) => p.id)).toEqual([59, 60, 61, 62, 63]);
    expect(unwrap(await admin.GET("/projects.json", { params: { query: { offset: 65 } } }))).toEqual([]);
  });

  it("limit 100 is the most one page holds; 101 is refused", async () => {
    expect(unwrap(await admin.GET("/projects.json", { params: { query: { limit: 100 } } }))).toHaveLength(65);
    expect((await send("GET", "/projects.json?limit=101")).status).toBe(400);
  });
});

// What the README says of `npm run mock`: Prism answers every page with the same example list (2 projects).
describe("against the run's Prism mock, which ignores offset and limit", () => {
  const mock = () => createClient({ baseUrl: target().baseUrl, apiKey: target().apiKey, retry: false });

  it("the default page size: one short page, the 2 example projects", async (context) => {
    mockOnly(context, "describes the mock");
    expect((await collectAll(mock(), "/projects.json")).map((p) => p.id)).toEqual([48213, 48377]);
  });

  it("limit 2: the second page repeats the first, PaginationError", async (context) => {
    mockOnly(context, "describes the mock");
    await expect(collectAll(mock(), "/projects.json", { params: { query: { limit: 2 } } })).rejects.toMatchObject({
      reason: "repeated-page",
      offset: 2,
    });
  });

  it("limit 1: two items for one, PaginationError", async (context) => {
    mockOnly(context, "describes the mock");
    await expect(collectAll(mock(), "/projects.json", { params: { query: { limit: 1 } } })).rejects.toThrow(PaginationError);
  });
});
