export { answerRequest, type Answer } from "./sandbox.js";
export { SandboxState } from "./state.js";
export { ProblemError } from "./problem.js";
export { PERMISSION_ASSUMPTIONS } from "./permissions.js";
export { STATED_RULES, type RefusalBasis, type StatedRuleId } from "./stated-rules.js";
