// A failing sequence made as short as it can be: delta debugging (ddmin) over its steps, each try on
// fresh projects, until no chunk can be left out and it still fails the same check. The shortest one is
// the reproduction the report prints, its requests as curl lines in order.
import type { Step } from "./steps.js";

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
