// The functions that make server text safe for a terminal and a CI log (src/terminal-text.ts), which
// `pcs`, the contract checker and the MCP server's logs share: what a terminal would act on is shown as
// an escape, everything else as it was; no workflow command survives (issue 42); and JSON stays the
// same JSON.
import { describe, expect, it } from "vitest";
import { safeCiText, safeJsonText, safeTerminalText } from "../../src/index.js";

// Written out by code point rather than taken from the code under test.
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const CSI_C1 = String.fromCharCode(0x9b);
const RLO = String.fromCharCode(0x202e);

const HOSTILE = [
  [`${ESC}[2J${ESC}[H`, "\\u001b[2J\\u001b[H"], // clear the screen
  [`${ESC}]0;owned${BEL}`, "\\u001b]0;owned\\u0007"], // set the window title
  [`${ESC}]52;c;aGk=${BEL}`, "\\u001b]52;c;aGk=\\u0007"], // write the clipboard (OSC 52)
  [`${ESC}]8;;https://evil.example${ESC}\\safe${ESC}]8;;${ESC}\\`, "\\u001b]8;;https://evil.example\\u001b\\safe\\u001b]8;;\\u001b\\"], // a hidden link
  [`${CSI_C1}31m`, "\\u009b31m"], // a C1 control sequence introducer
  [`invoice${RLO}fdp.exe`, "invoice\\u202efdp.exe"], // a bidi override
  ["a\rb", "a\\rb"],
  [`del${String.fromCharCode(0x7f)}`, "del\\u007f"],
  [`iso${String.fromCharCode(0x2066)}late${String.fromCharCode(0x2069)}`, "iso\\u2066late\\u2069"],
  [`line${String.fromCharCode(0x2028)}sep`, "line\\u2028sep"],
] as const;

describe("safeTerminalText", () => {
  it.each(HOSTILE)("shows %j as visible escapes", (text, shown) => {
    expect(safeTerminalText(text)).toBe(shown);
  });

  it("escapes line feeds and tabs by default, so one value stays on one line", () => {
    expect(safeTerminalText("a\nb\tc")).toBe("a\\nb\\tc");
  });

  it("keeps line feeds and tabs when asked for a multi-line text, and still escapes a carriage return", () => {
    expect(safeTerminalText("a\nb\tc\r", { multiline: true })).toBe("a\nb\tc\\r");
  });

  it("leaves printable text alone, non-Latin scripts and emoji included", () => {
    const text = "Café — 東京 — שלום — 🎉 — ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./";
    expect(safeTerminalText(text)).toBe(text);
  });

  it("turns a value that is not a string into one", () => {
    expect(safeTerminalText(42)).toBe("42");
    expect(safeTerminalText(null)).toBe("null");
  });
});

/** The lines of `text` a GitHub Actions runner acts on, by its own rules written out here: `::` after
 * blanks (.NET's Trim) at a line's start, or `##[` anywhere; lines split at \n and \r. */
const runnerCommands = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/.test(line) || line.includes("##["));

describe("safeCiText", () => {
  const FORGED = "PASS — documented facts: 99 passed, 0 failed";
  const ATTACKS = [
    "##[add-mask]FAIL",
    "a body with ##[error]inside",
    "::error::owned",
    "   ::add-mask::FAIL",
    `\t::warning::tabbed`,
    `${String.fromCharCode(0x3000)}::notice::ideographic space`,
    `field\n::error::owned\n::add-mask::FAIL\n${FORGED}`,
    `carriage\r::error::return`,
    `line${String.fromCharCode(0x2028)}::error::separator`,
    `next${String.fromCharCode(0x85)}::error::line`,
  ];

  it.each(ATTACKS)("%j: one line, no command, the words still there", (attack) => {
    const shown = safeCiText(attack);
    expect(shown.split("\n")).toHaveLength(1);
    expect(runnerCommands(shown)).toEqual([]);
    expect(runnerCommands(`  - organization field "${shown}"`)).toEqual([]);
    expect(shown).toMatch(/FAIL|owned|inside|tabbed|space|return|separator|line/);
  });

  it("shows what it escapes as escapes: \\u003a for the colon that starts a command, \\u0023 for the # of ##[", () => {
    expect(safeCiText("::error::x")).toBe("\\u003a:error::x");
    expect(safeCiText("  ::error::x")).toBe("  \\u003a:error::x");
    expect(safeCiText("##[add-mask]FAIL ###[x")).toBe("#\\u0023[add-mask]FAIL ##\\u0023[x");
    expect(safeCiText(`a\n${FORGED}`)).toBe(`a\\n${FORGED}`);
  });

  it("multi-line: the program's own lines kept, each line that would be a command escaped", () => {
    const text = `Clean-up:\n  ::error::x\n##[add-mask]FAIL\nok: a::b\n${FORGED}`;
    const shown = safeCiText(text, { multiline: true });
    expect(shown.split("\n")).toHaveLength(5);
    expect(runnerCommands(shown)).toEqual([]);
    expect(shown.split("\n").at(-1)).toBe(FORGED); // a line of the program's own is left as it is
    expect(shown).toContain("ok: a::b"); // `::` not at a line's start is nothing to a runner
  });

  it("is safeTerminalText for everything else", () => {
    for (const [text, shown] of HOSTILE) expect(safeCiText(text)).toBe(shown);
  });
});

describe("safeJsonText", () => {
  it("issue 42: `##[` in a string is written #\\u0023[ — the same JSON, and nothing for a runner printing it", () => {
    const value = { title: "##[add-mask]FAIL", "::error::name\n::add-mask::FAIL": "x\n::error::y" };
    const json = safeJsonText(JSON.stringify(value, null, 2));
    expect(runnerCommands(json)).toEqual([]);
    expect(JSON.parse(json)).toEqual(value);
  });

  const value = { title: `${CSI_C1}x${RLO}y${String.fromCharCode(0x85)}${String.fromCharCode(0x2029)}`, esc: `${ESC}[2J`, ok: "Café 🎉" };

  it("leaves nothing a terminal acts on in the text", () => {
    const json = safeJsonText(JSON.stringify(value));
    for (let code = 0; code < 0x20; code++) expect(json).not.toContain(String.fromCharCode(code));
    for (const code of [0x7f, 0x85, 0x9b, 0x2029, 0x202e]) expect(json).not.toContain(String.fromCharCode(code));
    expect(json).toContain("\\u009bx\\u202ey\\u0085\\u2029");
  });

  it("is the same JSON: it parses to exactly the value", () => {
    expect(JSON.parse(safeJsonText(JSON.stringify(value)))).toEqual(value);
    expect(JSON.parse(safeJsonText(JSON.stringify(value, null, 2)))).toEqual(value);
  });

  it("changes nothing in JSON that holds no such character", () => {
    const json = JSON.stringify({ a: [1, "two", { three: null }], b: "Café 🎉" }, null, 2);
    expect(safeJsonText(json)).toBe(json);
  });
});
