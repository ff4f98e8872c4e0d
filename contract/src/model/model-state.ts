// The checker's model of the server: the reference sandbox's own state and operations
// (@project-collaboration/api/sandbox/model), holding only what the run created and saw. Three things
// differ from a sandbox, because the model follows a server rather than leading it:
//   - ids are the server's: a create takes the id the server gave (`nextProjectIds`);
//   - who may do what is learned: the interface states who may delete and who may update the
//     organization, and leaves the rest to groups whose permissions a client cannot read. A permission
//     starts as `prior` says and flips once when the server shows otherwise; what the interface states
//     (a second user who is not a company administrator) is `fixed` and never flips;
//   - each answer records the permissions it consulted, so a disagreement can be traced to one.
import type { Permission, SandboxSeed, SeedUser } from "@project-collaboration/api/sandbox";
import { PERMISSION_ASSUMPTIONS, SandboxState } from "@project-collaboration/api/sandbox/model";

export interface Consulted {
  user: number;
  permission: Permission;
  granted: boolean;
}

export interface PermissionKnowledge {
  /** Account id → permissions it holds now (learned or assumed). */
  granted: Map<number, Set<Permission>>;
  /** "account permission" pairs the interface or the user's configuration decides: never learned. */
  fixed: Set<string>;
}

export const ALL_PERMISSIONS = Object.keys(PERMISSION_ASSUMPTIONS) as Permission[];
/** What only a company administrator may do (the interface states it of both): never the second key's. */
export const ADMINISTRATOR_PERMISSIONS = ALL_PERMISSIONS.filter((p) => PERMISSION_ASSUMPTIONS[p] === PERMISSION_ASSUMPTIONS.deleteProject);

export class ModelState extends SandboxState {
  /** The ids the next creates take (the server's), first first. */
  readonly nextProjectIds: number[] = [];
  consulted: Consulted[] = [];
  private placeholder = 0;

  constructor(
    seed: SandboxSeed,
    readonly knowledge: PermissionKnowledge,
  ) {
    super(seed, { projects: Number.MAX_SAFE_INTEGER, users: Number.MAX_SAFE_INTEGER, sentEmails: 0 });
  }

  override newProjectId(): number {
    return this.nextProjectIds.shift() ?? -++this.placeholder;
  }

  override newUserId(): number {
    return -1_000_000 - ++this.placeholder;
  }

  override may(user: SeedUser, permission: Permission): boolean {
    const granted = this.knowledge.granted.get(user.id)?.has(permission) ?? false;
    this.consulted.push({ user: user.id, permission, granted });
    return granted;
  }

  /** Whether the permission may still be learned for the account (it is not fixed). */
  learnable(user: number, permission: Permission): boolean {
    return !this.knowledge.fixed.has(`${user} ${permission}`);
  }

  /** A copy to try a request on: the same knowledge (shared), the data copied. */
  copy(): ModelState {
    const copy = new ModelState(this.toSeed(), this.knowledge);
    copy.nextProjectIds.push(...this.nextProjectIds);
    copy.placeholder = this.placeholder;
    return copy;
  }
}
