import type { Group } from "../types.js";
import type { Permission, SandboxSeed, SeedCopy, SeedOrganization, SeedProject, SeedUser } from "./seed.js";
/** What the sandbox keeps besides its seed, at most: a loop that creates cannot take the machine's
 * memory (about 2 kB a project). Reached, a create is refused with a problem that says what to do. */
export interface SandboxLimits {
    /** Projects created since the seed (or the last reset). Default 10,000. */
    projects?: number;
    /** Accounts created by inviting unknown addresses. Default 10,000. */
    users?: number;
    /** Emails remembered for sentEmails() (the oldest are forgotten). Default 1,000. */
    sentEmails?: number;
}
export declare const DEFAULT_LIMITS: Required<SandboxLimits>;
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
    readonly permissions: Record<string, readonly Permission[]>;
    readonly sentEmails: SentEmail[];
    private nextProjectId;
    private nextUserId;
    /** Lower-cased email → account: inviting by address looks it up here, not by a scan of every user. */
    private readonly byEmail;
    private readonly limits;
    private created;
    constructor(seed: SandboxSeed, limits?: SandboxLimits);
    newProjectId(): number;
    newUserId(): number;
    /** Keeps a created project, unless the sandbox already keeps as many as its limit. */
    addProject(project: SeedProject): void;
    /** Keeps an account created by an invitation, unless the sandbox already keeps as many as its limit. */
    addUser(user: SeedUser): void;
    /** Remembers an email sent, forgetting the oldest past the limit. */
    recordEmail(email: SentEmail): void;
    /** The data as it is now, in the shape of a seed: what createSandbox({ seed }) starts from again. */
    toSeed(): SandboxSeed;
    /** Whether the account may do this: its group's permissions (SandboxSeed.permissions) say; a group not
     * listed only reads. A method, so that a model of a server whose groups it does not know can learn them. */
    may(user: SeedUser, permission: Permission): boolean;
    /** The account with that email address (compared without regard to case), if any. */
    userByEmail(email: string): SeedUser | undefined;
    /** A piece of copy and the project holding it, by the copy's id. */
    copyById(copyId: number): {
        project: SeedProject;
        copy: SeedCopy;
    } | undefined;
}
