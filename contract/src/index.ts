// The package's programmatic surface: run the checks against a Target and read the results (the
// repository's own tests do), and the command as a function.
export { runContract, DEFAULT_LIMITS, CHECK_GROUPS } from "./run.js";
export type { CheckResult, Limits, RunOptions, RunResult, Status } from "./run.js";
export type { Ids, Target } from "./target.js";
export type { Level } from "./check.js";
export { main, firstLine } from "./main.js";
export { parseConfig, UsageError, HELP } from "./options.js";
export { SetupError } from "./discover.js";
export { consoleReport } from "./report/console.js";
export { junit, json, har } from "./report/files.js";
export { coverage } from "./report/coverage.js";
export { verdict } from "./report/verdict.js";
export { Transport, BusyError, WriteRefusedError, READ_ONLY_METHODS, retryAfterMs } from "./transport.js";
export { createRedact, userInfoOf } from "./redact.js";
export { MOCK_API_KEY, SANDBOX_KEYS, targetOf } from "./targets.js";
