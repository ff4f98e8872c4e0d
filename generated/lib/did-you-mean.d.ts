/**
 * The word of `known` that `word` most likely meant, or undefined when none is close enough: at most
 * one edit for a word of up to 4 characters, else 2 or a third of its length (a swap of two neighbouring
 * letters is one edit; case is ignored); a word of 3 characters or more that starts a known one
 * (`proj`, `--allow-write`) is closer than any edit. The first of equally close words wins.
 */
export declare function didYouMean(word: string, known: readonly string[]): string | undefined;
/** The first line of node:util parseArgs's "Unknown option '--allow-write'. To specify a positional…"
 * with the option meant, when one of `options` (its names, without dashes) is close: "Unknown option
 * '--allow-write': did you mean --allow-writes?". Any other message: its first line as it is. */
export declare function unknownOptionLine(message: string, options: readonly string[]): string;
