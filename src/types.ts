// The names a user looks for, over the types openapi-typescript generates from the bundle
// (generated/lib/schema.d.ts; `./schema.js` resolves there through tsconfig's rootDirs, and sits
// beside the compiled files in the package).
import type { components } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

// One name per schema of the description, the schema's own name (test/client/exports.test.ts keeps
// this list complete), in the description's order.
export type Id = components["schemas"]["Id"];
export type Timestamp = components["schemas"]["Timestamp"];
export type ModifiedTimestamp = components["schemas"]["ModifiedTimestamp"];
export type CommentCount = components["schemas"]["CommentCount"];
export type Link = components["schemas"]["Link"];
export type Thumbnails = components["schemas"]["Thumbnails"];
export type Project = components["schemas"]["Project"];
export type ProblemFieldError = components["schemas"]["ProblemFieldError"];
export type Problem = components["schemas"]["Problem"];
export type ProjectName = components["schemas"]["ProjectName"];
export type ProjectDescription = components["schemas"]["ProjectDescription"];
export type JobCode = components["schemas"]["JobCode"];
export type ProjectCreate = components["schemas"]["ProjectCreate"];
export type ProjectUpdate = components["schemas"]["ProjectUpdate"];
export type Asset = components["schemas"]["Asset"];
export type MimeType = components["schemas"]["MimeType"];
export type ProjectFile = components["schemas"]["ProjectFile"];
export type CapturedUrl = components["schemas"]["CapturedUrl"];
export type Copy = components["schemas"]["Copy"];
export type CopyRevision = components["schemas"]["CopyRevision"];
export type NullableText = components["schemas"]["NullableText"];
export type UserProfile = components["schemas"]["UserProfile"];
export type ProjectUser = components["schemas"]["ProjectUser"];
export type ProjectUserAddById = components["schemas"]["ProjectUserAddById"];
export type ProjectUserAddByEmail = components["schemas"]["ProjectUserAddByEmail"];
export type ProjectUserAdd = components["schemas"]["ProjectUserAdd"];
export type CountryCode = components["schemas"]["CountryCode"];
export type Address = components["schemas"]["Address"];
export type Organization = components["schemas"]["Organization"];
export type OrganizationText = components["schemas"]["OrganizationText"];
export type AddressUpdate = components["schemas"]["AddressUpdate"];
export type OrganizationUpdate = components["schemas"]["OrganizationUpdate"];
export type Group = components["schemas"]["Group"];
