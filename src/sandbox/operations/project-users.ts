// The users of a project: listed, added by id or by email, removed — never the project's creator.
import type { ProjectUser, ProjectUserAdd } from "../../types.js";
import { page } from "../paging.js";
import { requirePermission, visibleProject } from "../permissions.js";
import { ProblemError } from "../problem.js";
import type { SeedUser } from "../seed.js";
import { idParameter, type Call, type Operation } from "./call.js";

/** The account as the API shows a project user (the organization is the sandbox's own business). */
export function projectUserView({ organization: _organization, ...user }: SeedUser): ProjectUser {
  return user;
}

export const listProjectUsers: Operation = (call) => {
  const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
  const users = project.members.map((id) => call.state.users.get(id)).filter((u): u is SeedUser => u !== undefined);
  return { status: 200, body: page(users, call.input.query).map(projectUserView) };
};

export const addProjectUser: Operation = (call) => {
  const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
  requirePermission(call.state, call.caller, "manageProjectUsers", "add users to projects");
  const body = call.input.body as ProjectUserAdd;
  const user = "user" in body ? existingUser(call, Number(body.user)) : userByEmail(call, body.email, project.id);
  // Adding someone who is already a member changes nothing, and says who it is.
  if (!project.members.includes(user.id)) project.members.push(user.id);
  // The interface does not show this body; the description assumes the added project user.
  return { status: 201, body: projectUserView(user) };
};

function existingUser(call: Call, id: number): SeedUser {
  const user = call.state.users.get(id);
  if (!user)
    throw new ProblemError(404, `No user with id ${id} exists.`, undefined, { rule: "add-existing-user", status: ["hidden-is-404"] });
  return user;
}

/** The interface's rules for adding by email: the address gets a system-generated email; an existing
 * account is added; an unknown address gets a separate new account with full administrator access. */
function userByEmail(call: Call, email: string, projectId: number): SeedUser {
  call.state.recordEmail({ to: email, projectId });
  const existing = call.state.userByEmail(email);
  if (existing) return existing;
  const created: SeedUser = {
    id: call.state.newUserId(),
    email,
    group_name: "Administrator",
    active: true,
    profile: { first_name: null, last_name: null, initials: null, job_title: null, bio: null, work_phone: null, mobile_phone: null },
    organization: null,
  };
  call.state.addUser(created);
  return created;
}

export const removeProjectUser: Operation = (call) => {
  const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
  requirePermission(call.state, call.caller, "manageProjectUsers", "remove users from projects");
  const userId = idParameter(call, "user_id");
  if (!project.members.includes(userId)) {
    throw new ProblemError(404, `No user with id ${userId} is a member of project ${project.id}.`, undefined, {
      assumptions: ["hidden-is-404"],
      status: ["hidden-is-404"],
    });
  }
  if (userId === project.creator) {
    throw new ProblemError(409, "The project creator cannot be removed from the project.", undefined, {
      rule: "creator-not-removable",
      status: ["creator-removal-409"],
    });
  }
  project.members = project.members.filter((id) => id !== userId);
  return { status: 204 };
};
