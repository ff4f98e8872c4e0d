// Text a server sent is untrusted: written raw to a terminal, an escape sequence in a project's title
// can clear the screen, set the window title, write the clipboard (OSC 52) or hide a link (OSC 8), and
// a bidirectional override can make a line read differently from what it holds. Everything this project
// prints that it did not write itself (`pcs`, the contract checker, the MCP server's logs) passes
// through one of the functions here first.
//
// A CI runner reads output too, line by line, and acts on some lines: GitHub Actions runs a workflow
// command from a line that starts with `::` (after blanks: `::add-mask::FAIL` hides every later FAIL,
// `::error::` annotates the run) and from `##[` anywhere in a line. safeCiText is safeTerminalText plus
// that: a server's text can neither start a line of its own (every line break escaped) nor hold a
// command. Its multi-line form is the last guard of a whole output: each line keeps its breaks, and a
// line that would start with `::` or holds `##[` has the character that makes it one escaped.

/**
 * What a terminal acts on rather than shows: the C0 controls (tab and line feed apart, which callers
 * may keep), DEL, the C1 controls (U+0080–U+009F: U+009B alone starts a control sequence on many
 * terminals), the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069) and the Unicode line and paragraph separators.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A character (one UTF-16 code unit) as its \uXXXX escape. Internal: not exported from src/index.ts. */
export function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** The escape a reader recognizes: \n, \r, \t as such, anything else as \u followed by four hex digits. */
function escapeOf(character: string): string {
  if (character === "\n") return "\\n";
  if (character === "\r") return "\\r";
  if (character === "\t") return "\\t";
  return unicodeEscape(character);
}

export interface TerminalTextOptions {
  /** Keep line feeds and tabs (a multi-line message); by default they are escaped too, so that one
   * value stays on one line (a table cell, a status line). */
  multiline?: boolean;
}

/**
 * The text with every character a terminal would act on written as a visible escape (`\u001b`, `\n`),
 * so that it shows what the server sent and does nothing else. Any value is turned into a string first.
 */
export function safeTerminalText(text: unknown, options: TerminalTextOptions = {}): string {
  const string = typeof text === "string" ? text : String(text);
  return string.replace(options.multiline ? UNSAFE : UNSAFE_OR_LINE_BREAK, escapeOf);
}

/** A line a runner would act on: `::` after blanks at its start (.NET's Trim: \s and NEL). */
const COMMAND_START = /^([\s\u0085]*):(?=:)/;
/** The older command form, acted on anywhere in a line. */
const COMMAND_ANYWHERE = /##\[/g;

/** The line with the character that makes it a workflow command escaped (`\u003a`, `\u0023`). */
function withoutWorkflowCommand(line: string): string {
  return line.replace(COMMAND_START, "$1\\u003a").replace(COMMAND_ANYWHERE, "#\\u0023[");
}

/**
 * safeTerminalText, and safe for a CI runner's log: no workflow command (`::name::…` at a line's start,
 * `##[` anywhere) survives, and — one line by default — no line break from the text splits a line of
 * the output it is put in. With `multiline`, line feeds and tabs are kept and each line is guarded
 * alone: for an output made of the program's own lines (the last guard before it is written).
 */
export function safeCiText(text: unknown, options: TerminalTextOptions = {}): string {
  const safe = safeTerminalText(text, options);
  return options.multiline ? safe.split("\n").map(withoutWorkflowCommand).join("\n") : withoutWorkflowCommand(safe);
}

/** What JSON.stringify leaves raw although a terminal acts on it: DEL, C1, bidi, U+2028/U+2029. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A JSON text made safe for a terminal and a CI log, and still the same JSON: JSON.stringify already
 * escapes the C0 controls (so no string starts a line); the characters it leaves raw (DEL, C1, bidi,
 * U+2028/U+2029) and the `#` of a `##[` can only stand inside strings, where `\uXXXX` means the same
 * character, so the text parses to exactly the same value.
 */
export function safeJsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, unicodeEscape).replace(COMMAND_ANYWHERE, "#\\u0023[");
}
