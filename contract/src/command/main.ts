// The command, as a function of its arguments and environment (so tests call it without a process):
// the first line says what is checked, with which limits; the report follows; the exit code last.
// Everything it prints passes one boundary, once: every form of every key the run sent is redacted, and
// what a terminal or a CI runner would act on (a server's escape sequences, C1 controls, bidi overrides,
// a workflow command such as `::add-mask::` or `##[`) is escaped — by `out`/`err` here (an error is one
// line: a line break in it is escaped too), by consoleReport for the report.
// The reports are written whatever ended the run: its end, a limit, or a failed set-up.
import { appendFileSync } from "node:fs";
import { safeCiText } from "@project-collaboration/api";
import { baselineText, BaselineError, readBaseline, writeBaseline, type Baseline } from "../reports/baseline.js";
import type { Level } from "../runner/check.js";
import { sentKeys } from "../callers/credentials.js";
import { HELP, parseConfig, UsageError } from "./options.js";
import { createRedact } from "../transport/redact.js";
import { consoleReport, WIDEST } from "../reports/console.js";
import type { Progress } from "../reports/progress.js";
import { writeReports } from "../reports/files.js";
import { jobSummary } from "../reports/summary.js";
import { findings, verdict } from "../reports/verdict.js";
import { runContract, SetupFailed, type Limits, type RunResult } from "../runner/run.js";
import type { Target } from "../runner/target.js";
import { limitsOf, targetOf } from "./targets.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";
import { isTrafficCommand, trafficMain } from "../traffic/command.js";

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The run's progress while it is under way (cli.ts: on standard error); none when not given. */
  progress?: Progress;
}

export function firstLine(target: Target, level: Level, limits: Limits): string {
  const mode = target.allowWrites
    ? target.declaredDisposable
      ? "writes, declared disposable (--disposable)"
      : target.disposable
        ? "writes (a disposable server)"
        : "writes allowed (only to what it creates)"
    : "read-only";
  const what = `${PACKAGE_NAME} ${PACKAGE_VERSION}: checking ${target.name} — level ${level}, ${mode}`;
  const bounds = `${Number.isFinite(limits.rate) ? `at most ${limits.rate} requests/s` : "unpaced"}, ${limits.concurrency} at once, ${limits.timeoutMs / 1000} s a request, ${limits.maxTimeMs / 1000} s in all`;
  // One line while it fits the report's width; else the limits on a line of their own.
  const line = `${what}; ${bounds}`;
  return line.length <= WIDEST ? line : `${what};\n  limits: ${bounds}`;
}

/** Runs the command; resolves to its exit code (and, when it ran, the run). */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<{ code: number; run?: RunResult }> {
  // Traffic the checker did not send (a HAR file, the proxy): judged by the same model, sending nothing.
  if (isTrafficCommand(argv)) return trafficMain(argv, env, io);
  const terminal = (text: string) => safeCiText(text, { multiline: true });
  /** An error: one line, whatever it quotes. */
  const oneLine = (text: string) => safeCiText(text);
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(oneLine(`pcs-contract: ${error.message}`));
      return { code: 2 };
    }
    throw error;
  }
  if (config.help) {
    io.out(HELP);
    return { code: 0 };
  }
  if (config.version) {
    io.out(`${PACKAGE_NAME} ${PACKAGE_VERSION}`);
    return { code: 0 };
  }
  let baseline: Baseline | undefined;
  try {
    baseline = config.baseline === undefined ? undefined : readBaseline(config.baseline);
  } catch (error) {
    if (!(error instanceof BaselineError)) throw error;
    io.err(oneLine(`pcs-contract: ${error.message}`));
    return { code: 2 };
  }
  const target = targetOf(config);
  // parseConfig has taken the command line: a "--rate" token in it is the option (a value that starts
  // with "--" must be given as --only=…), so the pace was asked for.
  const limits = limitsOf(
    config,
    target,
    argv.some((arg) => arg === "--rate" || arg.startsWith("--rate=")),
  );
  // Built before anything is sent, from every key the run will send; it learns any other it sends.
  const redact = createRedact(sentKeys(target).map((key) => key.value));
  const out = (text: string) => io.out(terminal(redact(text)));
  const err = (text: string) => io.err(oneLine(redact(text)));
  const written = (run: RunResult): boolean => {
    try {
      writeReports(run, config.reports);
      // The summary redacts each text it takes from the run (jobSummary), as the reports do.
      if (env.GITHUB_ACTIONS && env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, jobSummary(run));
      if (config.writeBaseline && !run.setupError) {
        const { failures, accepted } = findings(run);
        const runSpecific = { runTag: run.runTag, createdIds: run.createdIds, baseUrl: run.target.baseUrl };
        writeBaseline(config.writeBaseline, redact(baselineText([...accepted, ...failures], baseline, runSpecific)));
        out(
          `The run's ${failures.length + accepted.length} failures are written as a baseline to ${config.writeBaseline}: give each a reason.`,
        );
      }
      return true;
    } catch (error) {
      err(`pcs-contract: a report could not be written: ${(error as Error).message}`);
      return false;
    }
  };

  out(firstLine(target, config.level, limits));
  let run: RunResult;
  try {
    run = await runContract({
      target,
      level: config.level,
      limits,
      only: config.only,
      ...(config.seed !== undefined && { seed: config.seed }),
      ...(config.formsAtLeast !== undefined && { formsAtLeast: config.formsAtLeast }),
      redact,
      ...(baseline && { baseline }),
      ...(io.progress && { watch: (status) => io.progress!.start(status, redact) }),
    }).finally(() => io.progress?.stop());
  } catch (error) {
    if (error instanceof SetupFailed) {
      err(`pcs-contract: ${error.message}`);
      written(error.run);
      return { code: 2, run: error.run };
    }
    err(`pcs-contract: stopped by an unexpected error: ${(error as Error)?.message ?? String(error)}`);
    return { code: 2 };
  }
  // Redacted and made safe for a terminal as it is made (consoleReport), not a second time here.
  io.out(consoleReport(run));
  if (!written(run)) return { code: 2, run };
  return { code: verdict(run).code, run };
}
