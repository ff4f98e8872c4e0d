/** A character (one UTF-16 code unit) as its \uXXXX escape. Internal: not exported from src/index.ts. */
export declare function unicodeEscape(character: string): string;
export interface TerminalTextOptions {
    /** Keep line feeds and tabs (a multi-line message); by default they are escaped too, so that one
     * value stays on one line (a table cell, a status line). */
    multiline?: boolean;
}
/**
 * The text with every character a terminal would act on written as a visible escape (`\u001b`, `\n`),
 * so that it shows what the server sent and does nothing else. Any value is turned into a string first.
 */
export declare function safeTerminalText(text: unknown, options?: TerminalTextOptions): string;
/**
 * safeTerminalText, and safe for a CI runner's log: no workflow command (`::name::…` at a line's start,
 * `##[` anywhere) survives, and — one line by default — no line break from the text splits a line of
 * the output it is put in. With `multiline`, line feeds and tabs are kept and each line is guarded
 * alone: for an output made of the program's own lines (the last guard before it is written).
 */
export declare function safeCiText(text: unknown, options?: TerminalTextOptions): string;
/**
 * A JSON text made safe for a terminal and a CI log, and still the same JSON: JSON.stringify already
 * escapes the C0 controls (so no string starts a line); the characters it leaves raw (DEL, C1, bidi,
 * U+2028/U+2029) and the `#` of a `##[` can only stand inside strings, where `\uXXXX` means the same
 * character, so the text parses to exactly the same value.
 */
export declare function safeJsonText(json: string): string;
