import type { Project } from "../../types.js";
import type { SeedProject, SeedUser } from "../seed.js";
import { type Operation } from "./call.js";
/** "Name of the creating user; falls back to the email address." */
export declare function displayName(user: SeedUser): string;
/** The project as the caller sees it: `ownership` depends on whose organization owns it. */
export declare function projectView(project: SeedProject, caller: SeedUser, creatorName: string): Project;
export declare const listProjects: Operation;
export declare const createProject: Operation;
export declare const getProject: Operation;
export declare const updateProject: Operation;
export declare const deleteProject: Operation;
