// One checker run against the faithful stand-in behind one application-layer defect (app-layer-defects.ts),
// as http-layer-run.ts runs one behind an HTTP-layer mutant: writes, the second key, an invite address,
// a fixed seed; one JSON line per outcome.
import { appendFileSync } from "node:fs";
import type { Level } from "../../contract/src/index.js";
import { APP_LAYER_DEFECTS } from "./app-layer-defects.js";
import { caught, checkerRun, outcomeOf } from "./http-layer-run.js";

export { APP_LAYER_DEFECTS, caught };

/** Runs the named defects ("faithful" for none), `at` runs at once, appending each outcome to `file`. */
export async function worker(job: { ids: string[]; level: Level; file: string; at?: number }): Promise<void> {
  const all = new Map(APP_LAYER_DEFECTS.map((d) => [d.id, d]));
  const queue = [...job.ids];
  const one = async (id: string) => {
    const defect = all.get(id);
    if (id !== "faithful" && !defect) throw new Error(`no application-layer defect ${id}`);
    const started = performance.now();
    const { run, hits } = await checkerRun(job.level, defect?.wrap);
    appendFileSync(job.file, `${JSON.stringify(outcomeOf(id, job.level, run, hits, Math.round(performance.now() - started)))}\n`);
  };
  await Promise.all(
    Array.from({ length: job.at ?? 1 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await one(next);
    }),
  );
}
