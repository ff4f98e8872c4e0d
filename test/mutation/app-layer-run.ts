// One checker run against the faithful stand-in behind one application-layer defect (app-layer-defects.ts),
// as http-layer-run.ts runs one behind an HTTP-layer mutant: writes, the second key, an invite address,
// a fixed seed; one JSON line per outcome.
import { appendFileSync } from "node:fs";
import type { Level } from "../../contract/src/index.js";
import { BLIND_ROUND_1 } from "./app-layer-blind-1.js";
import { BLIND_ROUND_2 } from "./app-layer-blind-2.js";
import { type AppDefect, APP_LAYER_DEFECTS } from "./app-layer-defects.js";
import { caught, checkerRun, outcomeOf } from "./http-layer-run.js";

/** The sets of defects, by `--corpus` name: ours, and the rounds written blind (issue 58, item 7). */
export const CORPORA: Record<string, AppDefect[]> = { ours: APP_LAYER_DEFECTS, "blind-1": BLIND_ROUND_1, "blind-2": BLIND_ROUND_2 };

export { APP_LAYER_DEFECTS, caught };

/** Runs the named defects of `corpus` ("faithful" for none), `at` runs at once, appending each outcome to `file`. */
export async function worker(job: { ids: string[]; level: Level; file: string; at?: number; corpus?: string }): Promise<void> {
  const all = new Map((CORPORA[job.corpus ?? "ours"] ?? []).map((d) => [d.id, d]));
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
