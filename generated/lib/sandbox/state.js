import { ProblemError } from "./problem.js";
export const DEFAULT_LIMITS = { projects: 10_000, users: 10_000, sentEmails: 1_000 };
export class SandboxState {
    organizations = new Map();
    users = new Map();
    groups;
    projects = new Map();
    permissions;
    sentEmails = [];
    nextProjectId;
    nextUserId;
    /** Lower-cased email → account: inviting by address looks it up here, not by a scan of every user. */
    byEmail = new Map();
    limits;
    created = { projects: 0, users: 0 };
    constructor(seed, limits = {}) {
        this.limits = { ...DEFAULT_LIMITS, ...limits };
        const copy = structuredClone(seed); // the seed stays untouched, for the next reset()
        for (const organization of copy.organizations)
            this.organizations.set(organization.id, organization);
        for (const user of copy.users) {
            this.users.set(user.id, user);
            if (!this.byEmail.has(user.email.toLowerCase()))
                this.byEmail.set(user.email.toLowerCase(), user);
        }
        for (const project of copy.projects) {
            // The creator is always a member (the interface: the creator cannot be removed), even when a
            // hand-written seed forgets to list them.
            if (!project.members.includes(project.creator))
                project.members.unshift(project.creator);
            this.projects.set(project.id, project);
        }
        this.groups = copy.groups;
        this.permissions = copy.permissions;
        // New ids follow the largest seeded one, so they never collide with seed data.
        this.nextProjectId = Math.max(0, ...this.projects.keys()) + 1;
        this.nextUserId = Math.max(0, ...this.users.keys()) + 1;
    }
    newProjectId() {
        return this.nextProjectId++;
    }
    newUserId() {
        return this.nextUserId++;
    }
    /** Keeps a created project, unless the sandbox already keeps as many as its limit. */
    addProject(project) {
        if (this.created.projects >= this.limits.projects)
            throw new ProblemError(403, `The sandbox keeps at most ${this.limits.projects} projects created since it started: delete some, or reset it.`);
        this.created.projects++;
        this.projects.set(project.id, project);
    }
    /** Keeps an account created by an invitation, unless the sandbox already keeps as many as its limit. */
    addUser(user) {
        if (this.created.users >= this.limits.users)
            throw new ProblemError(403, `The sandbox keeps at most ${this.limits.users} accounts created by invitation: reset it.`);
        this.created.users++;
        this.users.set(user.id, user);
        this.byEmail.set(user.email.toLowerCase(), user);
    }
    /** Remembers an email sent, forgetting the oldest past the limit. */
    recordEmail(email) {
        this.sentEmails.push(email);
        if (this.sentEmails.length > this.limits.sentEmails)
            this.sentEmails.splice(0, this.sentEmails.length - this.limits.sentEmails);
    }
    /** The data as it is now, in the shape of a seed: what createSandbox({ seed }) starts from again. */
    toSeed() {
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
    may(user, permission) {
        return this.permissions[user.group_name]?.includes(permission) ?? false;
    }
    /** The account with that email address (compared without regard to case), if any. */
    userByEmail(email) {
        return this.byEmail.get(email.toLowerCase());
    }
    /** A piece of copy and the project holding it, by the copy's id. */
    copyById(copyId) {
        for (const project of this.projects.values()) {
            const copy = project.copy?.find((c) => c.id === copyId);
            if (copy)
                return { project, copy };
        }
        return undefined;
    }
}
