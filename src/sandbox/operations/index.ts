// Every operation of the description, by operationId. Typed by the generated list of operations, so
// an operation added to the description does not compile until the sandbox implements it.
import type { ValidatedOperationId } from "../request-validators.js";
import { listCapturedUrls, listCopy, listCopyRevisions, listFiles } from "./assets.js";
import type { Operation } from "./call.js";
import { getGroup, listGroups } from "./groups.js";
import { getOrganization, updateOrganization } from "./organization.js";
import { addProjectUser, listProjectUsers, removeProjectUser } from "./project-users.js";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./projects.js";

export const operations: Record<ValidatedOperationId, Operation> = {
  listProjects,
  createProject,
  getProject,
  updateProject,
  deleteProject,
  listFiles,
  listCapturedUrls,
  listCopy,
  listCopyRevisions,
  listProjectUsers,
  addProjectUser,
  removeProjectUser,
  getOrganization,
  updateOrganization,
  listGroups,
  getGroup,
};
