// Did you mean…? The closest of the known words to a misspelt one (a command, a verb, a flag), when it
// is close enough to be what was meant: at most one edit for a short word, two for a longer one, a
// swap of two neighbouring letters counting as one.

/** The optimal string alignment distance: insertions, deletions, substitutions and transpositions. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known word closest to `word`, if it is close enough; a word that starts a known one (`proj`) counts. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  if (lower === "") return undefined;
  const allowed = lower.length <= 4 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of new Set(known)) {
    // Lengths further apart than the edits allowed cannot be close (and a word of megabytes is not measured).
    const distance =
      candidate.startsWith(lower) && lower.length >= 3
        ? 0.5
        : Math.abs(lower.length - candidate.length) > allowed
          ? Number.POSITIVE_INFINITY
          : editDistance(lower, candidate.toLowerCase());
    if (distance <= allowed && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(word: string, known: readonly string[], quote = (w: string) => JSON.stringify(w)): string {
  const found = closest(word, known);
  return found ? `: did you mean ${quote(found)}?` : "";
}
