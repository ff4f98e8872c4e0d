// The names a user looks for, over the types openapi-typescript generates from the bundle
// (generated/lib/schema.d.ts; `./schema.js` resolves there through tsconfig's rootDirs, and sits
// beside the compiled files in the package).
import type { components } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

type Schemas = components["schemas"];

export type Project = Schemas["Project"];
export type ProjectFile = Schemas["ProjectFile"];
export type CapturedUrl = Schemas["CapturedUrl"];
export type Copy = Schemas["Copy"];
export type CopyRevision = Schemas["CopyRevision"];
export type ProjectUser = Schemas["ProjectUser"];
export type UserProfile = Schemas["UserProfile"];
export type Organization = Schemas["Organization"];
export type Address = Schemas["Address"];
export type Group = Schemas["Group"];
export type Problem = Schemas["Problem"];
export type ProjectCreate = Schemas["ProjectCreate"];
export type ProjectUpdate = Schemas["ProjectUpdate"];
export type ProjectUserAdd = Schemas["ProjectUserAdd"];
export type OrganizationUpdate = Schemas["OrganizationUpdate"];
