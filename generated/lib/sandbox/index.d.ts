export { createSandbox, SANDBOX_BASE_URL } from "./sandbox.js";
export type { Sandbox, SandboxOptions } from "./sandbox.js";
export { DEFAULT_API_KEYS, DEFAULT_PERMISSIONS, EXAMPLE_USERS, exampleSeed, SANDBOX_ADMIN_KEY } from "./example-seed.js";
export type { Permission, SandboxSeed, SeedCopy, SeedOrganization, SeedProject, SeedUser, Thumbnails } from "./seed.js";
export type { SandboxLimits, SentEmail } from "./state.js";
export { DEFAULT_LIMITS as SANDBOX_LIMITS } from "./state.js";
export { corsAllows, corsOriginProblem, PREFLIGHT_HEADERS, refusedOriginDetail } from "./cors.js";
export type { CorsOptions } from "./cors.js";
export { type ExposureOptions, exposureWarning, isLoopbackHostHeader, isLoopbackName } from "./loopback.js";
