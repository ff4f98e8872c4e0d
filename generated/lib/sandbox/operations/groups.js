// Groups: read-only, all of them listed (the list is not paginated).
import { ProblemError } from "../problem.js";
import { idParameter } from "./call.js";
export const listGroups = (call) => ({ status: 200, body: call.state.groups });
export const getGroup = (call) => {
    const id = idParameter(call, "group_id");
    const group = call.state.groups.find((g) => g.id === id);
    if (!group)
        throw new ProblemError(404, `No group with id ${id} exists.`, undefined, { rule: "groups-all", status: ["hidden-is-404"] });
    return { status: 200, body: group };
};
