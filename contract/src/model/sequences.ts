// Generated sequences: what the fixed scenarios do not think of — an order of steps nobody wrote down.
// Each sequence starts with a project of the run's key and draws its steps (who, what, with which
// value) from a seeded random source, so a run is repeatable (--seed). A failing sequence is shrunk,
// as property-based testing does (fast-check's model runs, Hypothesis's rule-based state machines), to
// the shortest sub-sequence that still fails the same check, by delta debugging (ddmin) over its steps,
// each try on fresh projects; that is the reproduction the report prints.
import type { CallerName, Person, ProjectView, Step } from "./steps.js";
import { MULTILINE, TEXT_CLASSES, fieldsOf } from "./values.js";

/** A small, fast, seeded generator (mulberry32): the same seed, the same sequences. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

export interface Casting {
  other: boolean;
  newcomer: boolean;
  invite: boolean;
}

/** `count` steps after a create by the run's key, each drawn from what the cast allows. */
export function generate(seed: number, count: number, tag: string, cast: Casting): Step[] {
  const next = random(seed);
  const callers: CallerName[] = ["key", "key", "key", ...(cast.other ? (["other", "other", "other"] as const) : []), "wrong", "none"];
  const people: Person[] = [
    ...(cast.other ? (["other"] as const) : []),
    ...(cast.newcomer ? (["newcomer"] as const) : []),
    "creator",
    "self",
  ];
  const views: ProjectView[] = ["get", "users", "list", "get", "users", "files", "urls", "copy"];
  const slots = ["P1"];
  const steps: Step[] = [{ kind: "create", caller: "key", slot: "P1", fields: fieldsOf(pick(next, TEXT_CLASSES), tag), why: "generated" }];
  for (let i = 0; i < count; i++) {
    const caller = pick(next, callers);
    const slot = pick(next, slots);
    const roll = next();
    if (roll < 0.25) steps.push({ kind: "read", caller, slot, view: pick(next, views) });
    else if (roll < 0.45) {
      const textClass = next() < 0.1 ? MULTILINE : pick(next, TEXT_CLASSES);
      const field = pick(next, ["name", "description", "job_code"] as const);
      const value = field === "description" && textClass === MULTILINE ? MULTILINE.sample(200) : fieldsOf(textClass, tag)[field];
      steps.push({ kind: "update", caller, slot, fields: { [field]: value }, why: `${field}: ${textClass.name}` });
    } else if (roll < 0.65) steps.push({ kind: "add", caller, slot, who: pick(next, people), by: "id" });
    else if (roll < 0.72 && cast.invite) steps.push({ kind: "add", caller, slot, who: "invitee", by: "email" });
    else if (roll < 0.85) steps.push({ kind: "remove", caller, slot, who: pick(next, people) });
    else if (roll < 0.9 && slots.length < 2) {
      slots.push("P2");
      steps.push({
        kind: "create",
        caller: pick(next, ["key", ...(cast.other ? (["other"] as const) : [])]),
        slot: "P2",
        fields: fieldsOf(pick(next, TEXT_CLASSES), tag),
        why: "generated",
      });
    } else if (roll < 0.95) steps.push({ kind: "delete", caller, slot });
    else
      steps.push({ kind: "unlisted", caller, slot, method: pick(next, ["PUT", "POST"]), path: pick(next, ["project", "users"] as const) });
  }
  return steps;
}

/**
 * The shortest sub-sequence of `steps` that still fails, by delta debugging: the first step (the
 * create) and the last (where it failed) stay; chunks of the others are left out while `fails` says
 * the shorter sequence still fails. At most `tries` tries, each on fresh projects.
 */
export async function shrink(steps: Step[], fails: (candidate: Step[]) => Promise<boolean>, tries: number): Promise<Step[]> {
  let middle = steps.slice(1, -1);
  const ends = (inner: Step[]) => [steps[0]!, ...inner, steps.at(-1)!];
  let chunks = 2;
  let used = 0;
  while (middle.length > 0 && used < tries) {
    const size = Math.ceil(middle.length / chunks);
    let reduced = false;
    for (let start = 0; start < middle.length && used < tries; start += size) {
      const without = [...middle.slice(0, start), ...middle.slice(start + size)];
      used++;
      if (await fails(ends(without))) {
        middle = without;
        chunks = Math.max(chunks - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (size === 1) break;
      chunks = Math.min(chunks * 2, middle.length);
    }
  }
  return ends(middle);
}
