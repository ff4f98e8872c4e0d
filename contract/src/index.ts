// The package's programmatic surface: run the checks against a Target and read the results (the
// repository's own tests do), and the command as a function.
export { runContract, DEFAULT_LIMITS, CHECK_GROUPS, CLEAN_UP_GRACE_MS, SetupFailed } from "./runner/run.js";
export type { CheckResult, Limits, RunOptions, RunResult, Status } from "./runner/run.js";
export type { Ids, Target } from "./runner/target.js";
export type { Level } from "./runner/check.js";
export { main, firstLine } from "./command/main.js";
export { parseConfig, UsageError, HELP } from "./command/options.js";
export { SetupError } from "./runner/discover.js";
export { applyBaseline, baselineText, readBaseline, BaselineError } from "./reports/baseline.js";
export type { Baseline, BaselineEntry, BaselineOutcome } from "./reports/baseline.js";
export { consoleReport } from "./reports/console.js";
export { junit, json, har } from "./reports/files.js";
export { coverage } from "./reports/coverage.js";
export { statedRules } from "./reports/stated-rules.js";
export { rootCauses } from "./reports/causes.js";
export { jobSummary } from "./reports/summary.js";
export { findings, verdict } from "./reports/verdict.js";
export {
  Transport,
  BusyError,
  ChecksClosedError,
  DeadlineError,
  RequestTimeoutError,
  WriteRefusedError,
  READ_ONLY_METHODS,
  retryAfterMs,
} from "./transport/transport.js";
export { createRedact, userInfoOf } from "./transport/redact.js";
export { sentKeys, wrongKeyOf } from "./callers/credentials.js";
export { curlOf } from "./reports/curl.js";
export { MOCK_API_KEY, SANDBOX_KEYS, targetOf } from "./command/targets.js";
