// The bundle holds exactly the interface's 16 operations, each with what the interface states for it.
import { describe, expect, it } from "vitest";
import { deref, openapi, operations } from "../support/openapi.js";

// The interface's 16 operations, written out from the service's interface document (its operation
// tables, e.g. "List projects | GET /projects.json | query `offset`, `limit`"; "Retrieve files | GET
// v1/projects/[id]/files.json … written with the `v1/` prefix, unlike the other endpoints"): method,
// path, operationId, tag, paginated (takes `offset` and `limit`).
const INTERFACE = [
  ["get", "/projects.json", "listProjects", "Projects", true],
  ["post", "/projects.json", "createProject", "Projects", false],
  ["get", "/projects/{project_id}.json", "getProject", "Projects", false],
  ["patch", "/projects/{project_id}.json", "updateProject", "Projects", false],
  ["delete", "/projects/{project_id}.json", "deleteProject", "Projects", false],
  ["get", "/v1/projects/{project_id}/files.json", "listFiles", "Assets", true],
  ["get", "/projects/{project_id}/urls.json", "listCapturedUrls", "Assets", true],
  ["get", "/projects/{project_id}/copy.json", "listCopy", "Assets", true],
  ["get", "/copy/{copy_id}/revisions.json", "listCopyRevisions", "Assets", true],
  ["get", "/projects/{project_id}/users.json", "listProjectUsers", "Project users", true],
  ["post", "/projects/{project_id}/users.json", "addProjectUser", "Project users", false],
  ["delete", "/projects/{project_id}/users/{user_id}.json", "removeProjectUser", "Project users", false],
  ["get", "/organizations.json", "getOrganization", "Organization", false],
  ["patch", "/organizations.json", "updateOrganization", "Organization", false],
  ["get", "/groups.json", "listGroups", "Groups", false],
  ["get", "/groups/{group_id}.json", "getGroup", "Groups", false],
] as const;

const all = operations();
const byId = new Map(all.map((op) => [op.operationId, op]));

describe("the bundle's operations", () => {
  it("are exactly the 16 of the interface, no more", () => {
    const actual = all.map((op) => `${op.method.toUpperCase()} ${op.path} ${op.operationId}`).sort();
    const expected = INTERFACE.map(([m, p, id]) => `${m.toUpperCase()} ${p} ${id}`).sort();
    expect(actual).toEqual(expected);
  });

  it.each(INTERFACE)("%s %s (%s) has a summary, its tag and a description", (_m, _p, id, tag) => {
    const { operation } = byId.get(id)!;
    expect(operation.summary).toMatch(/\S/);
    expect(operation.tags).toEqual([tag]);
    expect(operation.description.length).toBeGreaterThan(30);
  });

  it.each(INTERFACE)("%s %s takes offset and limit only if the interface says so", (_m, _p, id, _tag, paginated) => {
    const names = byId
      .get(id)!
      .parameters.filter((p) => p.in === "query")
      .map((p) => p.name);
    expect(names).toEqual(paginated ? ["offset", "limit"] : []);
  });

  it("bounds pagination as stated: offset >= 0 default 0, limit 1..100 default 30", () => {
    const { parameters } = byId.get("listProjects")!;
    const [offset, limit] = parameters.filter((p) => p.in === "query").map((p) => deref(p.schema));
    expect(offset).toMatchObject({ type: "integer", minimum: 0, default: 0 });
    expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 30 });
  });

  it.each(INTERFACE)("%s %s declares 401, 429 and 500, and 404 when its path has an id", (_m, path, id) => {
    const codes = Object.keys(byId.get(id)!.operation.responses);
    expect(codes).toEqual(expect.arrayContaining(["401", "429", "500"]));
    if (path.includes("{")) expect(codes).toEqual(expect.arrayContaining(["400", "404"]));
  });

  it("declares 403 on every operation (the service's documentation: not every method is permitted to every user)", () => {
    const without403 = all.filter((op) => !("403" in op.operation.responses)).map((op) => op.operationId);
    expect(without403).toEqual([]);
  });

  it("answers PATCH and DELETE with 204 and no body", () => {
    for (const op of all.filter((o) => o.method === "patch" || o.method === "delete")) {
      const success = Object.keys(op.operation.responses).filter((c) => c.startsWith("2"));
      expect(success, op.operationId).toEqual(["204"]);
      expect(deref(op.operation.responses["204"]).content, op.operationId).toBeUndefined();
    }
  });

  it("never uses PUT, and every path ends in .json", () => {
    for (const [path, item] of Object.entries<any>(openapi.paths)) {
      expect(path).toMatch(/\.json$/);
      expect(item.put).toBeUndefined();
    }
  });
});

describe("the rules the interface states are in the operations' descriptions", () => {
  const text = (id: string) => byId.get(id)!.operation.description as string;
  it("deletion: who may, and that it is permanent", () => {
    expect(text("deleteProject")).toMatch(/company administrator or the project's creator/);
    expect(text("deleteProject")).toMatch(/permanently/);
    expect(text("deleteProject")).toMatch(/cannot be reversed/);
  });
  it("creation: the creator becomes a member who cannot be removed", () => {
    expect(text("createProject")).toMatch(/automatically added as a member/);
    expect(text("removeProjectUser")).toMatch(/creator cannot be removed/);
  });
  it("adding by email: the three rules and the administrator warning", () => {
    const d = text("addProjectUser");
    expect(d).toMatch(/system-generated email/);
    expect(d).toMatch(/existing account, that user is added/);
    expect(d).toMatch(/new account with full administrator access/);
    expect(d).toMatch(/by user id, never by email/);
  });
  it("list includes other organizations; assets and groups read-only; own organization only", () => {
    expect(text("listProjects")).toMatch(/other organizations/);
    for (const id of ["listFiles", "listCapturedUrls", "listCopy", "listCopyRevisions"]) expect(text(id)).toMatch(/read-only/);
    for (const id of ["listGroups", "getGroup"]) expect(text(id)).toMatch(/read-only/);
    expect(text("getOrganization")).toMatch(/Only that organization is reachable/);
    expect(text("updateOrganization")).toMatch(/Only a company\s+administrator/);
  });
});

describe("the document as a whole", () => {
  it("authenticates with HTTP Basic, everywhere, over HTTPS under /public/api", () => {
    expect(openapi.components.securitySchemes.ApiKeyBasic).toMatchObject({ type: "http", scheme: "basic" });
    expect(openapi.security).toEqual([{ ApiKeyBasic: [] }]);
    for (const server of openapi.servers) expect(server.url).toMatch(/^https:\/\/.*\/public\/api$/);
  });

  it("has a guide of reader text; the assumptions are data (x-assumptions), not guide prose", () => {
    const description: string = openapi.info.description;
    const sections = [...description.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(["Getting started", "Authentication", "Pagination", "Errors", "Rate limits and retries", "Versioning"]);
    // Authoring notes live in the appendix the docs build renders (x-assumptions, openapi/plugins/source-notes.md).
    expect(description).not.toMatch(/the interface|the mock|this description|this repository/i);
    const titles = Object.values<{ title: string }>(openapi["x-assumptions"])
      .map((entry) => entry.title)
      .join("\n");
    for (const topic of [
      "Error body",
      "Invalid input",
      "Maximum `limit`",
      "Rate limiting",
      "add-user response",
      "Properties accepted by PATCH",
    ]) {
      expect(titles).toContain(topic);
    }
  });

  it("keeps authoring notes out of every description a reader sees (they belong in x-assumptions and the source notes)", () => {
    const notes =
      /\bthe interface\b|\bthe mock\b|\bthis description\b|\bthis repository\b|\bsample responses?\b|\ban assumption\b|\bassumes\b/i;
    const found: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (!node || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "x-assumptions" || key === "x-assumption") continue;
        if ((key === "description" || key === "summary") && typeof value === "string" && notes.test(value))
          found.push(`${at}.${key}: ${notes.exec(value)![0]}`);
        else visit(value, `${at}.${key}`);
      }
    };
    visit(openapi, "#");
    expect(found).toEqual([]);
  });

  it("has a schema for every resource and request body", () => {
    const names = Object.keys(openapi.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        "Project",
        "ProjectFile",
        "CapturedUrl",
        "Copy",
        "CopyRevision",
        "ProjectUser",
        "UserProfile",
        "Organization",
        "Address",
        "Group",
        "Problem",
        "ProjectCreate",
        "ProjectUpdate",
        "ProjectUserAdd",
        "OrganizationUpdate",
      ]),
    );
  });
});
