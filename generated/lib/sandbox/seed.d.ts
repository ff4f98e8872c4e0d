import type { CapturedUrl, Copy, CopyRevision, Group, Organization, ProjectFile, ProjectUser, components } from "../types.js";
export type Thumbnails = components["schemas"]["Thumbnails"];
/** An organization; `id` is the sandbox's own key (the API never shows it). */
export interface SeedOrganization extends Organization {
    id: number;
}
/** An account: what the API shows as a project user, plus the organization it belongs to (`null` for an
 * account outside every seeded organization, such as one created by inviting an unknown email). */
export interface SeedUser extends ProjectUser {
    organization: number | null;
}
/** A piece of copy and the revisions that `GET /copy/{copy_id}/revisions.json` lists. */
export interface SeedCopy extends Copy {
    revisions?: CopyRevision[];
}
export interface SeedProject {
    id: number;
    title: string;
    description: string;
    job_code: string;
    created: string;
    modified: string | null;
    num_comments?: number;
    _thumbnails: Thumbnails;
    /** The account that created the project: it may always delete it and can never be removed from it. */
    creator: number;
    /** Shown as `created_by`; by default the creator's name, or their email when they have no name. */
    created_by?: string;
    /** The organization that owns the project: `ownership` is "internal" to its members, "external" to others. */
    organization: number;
    /** The accounts added to the project (the creator is always one): only they can see it. */
    members: number[];
    files?: ProjectFile[];
    urls?: CapturedUrl[];
    copy?: SeedCopy[];
}
/**
 * What a group's members may do beyond reading the projects they were added to and their own
 * organization. The interface states two rules, kept whatever the groups say: a project may be deleted
 * by its creator or by a company administrator (a member of the project's organization whose group has
 * "deleteProject"), and only a company administrator ("updateOrganization") updates the organization.
 */
export type Permission = "createProject" | "updateProject" | "deleteProject" | "manageProjectUsers" | "updateOrganization";
export interface SandboxSeed {
    organizations: SeedOrganization[];
    users: SeedUser[];
    groups: Group[];
    projects: SeedProject[];
    /** Group name → what its members may do (see Permission). A group not listed may only read. */
    permissions: Record<string, readonly Permission[]>;
}
