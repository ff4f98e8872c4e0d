import { listCapturedUrls, listCopy, listCopyRevisions, listFiles } from "./assets.js";
import { getGroup, listGroups } from "./groups.js";
import { getOrganization, updateOrganization } from "./organization.js";
import { addProjectUser, listProjectUsers, removeProjectUser } from "./project-users.js";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./projects.js";
export const operations = {
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
