// Runs the contract suite (test/contract) in a child vitest against a chosen target and level, and
// reads back its JSON report and the conformance reporter's summary.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

export interface Check {
  name: string;
  status: string;
  message: string;
}
export interface NestedRun {
  exitCode: number | null;
  output: string;
  checks: Check[];
  failed: Check[];
  passed: Check[];
}

export interface RunOptions {
  /** More environment for the run (PCS_BASE_URL, PCS_API_KEY, PCS_ALLOW_WRITES, PCS_OTHER_API_KEY…). */
  env?: Record<string, string>;
  /** Test files to run instead of the whole of test/contract. */
  files?: string[];
}

/** `target` is PCS_TARGET, or "" with PCS_BASE_URL in `options.env`. */
export async function contractRun(target: string, level: "documented" | "full", options: RunOptions = {}): Promise<NestedRun> {
  const dir = mkdtempSync(join(tmpdir(), "pcs-levels-"));
  const report = join(dir, "report.json");
  try {
    const args = [
      `${root}node_modules/vitest/vitest.mjs`,
      "run",
      "--config",
      "test/vitest.config.ts",
      ...(options.files ?? ["test/contract"]),
      "--reporter=./test/support/conformance-reporter.ts",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        PCS_TARGET: target,
        PCS_CONFORMANCE: level,
        PCS_BASE_URL: "",
        PCS_API_KEY: "",
        PCS_ALLOW_WRITES: "",
        PCS_OTHER_API_KEY: "",
        PCS_INVITE_EMAIL: "",
        CI: "",
        NO_COLOR: "1",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
    let json: { testResults?: Array<{ assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }> } = {};
    try {
      json = JSON.parse(readFileSync(report, "utf8"));
    } catch {
      throw new Error(`no report from the nested run (PCS_TARGET=${target}, PCS_CONFORMANCE=${level}):\n${output.slice(-3000)}`);
    }
    const checks = (json.testResults ?? []).flatMap((file) =>
      file.assertionResults.map((a) => ({ name: a.fullName, status: a.status, message: (a.failureMessages[0] ?? "").split("\n")[0]! })),
    );
    return {
      exitCode,
      output,
      checks,
      failed: checks.filter((c) => c.status === "failed"),
      passed: checks.filter((c) => c.status === "passed"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
