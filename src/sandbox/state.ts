// The sandbox's data while it runs: a private copy of the seed, changed by the write operations. Lists
// keep insertion order (seed order, then what was created), so pages are stable between requests.
import type { Group } from "../types.js";
import type { Permission, SandboxSeed, SeedCopy, SeedOrganization, SeedProject, SeedUser } from "./seed.js";

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
  readonly permissions: Readonly<Record<string, readonly Permission[]>>;
  readonly sentEmails: SentEmail[] = [];
  private nextProjectId: number;
  private nextUserId: number;

  constructor(seed: SandboxSeed) {
    const copy = structuredClone(seed); // the seed stays untouched, for the next reset()
    for (const organization of copy.organizations) this.organizations.set(organization.id, organization);
    for (const user of copy.users) this.users.set(user.id, user);
    for (const project of copy.projects) this.projects.set(project.id, project);
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

  /** The account with that email address (compared without regard to case), if any. */
  userByEmail(email: string): SeedUser | undefined {
    const wanted = email.toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user;
    return undefined;
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
