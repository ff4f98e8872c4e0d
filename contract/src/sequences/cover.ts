// A covering array (as PICT and AETG build them): rows over dimensions of values such that every pair of
// values of two dimensions is in some row, and the dimensions named `whole` are crossed whole (every
// combination of theirs is a row at least). Seeded: the same seed, the same rows; each row greedily the
// candidate of a few random ones that covers the most pairs not yet covered. Rows are added until every
// pair is covered, then up to `atLeast` rows (a larger budget covers more triples: each added row a
// combination not held yet); never past `most` nor the whole product (then `uncovered` says what is left).
import { random } from "./generate.js";

export type Row = Record<string, string>;

export interface Covering {
  rows: Row[];
  /** Pairs of values no row holds (the budget ran out first). */
  uncovered: number;
  pairs: number;
}

/** The pairs of values a row holds, each as "dimension=value|dimension=value". */
const pairsOf = (row: Row, names: readonly string[]): string[] =>
  names.flatMap((a, i) => names.slice(i + 1).map((b) => `${a}=${row[a]}|${b}=${row[b]}`));

export function cover(
  dimensions: Readonly<Record<string, readonly string[]>>,
  options: { seed: number; whole?: readonly string[]; atLeast?: number; most?: number; candidates?: number },
): Covering {
  const names = Object.keys(dimensions);
  const whole = options.whole ?? [];
  const next = random(options.seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const uncovered = new Set(
    names.flatMap((a, i) =>
      names.slice(i + 1).flatMap((b) => dimensions[a]!.flatMap((x) => dimensions[b]!.map((y) => `${a}=${x}|${b}=${y}`))),
    ),
  );
  const pairs = uncovered.size;
  // The whole dimensions' product, each combination a row to complete.
  let fixed: Row[] = [{}];
  for (const name of whole) fixed = fixed.flatMap((row) => dimensions[name]!.map((value) => ({ ...row, [name]: value })));
  const rows: Row[] = [];
  const gain = (row: Row) => pairsOf(row, names).filter((pair) => uncovered.has(pair)).length;
  const complete = (start: Row): Row => {
    let best: Row | undefined;
    for (let c = 0; c < (options.candidates ?? 20); c++) {
      const row = { ...start };
      for (const name of names) row[name] ??= pick(dimensions[name]!);
      if (!best || gain(row) > gain(best)) best = row;
    }
    return best!;
  };
  // Never more rows than the whole product: past it, every row would repeat one.
  const product = names.reduce((n, name) => n * dimensions[name]!.length, 1);
  const most = Math.min(options.most ?? Number.POSITIVE_INFINITY, product);
  const held = new Set<string>();
  const keyOf = (row: Row) => names.map((name) => row[name]).join("\u0000");
  for (const start of fixed) if (rows.length < most) add(complete(start));
  while (rows.length < most && (uncovered.size > 0 || rows.length < (options.atLeast ?? 0))) {
    let row = complete({});
    // Past the pairs, a row adds a combination not held yet (more triples), found by trying.
    for (let tries = 0; uncovered.size === 0 && held.has(keyOf(row)) && tries < 100 * product; tries++) row = complete({});
    if (uncovered.size === 0 && held.has(keyOf(row))) break;
    if (uncovered.size > 0 && gain(row) === 0) {
      // No random candidate helps: a row made from an uncovered pair itself.
      const [a, b] = [...uncovered][0]!.split("|").map((part) => part.split("=") as [string, string]);
      add(complete({ [a![0]]: a![1], [b![0]]: b![1] }));
    } else add(row);
  }
  return { rows, uncovered: uncovered.size, pairs };

  function add(row: Row): void {
    rows.push(row);
    held.add(keyOf(row));
    for (const pair of pairsOf(row, names)) uncovered.delete(pair);
  }
}
