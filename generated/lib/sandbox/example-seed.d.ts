import type { Permission, SandboxSeed } from "./seed.js";
/** Northwind, the organization of the description's examples, and the organization of the agency that
 * invited Northwind to its project (the examples' external project, created by sam.okafor@agency.example). */
export declare const NORTHWIND = 1;
export declare const AGENCY = 2;
/** The accounts of the example seed. */
export declare const EXAMPLE_USERS: {
    /** Dana Whitfield: Administrator at Northwind, creator of project 48213. */
    readonly admin: 1001;
    /** Sam Okafor: Editor at the agency, creator of the external project 48377, member of 48213. */
    readonly editor: 2087;
    /** Not in the examples: a Viewer at Northwind, member of 48213, for checks of what reading allows. */
    readonly viewer: 1003;
};
/** The published key of the example administrator (one of DEFAULT_API_KEYS): every operation can be tried with it. */
export declare const SANDBOX_ADMIN_KEY = "sandbox-admin-key";
/** The API keys a sandbox accepts unless told otherwise: key → account. */
export declare const DEFAULT_API_KEYS: Readonly<Record<string, number>>;
/** The groups of the examples, as their descriptions state them: Administrator does everything, Editor
 * "can edit projects and assets but cannot delete projects or manage users", Viewer only reads. */
export declare const DEFAULT_PERMISSIONS: Readonly<Record<string, readonly Permission[]>>;
/** A fresh copy of the example seed (change it freely: nothing else shares it). */
export declare function exampleSeed(): SandboxSeed;
