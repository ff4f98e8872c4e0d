export class SandboxState {
    organizations = new Map();
    users = new Map();
    groups;
    projects = new Map();
    permissions;
    sentEmails = [];
    nextProjectId;
    nextUserId;
    constructor(seed) {
        const copy = structuredClone(seed); // the seed stays untouched, for the next reset()
        for (const organization of copy.organizations)
            this.organizations.set(organization.id, organization);
        for (const user of copy.users)
            this.users.set(user.id, user);
        for (const project of copy.projects)
            this.projects.set(project.id, project);
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
    /** The account with that email address (compared without regard to case), if any. */
    userByEmail(email) {
        const wanted = email.toLowerCase();
        for (const user of this.users.values())
            if (user.email.toLowerCase() === wanted)
                return user;
        return undefined;
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
