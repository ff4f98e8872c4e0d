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
 * A JSON text made safe for a terminal and still the same JSON: JSON.stringify already escapes the C0
 * controls; the characters it leaves raw (DEL, C1, bidi, U+2028/U+2029) can only stand inside strings,
 * where `\uXXXX` means the same character, so the text parses to exactly the same value.
 */
export declare function safeJsonText(json: string): string;
