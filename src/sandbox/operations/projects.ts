// Projects: listed, created, read, updated (PATCH merges) and deleted, with everything they hold.
import type { Project, ProjectCreate, ProjectUpdate } from "../../types.js";
import { page } from "../paging.js";
import { requireMayDelete, requirePermission, visibleProject } from "../permissions.js";
import type { SeedProject, SeedUser } from "../seed.js";
import { idParameter, type Operation } from "./call.js";

/** A new project's thumbnails: the default placeholder, as in the description's ProjectCreated example. */
const PLACEHOLDER_THUMBNAILS = {
  small: { href: "https://files.pcs.invalid/thumbnails/placeholder/small.png" },
  medium: { href: "https://files.pcs.invalid/thumbnails/placeholder/medium.png" },
  large: { href: "https://files.pcs.invalid/thumbnails/placeholder/large.png" },
};

/** "Name of the creating user; falls back to the email address." */
export function displayName(user: SeedUser): string {
  const name = [user.profile.first_name, user.profile.last_name].filter(Boolean).join(" ");
  return name || user.email;
}

/** The project as the caller sees it: `ownership` depends on whose organization owns it. */
export function projectView(project: SeedProject, caller: SeedUser, creatorName: string): Project {
  const view: Project = {
    id: project.id,
    created: project.created,
    modified: project.modified,
    title: project.title,
    description: project.description,
    created_by: project.created_by ?? creatorName,
    job_code: project.job_code,
    ownership: project.organization === caller.organization ? "internal" : "external",
    _thumbnails: project._thumbnails,
  };
  if (project.num_comments !== undefined) view.num_comments = project.num_comments;
  return view;
}

const view = (call: Parameters<Operation>[0], project: SeedProject): Project => {
  const creator = call.state.users.get(project.creator);
  return projectView(project, call.caller, creator ? displayName(creator) : "");
};

export const listProjects: Operation = (call) => {
  const visible = [...call.state.projects.values()].filter((p) => p.members.includes(call.caller.id));
  return { status: 200, body: page(visible, call.input.query).map((p) => view(call, p)) };
};

export const createProject: Operation = (call) => {
  requirePermission(call.state, call.caller, "createProject", "create projects");
  const body = call.input.body as ProjectCreate;
  const project: SeedProject = {
    id: call.state.newProjectId(),
    title: body.name,
    description: body.description ?? "",
    job_code: body.job_code ?? "",
    created: call.now(),
    modified: null,
    _thumbnails: structuredClone(PLACEHOLDER_THUMBNAILS),
    creator: call.caller.id,
    // Every account with an API key belongs to an organization (createSandbox checks it).
    organization: call.caller.organization as number,
    // "The caller is automatically added as a project member."
    members: [call.caller.id],
  };
  call.state.addProject(project);
  return { status: 201, body: view(call, project) };
};

export const getProject: Operation = (call) => ({
  status: 200,
  body: view(call, visibleProject(call.state, call.caller, idParameter(call, "project_id"))),
});

export const updateProject: Operation = (call) => {
  const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
  requirePermission(call.state, call.caller, "updateProject", "update projects");
  const body = call.input.body as ProjectUpdate;
  // Only what was sent changes; `name` is read back as `title`.
  if (body.name !== undefined) project.title = body.name;
  if (body.description !== undefined) project.description = body.description;
  if (body.job_code !== undefined) project.job_code = body.job_code;
  project.modified = call.now();
  return { status: 204 };
};

export const deleteProject: Operation = (call) => {
  const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
  requireMayDelete(call.state, call.caller, project);
  // Its files, captured urls, copy and revisions live inside it and go with it.
  call.state.projects.delete(project.id);
  return { status: 204 };
};
