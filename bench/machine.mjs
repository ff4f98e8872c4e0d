// What the numbers were measured on, and how busy the machine was (other work on a 2-core machine
// moves every figure; the load averages say how much to trust a run).
import { cpus, loadavg, totalmem, release, type } from "node:os";

export function machine() {
  const cpu = cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpu: `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
  };
}

/** 1, 5 and 15 minute load averages, rounded. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
