// Every read operation of the bundle, called through the package's own client with the ids the API
// key can see: the documented success status, and a body valid against the documented-only bundle;
// then the same body against the full description, each failure naming the assumption it rests on
// (a failure of the run at the full level only). Writes are checked, in order and on data the checker creates itself, by
// workflows.ts. Cases are keyed by operationId, so an operation added without a case fails the run.
import type { ApiClient } from "@project-collaboration/api";
import {
  assumedSchemaErrors,
  constrainingEntries,
  documentedBundle,
  label,
  operations,
  schemaErrors,
  successResponse,
  type Operation,
} from "../description/description.js";
import { expect } from "../runner/expect.js";
import type { Suite } from "../runner/suite.js";
import type { Ids } from "../runner/target.js";
import { currentCheck } from "../transport/transport.js";
import { WORKFLOW_OPERATIONS } from "./workflows.js";
import { isJsonMediaType } from "../transport/media-type.js";

interface Result {
  data?: unknown;
  response: Response;
}

const page = { offset: 0, limit: 5 };

// Each call is typed by the client: a change of path, parameter or body in the description that the
// client's types disagree with fails the type check as well as this check.
export const READS: Record<string, (client: ApiClient, id: (name: keyof Ids["missing"]) => number) => Promise<Result>> = {
  listProjects: (c) => c.GET("/projects.json", { params: { query: page } }),
  getProject: (c, id) => c.GET("/projects/{project_id}.json", { params: { path: { project_id: id("project_id") } } }),
  listFiles: (c, id) => c.GET("/v1/projects/{project_id}/files.json", { params: { path: { project_id: id("project_id") }, query: page } }),
  listCapturedUrls: (c, id) =>
    c.GET("/projects/{project_id}/urls.json", { params: { path: { project_id: id("project_id") }, query: page } }),
  listCopy: (c, id) => c.GET("/projects/{project_id}/copy.json", { params: { path: { project_id: id("project_id") }, query: page } }),
  listCopyRevisions: (c, id) => c.GET("/copy/{copy_id}/revisions.json", { params: { path: { copy_id: id("copy_id") }, query: page } }),
  listProjectUsers: (c, id) =>
    c.GET("/projects/{project_id}/users.json", { params: { path: { project_id: id("project_id") }, query: page } }),
  getOrganization: (c) => c.GET("/organizations.json"),
  listGroups: (c) => c.GET("/groups.json"),
  getGroup: (c, id) => c.GET("/groups/{group_id}.json", { params: { path: { group_id: id("group_id") } } }),
};

export function operationChecks(suite: Suite) {
  const list = suite.checks("operations");
  const ops = operations();
  const reads = ops.filter((op) => op.method === "get");
  const documentedOp = (op: Operation) => operations(documentedBundle).find((d) => d.operationId === op.operationId)!;

  /** One call per operation, shared by its documented and assumed checks: what they need of it — the
   * status, the content type, the failure text and the body's schema errors against either description —
   * worked out at once, so no parsed body is kept (a 10,000-item page is megabytes of objects). */
  const answer = (op: Operation) =>
    suite.shared(`read ${op.operationId}`, async () => {
      const { data, response } = await READS[op.operationId]!(suite.client, (name) => suite.id(name));
      // The client hands back a copy of the transport's response: its exchange is the one just recorded.
      const exchange = currentCheck.getStore()?.exchanges.at(-1);
      const why = suite.explain(label(op), {
        method: op.method.toUpperCase(),
        url: exchange?.url ?? response.url,
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        text: exchange?.responseText ?? "",
      });
      const documented = successResponse(documentedOp(op), documentedBundle);
      const full = successResponse(op);
      const FIRST = 50;
      return {
        status: response.status,
        contentType: response.headers.get("content-type"),
        why,
        documentedErrors: schemaErrors(documented.schema, data, documentedBundle).slice(0, FIRST),
        assumedErrors: assumedSchemaErrors(full.schema, data).slice(0, FIRST),
      };
    });

  list
    .check("PCS-WALK-OPERATIONS")
    .it("every operation has a check: reads here, writes in the workflows, together exactly the operations of the bundle", () => {
      expect([...Object.keys(READS), ...WORKFLOW_OPERATIONS].sort()).toEqual(ops.map((op) => op.operationId).sort());
    });

  list.check("PCS-READ-SHAPE").for(reads.map((op) => [label(op), op] as const))(
    "%s: the documented status and body, through the package's client",
    async ([, op]) => {
      const { status } = successResponse(documentedOp(op), documentedBundle);
      const result = await answer(op);
      expect(result.status, result.why).toBe(status);
      expect(isJsonMediaType(result.contentType), `content type ${JSON.stringify(result.contentType)}, not JSON: ${result.why}`).toBe(true);
      expect(result.documentedErrors, result.why).toEqual([]);
    },
    ([, op]) => ({ operation: op.operationId, statuses: [successResponse(op).status] }),
  );

  // A copy whose id differs from its project's: only then is a server that reads one for the other caught.
  list.check("PCS-READ-REVISIONS-BY-COPY").it(
    "listCopyRevisions reads by the copy's id, not the project's (a copy whose id differs from its project's)",
    async (context) => {
      context.skip(
        suite.ids.copySharesProjectId,
        `the only copy the key sees (id ${suite.ids.copy_id}) has its project's id, so a server that reads one id for the other cannot be told apart: a copy whose id differs from its project's would check it`,
      );
      const op = reads.find((o) => o.operationId === "listCopyRevisions")!;
      const result = await answer(op);
      expect(result.status, result.why).toBe(200);
    },
    { operation: "listCopyRevisions", statuses: [200] },
  );

  // At the full level: the body against the full description, where it constrains more.
  for (const op of reads) {
    const entries = constrainingEntries(successResponse(op).schema);
    if (entries.length === 0) continue;
    list.check("PCS-READ-SHAPE-FULL", ...entries).it(
      `${label(op)}: the body as the full description has it`,
      async () => {
        const result = await answer(op);
        expect(result.status, result.why).toBe(successResponse(op).status);
        expect(result.assumedErrors, result.why).toEqual([]);
      },
      { operation: op.operationId, statuses: [successResponse(op).status] },
    );
  }
  return list.checks;
}
