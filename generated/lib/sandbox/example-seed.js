// The default seed: the description's own examples (generated/lib/sandbox/description.js, written by
// scripts/build/build-sandbox.mjs), tied together into one consistent account. The example ids the
// description uses everywhere (project 48213, copy 5520, user 2087, group 2) therefore exist, and what
// the sandbox answers looks like what the reference shows. The few things the examples do not give
// (who created which project, the second organization, a read-only user) are marked below.
import { examples } from "./description.js";
/** Northwind, the organization of the description's examples, and the organization of the agency that
 * invited Northwind to its project (the examples' external project, created by sam.okafor@agency.example). */
export const NORTHWIND = 1;
export const AGENCY = 2;
/** The accounts of the example seed. */
export const EXAMPLE_USERS = {
    /** Dana Whitfield: Administrator at Northwind, creator of project 48213. */
    admin: 1001,
    /** Sam Okafor: Editor at the agency, creator of the external project 48377, member of 48213. */
    editor: 2087,
    /** Not in the examples: a Viewer at Northwind, member of 48213, for checks of what reading allows. */
    viewer: 1003,
};
/** The published key of the example administrator (one of DEFAULT_API_KEYS): every operation can be tried with it. */
export const SANDBOX_ADMIN_KEY = "sandbox-admin-key";
/** The API keys a sandbox accepts unless told otherwise: key → account. */
export const DEFAULT_API_KEYS = {
    [SANDBOX_ADMIN_KEY]: EXAMPLE_USERS.admin,
    "sandbox-editor-key": EXAMPLE_USERS.editor,
    "sandbox-viewer-key": EXAMPLE_USERS.viewer,
};
/** The groups of the examples, as their descriptions state them: Administrator does everything, Editor
 * "can edit projects and assets but cannot delete projects or manage users", Viewer only reads. */
export const DEFAULT_PERMISSIONS = {
    Administrator: ["createProject", "updateProject", "deleteProject", "manageProjectUsers", "updateOrganization"],
    Editor: ["createProject", "updateProject"],
    Viewer: [],
};
/** A fresh copy of the example seed (change it freely: nothing else shares it). */
export function exampleSeed() {
    const seed = {
        organizations: [
            { id: NORTHWIND, ...examples.Organization },
            // Not in the examples: the agency's own organization, which only its users can read.
            {
                id: AGENCY,
                name: "Okafor Agency",
                address: {
                    street: "18 Canal Street",
                    street2: "",
                    city: "Seattle",
                    region_name: "Washington",
                    postal_code: "98101",
                    country: "US",
                },
                website: "https://www.agency.example",
                phone: "+1 206 555 0110",
                email: "studio@agency.example",
                email_billing: "studio@agency.example",
            },
        ],
        users: [
            ...examples.ProjectUserList.map((user) => ({ ...user, organization: user.email.endsWith("@agency.example") ? AGENCY : NORTHWIND })),
            {
                id: EXAMPLE_USERS.viewer,
                email: "lee.park@northwind.example",
                group_name: "Viewer",
                active: true,
                profile: {
                    first_name: "Lee",
                    last_name: "Park",
                    initials: "LP",
                    job_title: "Analyst",
                    bio: null,
                    work_phone: null,
                    mobile_phone: null,
                },
                organization: NORTHWIND,
            },
        ],
        groups: examples.GroupList,
        projects: examples.ProjectList.map((listed) => {
            // The single-project example adds what the list leaves out (num_comments) for the same id.
            const project = listed.id === examples.Project.id ? { ...listed, ...examples.Project } : listed;
            const { ownership, ...fields } = project;
            const internal = ownership === "internal";
            return {
                ...fields,
                creator: internal ? EXAMPLE_USERS.admin : EXAMPLE_USERS.editor,
                organization: internal ? NORTHWIND : AGENCY,
                members: internal ? [EXAMPLE_USERS.admin, EXAMPLE_USERS.editor, EXAMPLE_USERS.viewer] : [EXAMPLE_USERS.editor, EXAMPLE_USERS.admin],
                // The asset examples are the first project's (their paths use its id, 48213).
                ...(listed.id === examples.Project.id && {
                    files: examples.FileList,
                    urls: examples.CapturedUrlList,
                    copy: examples.CopyList.map((copy, i) => (i === 0 ? { ...copy, revisions: examples.CopyRevisionList } : copy)),
                }),
            };
        }),
        permissions: DEFAULT_PERMISSIONS,
    };
    return structuredClone(seed);
}
