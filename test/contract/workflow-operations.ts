// The operations that change data. They are checked by workflows.test.ts — in order, on data the suite
// creates itself — rather than one by one by operations.test.ts, which checks every read.
export const WORKFLOW_OPERATIONS = [
  "createProject",
  "updateProject",
  "deleteProject",
  "addProjectUser",
  "removeProjectUser",
  "updateOrganization",
] as const;
