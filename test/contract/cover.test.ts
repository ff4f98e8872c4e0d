// The covering array (contract/src/sequences/cover.ts): every pair of values of two dimensions in some
// row, the whole dimensions crossed whole, the same rows for the same seed, bounded by `most`.
import { describe, expect, it } from "vitest";
import { cover, type Row } from "../../contract/src/sequences/cover.js";

const DIMENSIONS = {
  caller: ["key", "other", "wrong", "none"],
  relation: ["never", "added", "removed"],
  view: ["get", "users", "files", "urls", "copy"],
  method: ["GET", "HEAD", "OPTIONS"],
  encoding: ["identity", "gzip", "br", ""],
};
/** Every pair of values, counted here from the dimensions (not from the generator). */
const everyPair = (dimensions: Record<string, string[]>) => {
  const names = Object.keys(dimensions);
  return names.flatMap((a, i) => names.slice(i + 1).flatMap((b) => dimensions[a]!.flatMap((x) => dimensions[b]!.map((y) => [a, x, b, y]))));
};
const holds = (rows: Row[], [a, x, b, y]: string[]) => rows.some((row) => row[a!] === x && row[b!] === y);

describe("a covering array", () => {
  it("holds every pair of values, and the whole dimensions' every combination, in far fewer rows than the product", () => {
    const { rows, uncovered, pairs } = cover(DIMENSIONS, { seed: 7, whole: ["caller", "relation", "method"] });
    expect(pairs).toBe(everyPair(DIMENSIONS).length);
    expect(uncovered).toBe(0);
    for (const pair of everyPair(DIMENSIONS)) expect(holds(rows, pair), pair.join(" ")).toBe(true);
    for (const caller of DIMENSIONS.caller)
      for (const relation of DIMENSIONS.relation)
        for (const method of DIMENSIONS.method)
          expect(rows.some((r) => r.caller === caller && r.relation === relation && r.method === method)).toBe(true);
    // 36 triples whole, 720 rows in the product.
    expect(rows.length).toBeLessThan(60);
  });
  it("is the same for the same seed, and another for another", () => {
    expect(cover(DIMENSIONS, { seed: 7 }).rows).toEqual(cover(DIMENSIONS, { seed: 7 }).rows);
    expect(cover(DIMENSIONS, { seed: 8 }).rows).not.toEqual(cover(DIMENSIONS, { seed: 7 }).rows);
  });
  it("stops at `most` and says what is left; `atLeast` adds rows past covering", () => {
    const cut = cover(DIMENSIONS, { seed: 7, most: 5 });
    expect(cut.rows).toHaveLength(5);
    expect(cut.uncovered).toBeGreaterThan(0);
    const full = cover(DIMENSIONS, { seed: 7 });
    expect(cover(DIMENSIONS, { seed: 7, atLeast: full.rows.length + 10 }).rows).toHaveLength(full.rows.length + 10);
  });
  it("a budget past the whole product holds every combination once, and no more", () => {
    const small = { caller: ["key", "other"], view: ["get", "users", "files"], method: ["GET", "HEAD"] };
    const { rows } = cover(small, { seed: 3, atLeast: 10_000 });
    const keys = rows.map((row) => `${row.caller} ${row.view} ${row.method}`);
    expect(new Set(keys).size).toBe(2 * 3 * 2);
    expect(rows).toHaveLength(2 * 3 * 2);
  });
  it("past the pairs, each added row is a combination not held yet", () => {
    const { rows } = cover(DIMENSIONS, { seed: 7, atLeast: 200 });
    const keys = rows.map((row) =>
      Object.keys(DIMENSIONS)
        .map((name) => row[name])
        .join(" "),
    );
    expect(rows).toHaveLength(200);
    expect(new Set(keys).size).toBeGreaterThan(190);
  });
});
