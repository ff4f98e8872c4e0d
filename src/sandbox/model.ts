// "@project-collaboration/api/sandbox/model": the sandbox's rules as a model of a server. The contract
// checker (@project-collaboration/contract) judges a server against exactly this: it keeps a
// SandboxState of what it created and saw, answers each request it sends the server with
// answerRequest() too, and compares — a refusal's `basis` saying which stated rule (STATED_RULES) or
// which of the description's assumptions refused. Not for applications: createSandbox() is.
export { answerRequest, type Answer } from "./sandbox.js";
export { SandboxState } from "./state.js";
export { ProblemError } from "./problem.js";
export { PERMISSION_ASSUMPTIONS } from "./permissions.js";
export { STATED_RULES, type RefusalBasis, type StatedRuleId } from "./stated-rules.js";
