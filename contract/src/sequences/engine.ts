// The model's part of a run: find who the keys are (callers/cast.ts), then, side by side, the fixed scenarios
// (a project's life with every caller, the second user's own project, the organization, the groups)
// and generated sequences; then each failure is replayed once on fresh projects — one that does not
// fail again is unstable, not failed — and a failing generated sequence is shrunk to the shortest
// that still fails, which becomes its reproduction. Everything created is registered for the
// clean-up the moment the server names it.
import type { Suite } from "../runner/suite.js";
import type { CheckResult } from "../runner/result.js";
import { BusyError, DeadlineError, REACHED_MAX_TIME } from "../transport/transport.js";
import { findCast, type Cast } from "../callers/cast.js";
import { groupsScenario } from "./groups.js";
import { Ledger, type Observation } from "../model/ledger.js";
import { organizationScenario } from "./organization.js";
import type { People } from "../callers/people.js";
import { AT_THE_END, ScenarioRun } from "./scenario.js";
import { addsAtOnce, lifecycle, newAccountInvite, recasedInvite, subAddress, unknownIds } from "./fixed.js";
import { accessMatrix } from "./matrix.js";
import { generate } from "./generate.js";
import { explore } from "./explore.js";
import { findForeign, repeatsConfirmed } from "./repeats.js";
import { shrink } from "./shrink.js";
import { describeStep, type CallerName, type Step } from "./steps.js";
import { World } from "../model/world.js";
import { judge, judgeFinding } from "../model/judge.js";
import { wrongKeyOf } from "../callers/credentials.js";
import { basicAuthorization } from "../transport/http.js";
import { listAll } from "../runner/lists.js";
import { ofAnyRun } from "../runner/created.js";

export interface ModelOptions {
  /** The seed of the generated sequences (a run prints it; --seed repeats it). */
  seed: number;
  /** How many sequences are generated, and how long each is. */
  sequences: number;
  steps: number;
  /** Replays a shrink may make, per failing sequence. */
  shrinkTries: number;
  /** Rows of each access matrix's covering array at least (a larger budget: more triples of cell, view
   * and method; by default as many as cover every pair). */
  formsAtLeast?: number;
  /** Called when the first generated sequence begins (a run without writes generates none). */
  generating?: () => void;
}

/** An id no project has, as far as the run can tell (the largest 32-bit id but one). */
const NO_PROJECT = 2_147_483_646;

export const DEFAULT_MODEL_OPTIONS: Omit<ModelOptions, "seed"> = { sequences: 6, steps: 10, shrinkTries: 12 };

/** Why a scenario did not end: the server kept being busy, or the run's time was up. */
function notEnded(error: unknown): string | undefined {
  if (error instanceof BusyError) return "the server was busy (429/503 to every attempt)";
  if (error instanceof DeadlineError) return REACHED_MAX_TIME;
  return undefined;
}

/**
 * The model's checks. `ready` is called once the run's first projects exist (or at once, when there is
 * nothing to create): until then the run's other checks wait, so that the projects the model watches
 * were made back to back — a write to one that lands on its neighbour shows.
 */
export async function runModel(suite: Suite, options: ModelOptions, ready: () => void = () => {}): Promise<CheckResult[]> {
  const { target } = suite;
  const ledger = new Ledger();
  if (target.isMock || !target.stateful) {
    ready();
    return [];
  }
  // Without writes the model makes no project, so the checks need not wait for it at all.
  if (!target.allowWrites) ready();
  const register = (id: number, key: string) => suite.created.adopt(id, key);
  let cast: Cast;
  try {
    cast = await findCast(suite, ledger, register);
  } catch (error) {
    ready();
    const why = notEnded(error);
    if (!why) throw error;
    ledger.skip("createProject", "the run's key", "outcome", why);
    return ledger.results();
  }
  const keys = { key: target.apiKey, ...(target.otherApiKey && { other: target.otherApiKey }), wrong: wrongKeyOf(target.apiKey) };
  const world = new World(suite, cast.model, ledger, keys, judge);
  // The bootstrap's projects as they are now: nothing the run does later is meant for them.
  const bystanders: Bystander[] = [];
  for (const { id, key } of cast.bystanders) {
    const seen = await suite.send({ method: "get", path: `/projects/${id}.json`, authorization: basicAuthorization(key) });
    if (seen.status === 200 && seen.json && typeof seen.json === "object")
      bystanders.push({ id, key, before: seen.json as Record<string, unknown> });
  }
  world.accounts.set("key", cast.accounts.key);
  if (cast.accounts.other !== undefined && cast.accounts.other > 0) world.accounts.set("other", cast.accounts.other);
  for (const reason of cast.missing) ledger.skip("the model", "the run's keys", "outcome", reason);

  const keyOf = (caller: CallerName) => (caller === "other" ? target.otherApiKey! : target.apiKey);
  const newRun = (on: World, people: People = cast.people) =>
    new ScenarioRun(
      on,
      people,
      (id, caller) => register(id, keyOf(caller)),
      (id) => suite.created.forget(id),
    );
  const writes = target.allowWrites && cast.accounts.key > 0;
  const otherKnown = world.accounts.has("other");
  const castOf = {
    other: otherKnown,
    newcomer: cast.people.newcomer !== undefined,
    invite: cast.people.invitee !== undefined,
    inviteIsOther: cast.people.invitee?.id !== undefined && cast.people.invitee.id === cast.accounts.other,
  };
  const tag = suite.runTag;
  // The second key's projects that are not the run's, before the run writes: its removals from its own
  // projects must leave every one of them the second key's.
  const othersProjects = writes && otherKnown ? (await projectsNotOurs(suite, target.otherApiKey!))?.ids : undefined;

  /** Scenario step lists that ran, with the run that made them (for replaying failures). */
  const ran: Array<{ steps: Step[]; run: ScenarioRun; generated: boolean; people?: () => People }> = [];
  const guarded = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      const why = notEnded(error);
      if (!why) throw error;
      ledger.skip(name, "every caller", "outcome", why);
    }
  };
  // Each scenario has a world of its own (its projects are its own); they share the ledger, the accounts
  // and what is learned of them. The project's life begins alone: its first two projects follow the
  // bootstrap's, before anything else is created.
  let lifecycleStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (lifecycleStarted = resolve));
  const scenario =
    (steps: Step[], generated = false, whenMade?: { creates: number; onceMade: () => void }) =>
    async () => {
      const run = newRun(world.fork(ledger));
      if (whenMade) run.afterCreates(whenMade.creates, whenMade.onceMade);
      ran.push({ steps, run, generated });
      await run.run(steps);
    };

  const groupsWorld = world.fork(ledger);
  const work: Array<Promise<void>> = [guarded("listGroups", () => groupsScenario(groupsWorld, cast.groups))];
  if (writes) {
    work.push(
      guarded("a project's life", () =>
        scenario(lifecycle(tag, castOf), false, {
          creates: 2,
          onceMade: () => {
            lifecycleStarted();
            ready();
          },
        })().finally(() => {
          lifecycleStarted();
          ready();
        }),
      ),
    );
    await started;
    // The access matrix on a project of each key's (the second key's, when it may create one).
    work.push(guarded("the access matrix", scenario(accessMatrix("key", tag, options.seed, options.formsAtLeast))));
    if (otherKnown)
      work.push(
        guarded("the access matrix on the second user's project", scenario(accessMatrix("other", tag, options.seed, options.formsAtLeast))),
      );
    work.push(guarded("hostile strings and unlisted methods", scenario(explore(tag))));
    if (castOf.other && castOf.newcomer) work.push(guarded("adds at once", scenario(addsAtOnce(tag, ["other", "newcomer"]))));
    work.push(
      guarded("repeats and ids in the body", async () => {
        const foreign = await findForeign(newRun(world.fork(ledger)), new Set(world.model.users.keys()));
        const { newcomer, other } = cast.people;
        const valid =
          newcomer !== undefined
            ? { person: "newcomer" as const, id: newcomer }
            : other !== undefined
              ? { person: "other" as const, id: other }
              : undefined;
        await repeatsConfirmed(world, newRun, tag, {
          ...(valid && { valid }),
          ...(foreign && { foreign }),
          invite: cast.people.invitee?.id !== undefined,
        });
      }),
    );
    work.push(
      guarded("an unknown project", async () => {
        const run = newRun(world.fork(ledger));
        run.assume("unknown", NO_PROJECT);
        ran.push({ steps: unknownIds(), run, generated: false });
        await run.run(unknownIds());
      }),
    );
    if (cast.organization)
      work.push(
        guarded("updateOrganization", () =>
          organizationScenario(
            world,
            cast.organization!,
            {
              sharesIt: !cast.otherOrganization,
              ...(cast.otherOrganization && { own: cast.otherOrganization }),
            },
            options.seed,
          ),
        ),
      );
    // A disposable server (the sandbox, or one declared with --disposable): an address no account has,
    // a sub-address of the invite address, is added by email — which creates an account with full
    // administrator access there (rule 3 of adding): never on a server that is not disposable.
    const inviteBase = target.declaredDisposable ? target.inviteEmail : cast.people.invitee?.email;
    if (target.disposable && inviteBase?.includes("@"))
      work.push(
        guarded("an address without an account", async () => {
          // A new address for each run of the scenario (its replay too): each is one no account has.
          let runs = 0;
          const people = (): People => ({
            ...cast.people,
            invitee: { email: subAddress(inviteBase, `pcs-${tag.split(" ").at(-1)}-${++runs}`), fresh: true },
          });
          const run = newRun(world.fork(ledger), people());
          const steps = newAccountInvite(tag);
          ran.push({ steps, run, generated: false, people });
          await run.run(steps);
        }),
      );
    // The invite address in another case, on a disposable server only (it mails the address again).
    if (target.disposable && cast.people.invitee?.id !== undefined)
      work.push(guarded("the invite address in another case", scenario(recasedInvite(tag))));
    work.push(
      guarded("generated sequences", async () => {
        if (options.sequences > 0) options.generating?.();
        for (let i = 0; i < options.sequences; i++)
          await scenario(generate(options.seed + i, options.steps, tag, { ...castOf, invite: castOf.invite && target.disposable }), true)();
      }),
    );
  } else {
    ready();
    ledger.skip(
      "createProject",
      "every caller",
      "outcome",
      "would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)",
    );
  }
  await Promise.all(work);
  // The end: every project of the run still there is what the run last made it — a write to one
  // project that changed another shows here.
  await guarded("the run's projects at its end", async () => {
    for (const { run } of ran) await run.sweep();
    for (const bystander of bystanders) await bystanderSweep(world, bystander);
    if (othersProjects?.size) await membershipSweep(world, othersProjects);
  });

  await guarded("replays", async () => {
    await confirm(world, ledger, ran, newRun, options);
    // The groups are read again as a whole: a failure that does not come back is unstable.
    const groupsFailed = ledger.failures().filter((f) => world.counts(f) && f.exchange && groupsWorld.sent.includes(f.exchange));
    if (groupsFailed.length === 0) return;
    const again = new Ledger();
    await groupsScenario(world.fork(again), cast.groups);
    ledger.confirm(groupsFailed, again, (f) => world.counts(f));
  });
  return ledger.results();
}

/**
 * Each failing check is replayed once, on fresh projects, from the scenario that found it: one that
 * does not fail again is unstable. A generated sequence that fails again is shrunk (shrink.ts) and
 * its shortest failing form is the reproduction. One replay per scenario, however many checks failed in it.
 */
async function confirm(
  world: World,
  ledger: Ledger,
  ran: Array<{ steps: Step[]; run: ScenarioRun; generated: boolean; people?: () => People }>,
  newRun: (on: World, people?: People) => ScenarioRun,
  options: ModelOptions,
): Promise<void> {
  const failures = ledger.failures().filter((f) => world.counts(f));
  if (failures.length === 0) return;
  // A check is unstable only when no scenario that failed it fails it again (the ledger keeps which did):
  // the first one to fail a check may have caught it by its timing, another deterministically.
  let shrunk = 0;
  for (const { steps, run, generated, people } of ran) {
    if (run.firstFailure === undefined) continue;
    const prefix = steps.slice(0, lastFailingStep(run, steps) + 1);
    const replayLedger = new Ledger();
    const replay = newRun(world.fork(replayLedger), people?.());
    for (const [slot, id] of run.assumed) replay.assume(slot, id);
    await replay.run(prefix);
    const failedHere = new Set(run.world.failed.map(Ledger.idOf));
    const mine = failures.filter(
      (f) =>
        (run.exchanges.includes(f.exchange!) || failedHere.has(Ledger.idOf(f))) &&
        !(f.operation === AT_THE_END.operation && f.role === AT_THE_END.role),
    );
    const again = ledger.confirm(mine, replayLedger, (f) => world.counts(f));
    if (!generated || shrunk >= 2) continue;
    const target = mine.find((f) => again.has(Ledger.idOf(f)));
    if (!target) continue;
    shrunk++;
    // The failure as the shortest failing sequence showed it: its message, its request, and every request
    // of that sequence up to it (a shrink that found nothing shorter keeps the replay's).
    let shortestFailure: { run: ScenarioRun; failure: Observation } | undefined;
    const failureIn = (attempt: ScenarioRun) => attempt.ledger.failures().find((f) => Ledger.idOf(f) === Ledger.idOf(target));
    const replayed = failureIn(replay);
    if (replayed) shortestFailure = { run: replay, failure: replayed };
    const shortest = await shrink(
      steps.slice(0, run.firstFailure + 1),
      async (candidate) => {
        const attempt = newRun(world.fork(new Ledger()));
        await attempt.run(candidate);
        const failure = failureIn(attempt);
        if (failure) shortestFailure = { run: attempt, failure };
        return failure !== undefined;
      },
      options.shrinkTries,
    );
    if (!shortestFailure) continue;
    const { run: shown, failure } = shortestFailure;
    const upTo = failure.exchange ? shown.exchanges.indexOf(failure.exchange) : -1;
    const described = shortest.map(describeStep);
    ledger.amend(failure, {
      message: `${failure.message ?? ""}\nthe shortest generated sequence that fails this (${described.length} steps): ${described.join("; ")}`,
      reproduction: upTo >= 0 ? shown.exchanges.slice(0, upTo + 1) : shown.exchanges,
    });
  }
}

interface Bystander {
  id: number;
  key: string;
  before: Record<string, unknown>;
}

/** A project of the bootstrap (callers/cast.ts), as it was when the scenarios began and as it is at the end:
 * unchanged — none of the run's writes meant for other projects landed on it. */
async function bystanderSweep(world: World, { id, key, before }: Bystander): Promise<void> {
  const { response: now, exchange } = await world.send({
    method: "get",
    path: `/projects/${id}.json`,
    authorization: basicAuthorization(key),
  });
  const fields = ["title", "description", "job_code", "created", "modified"] as const;
  const json = now.json as Record<string, unknown> | undefined;
  const changed = fields.filter((field) => JSON.stringify(json?.[field]) !== JSON.stringify(before[field]));
  const right = now.status === 200 && changed.length === 0;
  judgeFinding(world, {
    operation: "the run's writes",
    role: "another of the run's projects",
    rule: "update-changes-only-given",
    ...(!right && {
      problem: `project ${id}, which the run wrote nothing to after making it, changed while the run wrote to others (${changed.map((f) => `${f}: ${JSON.stringify(before[f])} → ${JSON.stringify(json?.[f])}`).join("; ") || `now ${now.status}`}): ${world.suite.explain("getProject", now)}`,
    }),
    exchange,
    status: now.status,
  });
}

/** The projects a key lists that no checker run made (whole lists only: a sampled one says nothing of
 * what is missing from it), with the list's first answer. */
async function projectsNotOurs(suite: Suite, apiKey: string): Promise<{ ids: Set<number>; shown: string } | undefined> {
  const { items, complete, first } = await listAll<{ id?: unknown; title?: unknown }>(suite, "listProjects", "/projects.json", { apiKey });
  if (!complete) return undefined;
  const made = new Set(suite.created.ids());
  const ids = new Set(items.flatMap((p) => (typeof p?.id === "number" && !ofAnyRun(p.title) && !made.has(p.id) ? [p.id] : [])));
  return { ids, shown: `${first.method} ${first.url} → ${first.status}` };
}

/** The second key's projects that are not the run's, at the end: the run removed that user from its
 * own projects only ("DELETE /projects/[id]/users/[id].json (first id the project, second the user)"),
 * so each project it was a user of before is still in its list — unless it is gone (the run's key no
 * longer reads it: deleted by someone else, not judged). */
async function membershipSweep(world: World, before: ReadonlySet<number>): Promise<void> {
  const { suite } = world;
  const now = await projectsNotOurs(suite, suite.target.otherApiKey!);
  if (!now) return;
  const left: number[] = [];
  for (const id of before) {
    if (now.ids.has(id)) continue;
    const read = await suite.send({ method: "get", path: `/projects/${id}.json`, authorization: basicAuthorization(suite.target.apiKey) });
    if (read.status === 200) left.push(id);
  }
  judgeFinding(world, {
    operation: "removeProjectUser",
    role: "the second key, on projects the run never wrote to",
    rule: "visible-when-added",
    ...(left.length && {
      problem: `the second key's project list no longer holds ${left.map((id) => `project ${id}`).join(", ")}, which it held before the run and the run never wrote to (it exists: the run's key reads it): removing the user from the run's own projects took it off others too: ${now.shown}`,
    }),
  });
}

/** The index of the last step of `run` whose checks failed (the replay goes that far). */
function lastFailingStep(run: ScenarioRun, steps: Step[]): number {
  return Math.min(steps.length - 1, run.lastFailure ?? run.firstFailure ?? steps.length - 1);
}
