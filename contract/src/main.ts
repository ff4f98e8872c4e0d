// The command, as a function of its arguments and environment (so tests call it without a process):
// the first line says what is checked, with which limits; the report follows; the exit code last.
import type { Level } from "./check.js";
import { SetupError } from "./discover.js";
import { HELP, parseConfig, UsageError } from "./options.js";
import { consoleReport } from "./report/console.js";
import { writeReports } from "./report/files.js";
import { verdict } from "./report/verdict.js";
import { runContract, type Limits, type RunResult } from "./run.js";
import type { Target } from "./target.js";
import { targetOf } from "./targets.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export function firstLine(target: Target, level: Level, limits: Limits): string {
  const mode = target.allowWrites
    ? target.disposable
      ? "writes (a disposable server)"
      : "writes allowed (only to what it creates)"
    : "read-only";
  return (
    `${PACKAGE_NAME} ${PACKAGE_VERSION}: checking ${target.name} — level ${level}, ${mode}; ` +
    `at most ${limits.rate} requests/s, ${limits.concurrency} at once, ${limits.timeoutMs / 1000} s a request, ${limits.maxTimeMs / 1000} s in all`
  );
}

/** Runs the command; resolves to its exit code (and, when it ran, the run). */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<{ code: number; run?: RunResult }> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`pcs-contract: ${error.message}`);
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
  const target = targetOf(config);
  io.out(firstLine(target, config.level, config.limits));
  let run: RunResult;
  try {
    run = await runContract({ target, level: config.level, limits: config.limits, only: config.only });
  } catch (error) {
    if (error instanceof SetupError) {
      io.err(`pcs-contract: ${error.message}`);
      return { code: 2 };
    }
    throw error;
  }
  io.out(consoleReport(run));
  try {
    writeReports(run, config.reports);
  } catch (error) {
    io.err(`pcs-contract: a report could not be written: ${(error as Error).message}`);
    return { code: 2, run };
  }
  return { code: verdict(run).code, run };
}
