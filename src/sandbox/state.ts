// The sandbox's data while it runs: a private copy of the seed, changed by the write operations. Lists
// keep insertion order (seed order, then what was created), so pages are stable between requests.
import type { Group } from "../types.js";
import { ProblemError } from "./problem.js";
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

export const DEFAULT_LIMITS: Required<SandboxLimits> = { projects: 10_000, users: 10_000, sentEmails: 1_000 };

/** An email the service would have sent: inviting someone to a project by address sends one. */
export interface SentEmail {
  to: string;
  projectId: number;
}

export class SandboxState {
  readonly organizations = new Map<number, SeedOrganization>();
  readonly users = new Map<number, SeedUser>();
  readonly groups: Group[];
  readonly projects = new Map<number, SeedProject>();
  readonly permissions: Record<string, readonly Permission[]>;
  readonly sentEmails: SentEmail[] = [];
  private nextProjectId: number;
  private nextUserId: number;
  /** Lower-cased email → account: inviting by address looks it up here, not by a scan of every user. */
  private readonly byEmail = new Map<string, SeedUser>();
  private readonly limits: Required<SandboxLimits>;
  private created = { projects: 0, users: 0 };

  constructor(seed: SandboxSeed, limits: SandboxLimits = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    const copy = structuredClone(seed); // the seed stays untouched, for the next reset()
    for (const organization of copy.organizations) this.organizations.set(organization.id, organization);
    for (const user of copy.users) {
      this.users.set(user.id, user);
      if (!this.byEmail.has(user.email.toLowerCase())) this.byEmail.set(user.email.toLowerCase(), user);
    }
    for (const project of copy.projects) {
      // The creator is always a member (the interface: the creator cannot be removed), even when a
      // hand-written seed forgets to list them.
      if (!project.members.includes(project.creator)) project.members.unshift(project.creator);
      this.projects.set(project.id, project);
    }
    this.groups = copy.groups;
    this.permissions = copy.permissions;
    // New ids follow the largest seeded one, so they never collide with seed data.
    this.nextProjectId = Math.max(0, ...this.projects.keys()) + 1;
    this.nextUserId = Math.max(0, ...this.users.keys()) + 1;
  }

  newProjectId(): number {
    return this.nextProjectId++;
  }

  newUserId(): number {
    return this.nextUserId++;
  }

  /** Keeps a created project, unless the sandbox already keeps as many as its limit. */
  addProject(project: SeedProject): void {
    if (this.created.projects >= this.limits.projects)
      throw new ProblemError(
        403,
        `The sandbox keeps at most ${this.limits.projects} projects created since it started: delete some, or reset it.`,
      );
    this.created.projects++;
    this.projects.set(project.id, project);
  }

  /** Keeps an account created by an invitation, unless the sandbox already keeps as many as its limit. */
  addUser(user: SeedUser): void {
    if (this.created.users >= this.limits.users)
      throw new ProblemError(403, `The sandbox keeps at most ${this.limits.users} accounts created by invitation: reset it.`);
    this.created.users++;
    this.users.set(user.id, user);
    this.byEmail.set(user.email.toLowerCase(), user);
  }

  /** Remembers an email sent, forgetting the oldest past the limit. */
  recordEmail(email: SentEmail): void {
    this.sentEmails.push(email);
    if (this.sentEmails.length > this.limits.sentEmails) this.sentEmails.splice(0, this.sentEmails.length - this.limits.sentEmails);
  }

  /** The data as it is now, in the shape of a seed: what createSandbox({ seed }) starts from again. */
  toSeed(): SandboxSeed {
    return structuredClone({
      organizations: [...this.organizations.values()],
      users: [...this.users.values()],
      groups: this.groups,
      projects: [...this.projects.values()],
      permissions: this.permissions,
    });
  }

  /** Whether the account may do this: its group's permissions (SandboxSeed.permissions) say; a group not
   * listed only reads. A method, so that a model of a server whose groups it does not know can learn them. */
  may(user: SeedUser, permission: Permission): boolean {
    return this.permissions[user.group_name]?.includes(permission) ?? false;
  }

  /** The account with that email address (compared without regard to case), if any. */
  userByEmail(email: string): SeedUser | undefined {
    return this.byEmail.get(email.toLowerCase());
  }

  /** A piece of copy and the project holding it, by the copy's id. */
  copyById(copyId: number): { project: SeedProject; copy: SeedCopy } | undefined {
    for (const project of this.projects.values()) {
      const copy = project.copy?.find((c) => c.id === copyId);
      if (copy) return { project, copy };
    }
    return undefined;
  }
}
