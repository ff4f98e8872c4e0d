// Who may do what, exactly as each operation's `x-who-may-call` in the description says (the reference
// shows it as "Who may call it"; test/sandbox/who-may-call.test.ts holds the two to each other): the
// visibility rule and the two rules the service states, with the rest taken from the seed's groups
// (SandboxSeed.permissions; documented on Permission in seed.ts) as the description's assumptions
// choose: reading needs no permission (read-permission); creating and updating projects need
// "createProject" / "updateProject" (edit-permission); adding and removing users "manageProjectUsers"
// (manage-users-permission); a company administrator is a member of the organization whose group has
// "deleteProject" or "updateOrganization" (company-administrator); what the caller cannot see is 404
// (hidden-is-404).
import { ProblemError } from "./problem.js";
import type { Permission, SeedProject, SeedUser } from "./seed.js";
import type { SandboxState } from "./state.js";
import type { RefusalBasis } from "./stated-rules.js";

/** A caller sees only the projects it was added to; any other id is "not found", never "forbidden",
 * so that the answer does not reveal whether the project exists. */
export function visibleProject(state: SandboxState, caller: SeedUser, projectId: number): SeedProject {
  const project = state.projects.get(projectId);
  if (!project?.members.includes(caller.id)) {
    throw new ProblemError(404, `No project with id ${projectId} is visible to the caller.`, undefined, {
      rule: "visible-when-added",
      status: ["hidden-is-404"],
    });
  }
  return project;
}

export function may(state: SandboxState, caller: SeedUser, permission: Permission): boolean {
  return state.may(caller, permission);
}

/** The description's entry that chooses who holds each permission (the contract checker's model reads it). */
export const PERMISSION_ASSUMPTIONS = {
  createProject: "edit-permission",
  updateProject: "edit-permission",
  manageProjectUsers: "manage-users-permission",
  deleteProject: "company-administrator",
  updateOrganization: "company-administrator",
} as const satisfies Record<Permission, string>;

/** What each permission's refusal rests on: the interface states who may update the organization; who
 * may create, update and manage users is the description's choice. */
const PERMISSION_BASIS: Record<Exclude<Permission, "deleteProject">, Omit<RefusalBasis, "status">> = {
  createProject: { assumptions: [PERMISSION_ASSUMPTIONS.createProject] },
  updateProject: { assumptions: [PERMISSION_ASSUMPTIONS.updateProject] },
  manageProjectUsers: { assumptions: [PERMISSION_ASSUMPTIONS.manageProjectUsers] },
  updateOrganization: { rule: "organization-update-administrator", assumptions: [PERMISSION_ASSUMPTIONS.updateOrganization] },
};

/** Throws 403 unless the caller's group has the permission. */
export function requirePermission(
  state: SandboxState,
  caller: SeedUser,
  permission: Exclude<Permission, "deleteProject">,
  what: string,
): void {
  if (!may(state, caller, permission)) {
    throw new ProblemError(403, `The caller's group (${caller.group_name}) may not ${what}.`, undefined, {
      ...PERMISSION_BASIS[permission],
      status: ["refusal-statuses"],
      permission,
    });
  }
}

/** The interface: "Only a company administrator or the project creator may delete." A company
 * administrator is a member of the project's organization whose group may delete projects. */
export function requireMayDelete(state: SandboxState, caller: SeedUser, project: SeedProject): void {
  if (project.creator === caller.id) return; // the creator may, whatever its group
  if (caller.organization === project.organization && may(state, caller, "deleteProject")) return;
  throw new ProblemError(403, "Only a company administrator or the project creator may delete this project.", undefined, {
    rule: "delete-creator-or-administrator",
    assumptions: [PERMISSION_ASSUMPTIONS.deleteProject],
    status: ["refusal-statuses"],
    permission: "deleteProject",
  });
}
