// The package's programmatic surface: run the checks against a Target and read the results (the
// repository's own tests do), and the command as a function.
export { runContract, DEFAULT_LIMITS, CHECK_GROUPS, CLEAN_UP_GRACE_MS, SetupFailed } from "./run.js";
export type { CheckResult, Limits, RunOptions, RunResult, Status } from "./run.js";
export type { Ids, Target } from "./target.js";
export type { Level } from "./check.js";
export { main, firstLine } from "./main.js";
export { parseConfig, UsageError, HELP } from "./options.js";
export { SetupError } from "./discover.js";
export { applyBaseline, baselineText, readBaseline, BaselineError } from "./baseline.js";
export type { Baseline, BaselineEntry, BaselineOutcome } from "./baseline.js";
export { consoleReport } from "./report/console.js";
export { junit, json, har } from "./report/files.js";
export { coverage, statedRules } from "./report/coverage.js";
export { rootCauses } from "./report/causes.js";
export { jobSummary } from "./report/summary.js";
export { findings, verdict } from "./report/verdict.js";
export {
  Transport,
  BusyError,
  DeadlineError,
  RequestTimeoutError,
  WriteRefusedError,
  READ_ONLY_METHODS,
  retryAfterMs,
} from "./transport.js";
export { createRedact, userInfoOf } from "./redact.js";
export { sentKeys, wrongKeyOf } from "./credentials.js";
export { curlOf } from "./report/curl.js";
export { MOCK_API_KEY, SANDBOX_KEYS, targetOf } from "./targets.js";
