import type { Organization } from "../../types.js";
import type { SeedOrganization } from "../seed.js";
import type { Operation } from "./call.js";
export declare function organizationView({ id: _id, ...organization }: SeedOrganization): Organization;
export declare const getOrganization: Operation;
export declare const updateOrganization: Operation;
