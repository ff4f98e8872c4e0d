// Type-check cost for a consumer: bench/typecheck/*.ts call every operation — ours.ts through this
// package, openapi-fetch.ts through raw openapi-fetch with this package's `paths`, peer.ts through the
// peer SDK (checked twice: against its generated sources, as its docs have you use it, and against their
// compiled declarations); baseline.ts uses no client (TypeScript's own libs only). Each is checked
// with `tsc --extendedDiagnostics` several times, interleaved; times and memory are medians, while
// instantiations are deterministic. A consumer that does not type-check fails the benchmark.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { TSC_5 } from "../scripts/lib/typescript.mjs";
import { median } from "./stats.mjs";

const RUNS = 3;
const consumers = ["ours", "openapi-fetch", "peer", "peer-compiled", "baseline"];

function diagnostics(consumer) {
  const project = fileURLToPath(new URL(`./typecheck/tsconfig.${consumer}.json`, import.meta.url));
  const run = spawnSync(process.execPath, [TSC_5, "-p", project, "--extendedDiagnostics"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`bench/typecheck/tsconfig.${consumer}.json does not type-check:\n${run.stdout}${run.stderr}`);
  const field = (name) => {
    const match = run.stdout.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"));
    if (!match) throw new Error(`tsc --extendedDiagnostics printed no "${name}"`);
    return Number(match[1]);
  };
  return {
    checkSeconds: field("Check time"),
    totalSeconds: field("Total time"),
    instantiations: field("Instantiations"),
    memoryMB: field("Memory used") / 1024,
    files: field("Files"),
  };
}

export function benchTypecheck() {
  const runs = Object.fromEntries(consumers.map((c) => [c, []]));
  for (let i = 0; i < RUNS; i++) for (const c of consumers) runs[c].push(diagnostics(c));
  const summary = (list) => ({
    checkSeconds: median(list.map((r) => r.checkSeconds)),
    totalSeconds: median(list.map((r) => r.totalSeconds)),
    memoryMB: median(list.map((r) => r.memoryMB)),
    instantiations: list[0].instantiations,
    files: list[0].files,
  });
  return Object.fromEntries(consumers.map((c) => [c, summary(runs[c])]));
}
