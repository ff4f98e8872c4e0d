// Did you mean…? The one guess of `pcs`, the checker (`pcs-contract`) and the MCP server (its command
// line, and the strings an `execute` program passes): the known word closest to a misspelt one — a
// command, a flag, a path — when it is close enough to be what was meant. Here, in the main package,
// because each of the three installs alone with this package as its one dependency in common.

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

/**
 * The word of `known` that `word` most likely meant, or undefined when none is close enough: at most
 * one edit for a word of up to 4 characters, else 2 or a third of its length (a swap of two neighbouring
 * letters is one edit; case is ignored); a word of 3 characters or more that starts a known one
 * (`proj`, `--allow-write`) is closer than any edit. The first of equally close words wins.
 */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  if (lower === "") return undefined;
  const allowed = lower.length <= 4 ? 1 : Math.max(2, Math.floor(lower.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const candidate of new Set(known)) {
    const other = candidate.toLowerCase();
    // Lengths further apart than the edits allowed cannot be close (and a word of megabytes is not measured).
    const distance =
      other.startsWith(lower) && lower.length >= 3
        ? 0.5
        : Math.abs(lower.length - other.length) > allowed
          ? Number.POSITIVE_INFINITY
          : editDistance(lower, other);
    if (distance <= allowed && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

/** The first line of node:util parseArgs's "Unknown option '--allow-write'. To specify a positional…"
 * with the option meant, when one of `options` (its names, without dashes) is close: "Unknown option
 * '--allow-write': did you mean --allow-writes?". Any other message: its first line as it is. */
export function unknownOptionLine(message: string, options: readonly string[]): string {
  const first = message.split("\n")[0]!;
  const unknown = /^Unknown option '--([^']+)'/.exec(first);
  const meant = unknown && didYouMean(unknown[1]!, options);
  return meant ? `Unknown option '--${unknown[1]}': did you mean --${meant}?` : first;
}
