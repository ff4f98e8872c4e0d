// One checker run against the faithful stand-in, or against it behind one HTTP-layer mutant
// (http-layer-operators.ts), in this process, as test/conformance-levels/levels.test.ts runs it: writes
// allowed, the second key, an invite address, a fixed seed. And what decides that a mutant is caught:
//   - documented level: the run fails (a failure, a stopped run, or a clean-up that left something);
//   - full level: the faithful stand-in already fails there (the assumptions it chose otherwise), so a
//     mutant is caught only by a check that does not fail against the faithful stand-in — a failure
//     added to a check already failing is not a catch.
import { appendFileSync } from "node:fs";
import { findings, runContract, verdict, type Level, type RunResult, type Target } from "../../contract/src/index.js";
import { recordedStandIn } from "../support/stand-in/recorded.js";
import { userServer } from "../support/stand-in/target.js";
import { type Hit, type Mutant, mutants } from "./http-layer-operators.js";

export { FAITHFUL, mutants } from "./http-layer-operators.js";

/** The second key's own address (the stand-in seed's Viewer), invited by the runs that may invite. */
export const INVITE_EMAIL = "lee.park@northwind.example";
export const RUN_SEED = 20261127;

export interface Outcome {
  mutant: string;
  level: Level;
  /** The verdict's exit code: 0 passes, 1 fails, 2 stopped. */
  code: number;
  /** The failing checks, numbers masked (a created project's id differs between runs). */
  failing: string[];
  /** How many of them are documented facts (the others rest on assumptions). */
  facts: number;
  /** The first failure's title and reason, cut short. */
  first?: string;
  setupError?: string;
  cleanUpFailed: boolean;
  /** How often the mutant answered otherwise than the faithful server. */
  hits: number;
  requests: number;
  ms: number;
}

const mask = (id: string) => id.replace(/\d+/g, "N");

export async function checkerRun(
  level: Level,
  wrap?: Mutant["wrap"],
  limits: Record<string, number> = {},
): Promise<{ run: RunResult; hits: number }> {
  let hits = 0;
  const hit: Hit = () => void hits++;
  const server = recordedStandIn(wrap ? { wrap: (handler) => wrap(handler, hit) } : {});
  const target: Target = userServer({
    name: "the stand-in",
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    otherApiKey: server.otherApiKey,
    inviteEmail: INVITE_EMAIL,
    allowWrites: true,
    fetch: server.fetch,
  });
  const run = await runContract({ target, level, limits: { rate: 10_000, concurrency: 8, ...limits }, seed: RUN_SEED });
  return { run, hits };
}

export function outcomeOf(mutant: string, level: Level, run: RunResult, hits: number, ms: number): Outcome {
  const { failures } = findings(run);
  const first = failures[0];
  return {
    mutant,
    level,
    code: verdict(run).code,
    failing: [...new Set(failures.map((r) => mask(r.id)))],
    facts: new Set(failures.filter((r) => r.entries.length === 0).map((r) => mask(r.id))).size,
    ...(first && { first: `${first.title}: ${first.reason ?? ""}`.slice(0, 300) }),
    ...(run.setupError && { setupError: String(run.setupError).slice(0, 300) }),
    cleanUpFailed: run.cleanUpFailed,
    hits,
    requests: run.requests,
    ms,
  };
}

/** Whether `outcome` is a catch, given the faithful stand-in's outcome at the same level. */
export function caught(outcome: Outcome, faithful: Outcome): boolean {
  if (outcome.level === "documented" || faithful.code === 0) return outcome.code !== 0;
  if (outcome.setupError || (outcome.cleanUpFailed && !faithful.cleanUpFailed)) return true;
  const before = new Set(faithful.failing);
  return outcome.failing.some((id) => !before.has(id));
}

/** Runs the named mutants ("faithful" for none) at each level, `at` runs at once (a run waits more than
 * it computes), appending one JSON line per outcome to `file`. */
export async function worker(job: { ids: string[]; levels: Level[]; file: string; at?: number }): Promise<void> {
  const all = new Map(mutants().map((m) => [m.id, m]));
  const queue = job.ids.flatMap((id) => job.levels.map((level) => ({ id, level })));
  const one = async ({ id, level }: { id: string; level: Level }) => {
    const mutant = all.get(id);
    if (id !== "faithful" && !mutant) throw new Error(`no HTTP-layer mutant ${id}`);
    const started = performance.now();
    const { run, hits } = await checkerRun(level, mutant?.wrap);
    appendFileSync(job.file, `${JSON.stringify(outcomeOf(id, level, run, hits, Math.round(performance.now() - started)))}\n`);
  };
  await Promise.all(
    Array.from({ length: job.at ?? 1 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await one(next);
    }),
  );
}
