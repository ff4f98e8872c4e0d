import type { Permission, SeedProject, SeedUser } from "./seed.js";
import type { SandboxState } from "./state.js";
/** A caller sees only the projects it was added to; any other id is "not found", never "forbidden",
 * so that the answer does not reveal whether the project exists. */
export declare function visibleProject(state: SandboxState, caller: SeedUser, projectId: number): SeedProject;
export declare function may(state: SandboxState, caller: SeedUser, permission: Permission): boolean;
/** The description's entry that chooses who holds each permission (the contract checker's model reads it). */
export declare const PERMISSION_ASSUMPTIONS: {
    readonly createProject: "edit-permission";
    readonly updateProject: "edit-permission";
    readonly manageProjectUsers: "manage-users-permission";
    readonly deleteProject: "company-administrator";
    readonly updateOrganization: "company-administrator";
};
/** Throws 403 unless the caller's group has the permission. */
export declare function requirePermission(state: SandboxState, caller: SeedUser, permission: Exclude<Permission, "deleteProject">, what: string): void;
/** The interface: "Only a company administrator or the project creator may delete." A company
 * administrator is a member of the project's organization whose group may delete projects. */
export declare function requireMayDelete(state: SandboxState, caller: SeedUser, project: SeedProject): void;
