// Every operation of the bundle, called successfully through the package's own client: the status is
// the documented success status and the body validates against that operation's response schema.
// The cases are keyed by operationId and the tests iterate over the bundle, so an operation added to
// the description without a case here fails the run.
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, type ApiClient } from "../../src/index.js";
import { exampleOf, label, successResponse } from "../support/http.js";
import { operations, schemaErrors } from "../support/openapi.js";
import { mockOnly, REASON_MUTATES, target } from "../support/target.js";

interface Ids {
  project_id?: number;
  copy_id?: number;
  user_id?: number;
  group_id?: number;
}
interface Result {
  data?: unknown;
  response: Response;
}
interface SuccessCase {
  /** Changes data: runs against the mock only. */
  mutates: boolean;
  /** The path parameters it needs, so a real server without such a resource skips with a reason. */
  needs: Array<keyof Ids>;
  call(client: ApiClient, ids: Required<Ids>): Promise<Result>;
}

const page = { offset: 0, limit: 5 };

// Each call is typed by the client: a change of path, parameter or body in the description that the
// client's types disagree with fails the type check (tsc) as well as this test.
const CASES: Record<string, SuccessCase> = {
  listProjects: { mutates: false, needs: [], call: (c) => c.GET("/projects.json", { params: { query: page } }) },
  createProject: {
    mutates: true,
    needs: [],
    call: (c) => c.POST("/projects.json", { body: { name: "Contract test", description: "Created by the contract tests.", job_code: "CT-1" } }),
  },
  getProject: { mutates: false, needs: ["project_id"], call: (c, ids) => c.GET("/projects/{project_id}.json", { params: { path: { project_id: ids.project_id } } }) },
  updateProject: {
    mutates: true,
    needs: ["project_id"],
    call: (c, ids) => c.PATCH("/projects/{project_id}.json", { params: { path: { project_id: ids.project_id } }, body: { job_code: "CT-2" } }),
  },
  deleteProject: { mutates: true, needs: ["project_id"], call: (c, ids) => c.DELETE("/projects/{project_id}.json", { params: { path: { project_id: ids.project_id } } }) },
  listFiles: {
    mutates: false,
    needs: ["project_id"],
    call: (c, ids) => c.GET("/v1/projects/{project_id}/files.json", { params: { path: { project_id: ids.project_id }, query: page } }),
  },
  listCapturedUrls: {
    mutates: false,
    needs: ["project_id"],
    call: (c, ids) => c.GET("/projects/{project_id}/urls.json", { params: { path: { project_id: ids.project_id }, query: page } }),
  },
  listCopy: {
    mutates: false,
    needs: ["project_id"],
    call: (c, ids) => c.GET("/projects/{project_id}/copy.json", { params: { path: { project_id: ids.project_id }, query: page } }),
  },
  listCopyRevisions: {
    mutates: false,
    needs: ["copy_id"],
    call: (c, ids) => c.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: ids.copy_id }, query: page } }),
  },
  listProjectUsers: {
    mutates: false,
    needs: ["project_id"],
    call: (c, ids) => c.GET("/projects/{project_id}/users.json", { params: { path: { project_id: ids.project_id }, query: page } }),
  },
  addProjectUser: {
    mutates: true,
    needs: ["project_id"],
    call: (c, ids) => c.POST("/projects/{project_id}/users.json", { params: { path: { project_id: ids.project_id } }, body: { user: String(ids.user_id) } }),
  },
  removeProjectUser: {
    mutates: true,
    needs: ["project_id", "user_id"],
    call: (c, ids) => c.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: ids.project_id, user_id: ids.user_id } } }),
  },
  getOrganization: { mutates: false, needs: [], call: (c) => c.GET("/organizations.json") },
  updateOrganization: { mutates: true, needs: [], call: (c) => c.PATCH("/organizations.json", { body: { phone: "+1 503 555 0199", address: { country: "US" } } }) },
  listGroups: { mutates: false, needs: [], call: (c) => c.GET("/groups.json") },
  getGroup: { mutates: false, needs: ["group_id"], call: (c, ids) => c.GET("/groups/{group_id}.json", { params: { path: { group_id: ids.group_id } } }) },
};

const ops = operations();
let client: ApiClient;
let ids: Ids = {};

/** On the mock: the examples' ids. On a real server: the first project, copy and group the key can see. */
async function discoverIds(c: ApiClient, isMock: boolean): Promise<Ids> {
  if (isMock) {
    const found: Ids = {};
    for (const p of ops.flatMap((op) => op.parameters).filter((p) => p.in === "path")) found[p.name as keyof Ids] = exampleOf(p) as number;
    return found;
  }
  const found: Ids = {};
  const projects = await c.GET("/projects.json", { params: { query: { limit: 1 } } });
  found.project_id = projects.data?.[0]?.id;
  if (found.project_id !== undefined) {
    const copy = await c.GET("/projects/{project_id}/copy.json", { params: { path: { project_id: found.project_id }, query: { limit: 1 } } });
    found.copy_id = copy.data?.[0]?.id;
  }
  const groups = await c.GET("/groups.json");
  found.group_id = groups.data?.[0]?.id;
  return found;
}

beforeAll(async () => {
  const { baseUrl, apiKey, isMock } = target();
  client = createClient({ baseUrl, apiKey, userAgent: "pcs-contract-tests/1" });
  ids = await discoverIds(client, isMock);
});

describe("every operation succeeds through the package's client", () => {
  it("has a case for each operation of the bundle, and none for an operation that is gone", () => {
    expect(Object.keys(CASES).sort()).toEqual(ops.map((op) => op.operationId).sort());
  });

  it.for(ops.map((op) => [label(op), op] as const))("%s", async ([, op], context) => {
    const testCase = CASES[op.operationId];
    expect(testCase, `no success case for ${op.operationId}: add one to CASES`).toBeDefined();
    if (testCase!.mutates) mockOnly(context, REASON_MUTATES);
    const missing = testCase!.needs.filter((name) => ids[name] === undefined);
    context.skip(missing.length > 0, `real server: the API key sees no resource to fill ${missing.join(", ")}`);

    const { status, schema } = successResponse(op);
    const { data, response } = await testCase!.call(client, ids as Required<Ids>);
    expect(response.status, `${label(op)} answered ${response.status}`).toBe(status);
    if (schema) {
      expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
      expect(schemaErrors(schema, data)).toEqual([]);
    } else {
      // No body documented (204): none sent, and the client reads none.
      expect(data).toBeUndefined();
    }
  });
});
