// The writes on the Prism mock, which keeps no state: each write answers its documented status and a
// body of the documented shape, once. On a server that keeps state, every write is the model's, with
// every caller, read back through every view (model/): this file only names the writes there.
import { documentedBundle, operations, schemaErrors, successResponse, type Json } from "../description/description.js";
import { expect } from "../runner/expect.js";
import type { RawRequest } from "../transport/http.js";
import type { Suite } from "../runner/suite.js";

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
    list
      .check("PCS-MOCK-WRITE-STATUS")
      .for(single.map(([id, request, status]) => [`${id} ${request.method.toUpperCase()} ${request.path}`, id, request, status] as const))(
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

  return list.checks;
}
