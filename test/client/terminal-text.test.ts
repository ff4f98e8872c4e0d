// The one function that makes server text safe for a terminal (src/terminal-text.ts), which `pcs`, the
// contract checker and the MCP server's logs share: what a terminal would act on is shown as an escape,
// everything else as it was; and JSON stays the same JSON.
import { describe, expect, it } from "vitest";
import { safeJsonText, safeTerminalText } from "../../src/index.js";

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

describe("safeJsonText", () => {
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
