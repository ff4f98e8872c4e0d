import { page } from "../paging.js";
import { visibleProject } from "../permissions.js";
import { ProblemError } from "../problem.js";
import { idParameter } from "./call.js";
export const listFiles = (call) => {
    const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
    return { status: 200, body: page(project.files ?? [], call.input.query) };
};
export const listCapturedUrls = (call) => {
    const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
    return { status: 200, body: page(project.urls ?? [], call.input.query) };
};
export const listCopy = (call) => {
    const project = visibleProject(call.state, call.caller, idParameter(call, "project_id"));
    // The seed keeps each piece's revisions inside it; the API lists them on their own path.
    const copy = (project.copy ?? []).map(({ revisions: _revisions, ...piece }) => piece);
    return { status: 200, body: page(copy, call.input.query) };
};
export const listCopyRevisions = (call) => {
    const copyId = idParameter(call, "copy_id");
    const found = call.state.copyById(copyId);
    // Copy of a project the caller cannot see is as unknown as copy that does not exist.
    if (!found?.project.members.includes(call.caller.id)) {
        throw new ProblemError(404, `No copy with id ${copyId} is visible to the caller.`, undefined, {
            rule: "visible-when-added",
            status: ["hidden-is-404"],
        });
    }
    return { status: 200, body: page(found.copy.revisions ?? [], call.input.query) };
};
