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

export async function contractRun(target: string, level: "documented" | "full"): Promise<NestedRun> {
  const dir = mkdtempSync(join(tmpdir(), "pcs-levels-"));
  const report = join(dir, "report.json");
  try {
    const args = [`${root}node_modules/vitest/vitest.mjs`, "run", "--config", "test/vitest.config.ts", "test/contract",
      "--reporter=./test/support/conformance-reporter.ts", "--reporter=json", `--outputFile.json=${report}`];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, PCS_TARGET: target, PCS_CONFORMANCE: level, PCS_BASE_URL: "", CI: "", NO_COLOR: "1" },
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
    return { exitCode, output, checks, failed: checks.filter((c) => c.status === "failed"), passed: checks.filter((c) => c.status === "passed") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
