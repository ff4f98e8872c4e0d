// Every read operation of the bundle, called through the package's own client with the ids the API
// key can see: the documented success status, and a body valid against the documented-only bundle
// (what the service's documentation states); then, at the full level, the same body against the full
// description, each failure naming the assumption it rests on. The writes are checked, in order and on
// data the suite creates itself, by workflows.test.ts. Cases are keyed by operationId, so an operation
// added to the description without a case fails the run.
import { beforeAll, describe, expect } from "vitest";
import { createClient, type ApiClient } from "../../src/index.js";
import { assumed, assumedSchemaErrors, constrainingEntries, documented, documentedBundle } from "../support/conformance.js";
import { explain, guardedFetch, label, successResponse } from "../support/http.js";
import { operations, schemaErrors, type Operation } from "../support/openapi.js";
import { ids, target, type Ids } from "../support/target.js";
import { WORKFLOW_OPERATIONS } from "./workflow-operations.js";

interface Result {
  data?: unknown;
  response: Response;
}

const page = { offset: 0, limit: 5 };

// Each call is typed by the client: a change of path, parameter or body in the description that the
// client's types disagree with fails the type check (tsc) as well as this test.
const READS: Record<string, (client: ApiClient, ids: Ids) => Promise<Result>> = {
  listProjects: (c) => c.GET("/projects.json", { params: { query: page } }),
  getProject: (c, i) => c.GET("/projects/{project_id}.json", { params: { path: { project_id: i.project_id } } }),
  listFiles: (c, i) => c.GET("/v1/projects/{project_id}/files.json", { params: { path: { project_id: i.project_id }, query: page } }),
  listCapturedUrls: (c, i) => c.GET("/projects/{project_id}/urls.json", { params: { path: { project_id: i.project_id }, query: page } }),
  listCopy: (c, i) => c.GET("/projects/{project_id}/copy.json", { params: { path: { project_id: i.project_id }, query: page } }),
  listCopyRevisions: (c, i) => c.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: i.copy_id }, query: page } }),
  listProjectUsers: (c, i) => c.GET("/projects/{project_id}/users.json", { params: { path: { project_id: i.project_id }, query: page } }),
  getOrganization: (c) => c.GET("/organizations.json"),
  listGroups: (c) => c.GET("/groups.json"),
  getGroup: (c, i) => c.GET("/groups/{group_id}.json", { params: { path: { group_id: i.group_id } } }),
};

const ops = operations();
const reads = ops.filter((op) => op.method === "get");
const documentedOp = (op: Operation) => operations(documentedBundle).find((d) => d.operationId === op.operationId)!;
let client: ApiClient;

/** One call per operation, shared by its documented and assumed checks. */
const answers = new Map<string, Promise<{ data?: unknown; response: Response; text: string }>>();
function answer(op: Operation) {
  if (!answers.has(op.operationId)) {
    answers.set(
      op.operationId,
      READS[op.operationId]!(client, ids()).then(async (r) => ({ ...r, text: JSON.stringify(r.data ?? "") })),
    );
  }
  return answers.get(op.operationId)!;
}
const explained = (op: Operation, r: { response: Response; text: string }) =>
  explain(
    label(op),
    {
      method: op.method.toUpperCase(),
      url: r.response.url,
      status: r.response.status,
      contentType: r.response.headers.get("content-type") ?? "",
      text: r.text,
    },
    target().apiKey,
  );

beforeAll(() => {
  const { baseUrl, apiKey } = target();
  client = createClient({ baseUrl, apiKey, userAgent: "pcs-contract-tests/1", retry: false, fetch: guardedFetch(target()) });
});

describe("every operation has a check", () => {
  documented.it("reads here, writes in workflows.test.ts: together exactly the operations of the bundle", () => {
    expect([...Object.keys(READS), ...WORKFLOW_OPERATIONS].sort()).toEqual(ops.map((op) => op.operationId).sort());
  });
});

describe("every read operation succeeds through the package's client", () => {
  documented.for(reads.map((op) => [label(op), op] as const))("%s: the documented status and body", async ([, op]) => {
    const { status, schema } = successResponse(documentedOp(op));
    const result = await answer(op);
    expect(result.response.status, explained(op, result)).toBe(status);
    expect(result.response.headers.get("content-type"), explained(op, result)).toMatch(/^application\/json\b/);
    expect(schemaErrors(schema, result.data, documentedBundle), explained(op, result)).toEqual([]);
  });

  // At the full level: the body against the full description, where it constrains more (Id bounds,
  // the lower-case ownership, the largest page…).
  for (const op of reads) {
    const { schema } = successResponse(op);
    const entries = constrainingEntries(schema);
    if (entries.length === 0) continue;
    assumed(...entries).it(`${label(op)}: the body as the full description has it`, async () => {
      const result = await answer(op);
      expect(result.response.status, explained(op, result)).toBe(successResponse(op).status);
      expect(assumedSchemaErrors(schema, result.data), explained(op, result)).toEqual([]);
    });
  }
});
