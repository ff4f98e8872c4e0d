// The pipeline on this machine: `npm run build` (scripts/build/build.mjs prints each step's time on its last
// line) and `npm test` (vitest's JSON report gives each test file's duration). Files run in parallel
// workers, so file durations add up to more than the wall time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function timed(args, extraEnv = {}) {
  const started = performance.now();
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", ...extraEnv };
  const run = spawnSync("npm", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env });
  return { run, seconds: (performance.now() - started) / 1000 };
}

export function benchBuild() {
  const { run, seconds } = timed(["run", "build"]);
  if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`);
  // build: lint:redocly 2.1s, bundle 1.3s, lint:spectral 3.0s — total 6.4s
  const line = run.stdout.split("\n").findLast((l) => l.startsWith("build: "));
  const steps = [...(line ?? "").matchAll(/([\w:.-]+) ([\d.]+)s/g)]
    .map(([, step, s]) => ({ step, seconds: Number(s) }))
    .filter(({ step }) => step !== "total");
  return { wallSeconds: seconds, steps };
}

export function benchTest() {
  const dir = mkdtempSync(join(tmpdir(), "bench-vitest-"));
  const report = join(dir, "report.json");
  try {
    const { run, seconds } = timed(["test", "--", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
      NO_COLOR: "1",
    });
    // vitest's own phase split: " Duration  17.25s (transform 1.02s, setup 0ms, import 2.3s, tests 15.3s, …)"
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the colour codes removed here.
    const phases = run.stdout.replace(/\x1b\[[0-9;]*m/g, "").match(/Duration\s+\S+\s+\(([^)]*)\)/)?.[1] ?? "";
    const json = JSON.parse(readFileSync(report, "utf8"));
    const files = json.testResults
      .map((file) => ({
        file: relative(root, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults.length,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    return { wallSeconds: seconds, phases, passed: json.numPassedTests, failed: json.numFailedTests, ok: run.status === 0, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
