import type { ProjectUser } from "../../types.js";
import type { SeedUser } from "../seed.js";
import { type Operation } from "./call.js";
/** The account as the API shows a project user (the organization is the sandbox's own business). */
export declare function projectUserView({ organization: _organization, ...user }: SeedUser): ProjectUser;
export declare const listProjectUsers: Operation;
export declare const addProjectUser: Operation;
export declare const removeProjectUser: Operation;
