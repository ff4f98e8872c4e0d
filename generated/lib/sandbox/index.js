// "@project-collaboration/api/sandbox": the reference sandbox of the service, in memory and in process.
// No node: imports and no runtime dependency, so it runs in Node.js and in browsers alike.
export { createSandbox, SANDBOX_BASE_URL } from "./sandbox.js";
export { DEFAULT_API_KEYS, DEFAULT_PERMISSIONS, EXAMPLE_USERS, exampleSeed, SANDBOX_ADMIN_KEY } from "./example-seed.js";
export { DEFAULT_LIMITS as SANDBOX_LIMITS } from "./state.js";
export { corsAllows, corsOriginProblem, PREFLIGHT_HEADERS, refusedOriginDetail } from "./cors.js";
export { exposureWarning, isLoopbackHostHeader, isLoopbackName } from "./loopback.js";
