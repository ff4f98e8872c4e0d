import type { Group } from "../types.js";
import type { Permission, SandboxSeed, SeedCopy, SeedOrganization, SeedProject, SeedUser } from "./seed.js";
/** An email the service would have sent: inviting someone to a project by address sends one. */
export interface SentEmail {
    to: string;
    projectId: number;
}
export declare class SandboxState {
    readonly organizations: Map<number, SeedOrganization>;
    readonly users: Map<number, SeedUser>;
    readonly groups: Group[];
    readonly projects: Map<number, SeedProject>;
    readonly permissions: Readonly<Record<string, readonly Permission[]>>;
    readonly sentEmails: SentEmail[];
    private nextProjectId;
    private nextUserId;
    constructor(seed: SandboxSeed);
    newProjectId(): number;
    newUserId(): number;
    /** The account with that email address (compared without regard to case), if any. */
    userByEmail(email: string): SeedUser | undefined;
    /** A piece of copy and the project holding it, by the copy's id. */
    copyById(copyId: number): {
        project: SeedProject;
        copy: SeedCopy;
    } | undefined;
}
