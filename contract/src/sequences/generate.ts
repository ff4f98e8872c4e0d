// Generated sequences: what the fixed scenarios do not think of — an order of steps nobody wrote down.
// Each sequence starts with a project of the run's key and draws its steps (who, what, with which
// value) from a seeded random source, so a run is repeatable (--seed). A failing one is shrunk
// (shrink.ts), as property-based testing does (fast-check's model runs, Hypothesis's rule-based state
// machines).
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
