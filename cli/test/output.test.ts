// pcs's output functions on their own: the JSON it writes is JSON.stringify's text for any JSON value
// (scripts get what they always got), at any depth; a table fits the terminal and never prints a blank
// row. (Did-you-mean: test/client/did-you-mean.test.ts, for the main package holds the one pcs uses.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { render, table } from "../src/format.js";
import { jsonText, MAX_INDENTED_DEPTH } from "../src/json-text.js";
import { UNSAFE_CHARACTER } from "../../test/support/hostile-server.js";

/** A seed, so that CI sees the same inputs every run; change to explore others (PCS_PROPERTY_SEED=…). */
const settings = { seed: Number(process.env.PCS_PROPERTY_SEED ?? 20261128), numRuns: 300 };
const same = (text: string) => text;
const options = { redact: same };

describe("jsonText", () => {
  // Where JSON.stringify's text holds a character a terminal acts on or a CI log's `##[`, jsonText
  // escapes it (the tests after this one); fast-check's ASCII strings hold `##[` about once in
  // 50,000 values, so the exact-text property sets those aside and the next one covers them.
  const terminalActsOn = (text: string) => UNSAFE_CHARACTER.test(text) || text.includes("##[");

  it("writes what JSON.stringify writes, compact and indented, for any JSON value a terminal can show raw", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        fc.pre(!terminalActsOn(JSON.stringify(value)));
        expect(jsonText(value)).toBe(JSON.stringify(value));
        expect(jsonText(value, { indent: 2 })).toBe(JSON.stringify(value, null, 2));
      }),
      settings,
    );
  });

  // Strings made of what a terminal or CI log acts on (DEL, C1, bidi, line separators, `##[`), a lone
  // surrogate, an emoji and plain letters: fast-check's own strings almost never hold the first ones.
  const risky = fc.string({
    unit: fc.constantFrom(..."a #[\u007f\u0085\u009b\u061c\u200e\u202e\u2028\u2029\u2066\u{1f600}", "\ud800"),
    maxLength: 12,
  });
  const riskyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 4 },
      risky,
      fc.double(),
      fc.constantFrom(null, true, false),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(risky, tie("value"), { maxKeys: 4 }),
    ),
  })).value;

  it("writes the same JSON, with nothing a terminal or a CI log acts on, for any JSON value of any characters", () => {
    fc.assert(
      fc.property(riskyJson, (value) => {
        for (const text of [jsonText(value), jsonText(value, { indent: 2 })]) {
          expect(terminalActsOn(text), text).toBe(false);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        }
      }),
      settings,
    );
    expect(jsonText({ "a##[b": "##[error]" })).toBe(String.raw`{"a#\u0023[b":"#\u0023[error]"}`);
  });

  it("leaves out what JSON.stringify leaves out, and writes null where it does", () => {
    const value = { a: undefined, b: () => 1, c: [undefined, Number.NaN, Number.POSITIVE_INFINITY], d: new Date(0) };
    expect(jsonText(value, { indent: 2 })).toBe(JSON.stringify(value, null, 2));
    expect(jsonText(undefined)).toBe("");
  });

  it("escapes what a terminal acts on and JSON.stringify leaves raw (C1, bidi), and stays the same JSON", () => {
    const value = { "k\u009b": "a\u202eb\u2028c\u001b" };
    const text = jsonText(value, { indent: 2 });
    expect(text).not.toMatch(UNSAFE_CHARACTER);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("redacts every string, property names included, and a number that is the key", () => {
    const redact = (text: string) => text.replaceAll("s3cret", "[REDACTED]").replace(/^4242$/, "[REDACTED]");
    expect(JSON.parse(jsonText({ s3cret: ["x s3cret y"], n: 4242, m: 42 }, { redact }))).toEqual({
      "[REDACTED]": ["x [REDACTED] y"],
      n: "[REDACTED]",
      m: 42,
    });
  });

  it("writes 100,000 levels without overflowing the stack, indented down to its limit", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    // JSON.stringify, which pcs used before, overflows the stack here on Node 20 to 24 (Node 26's does not).
    const compact = jsonText(deep);
    expect(compact).toBe(`${"[".repeat(depth - 1)}[]${"]".repeat(depth - 1)}`);
    const indented = jsonText(deep, { indent: 2 });
    expect(indented.replace(/\s/g, "")).toBe(compact);
    expect(indented.split("\n").length).toBeLessThanOrEqual(2 * MAX_INDENTED_DEPTH + 2);
    expect(jsonText(deep, { maxLength: 40 })).toBe(`${"[".repeat(39)}…`);
  });
});

describe("table", () => {
  const rows = Array.from({ length: 3 }, (_, i) => ({
    id: 48213 + i,
    created: "2024-03-18T09:41:27+00:00",
    title: "Spring 2025 launch campaign with a long title",
    description: "Print and social assets for the spring product launch.",
    job_code: "SPR-2025-014",
    ownership: "internal",
  }));

  it("fits the terminal's width, narrowing the widest columns first, then leaving the last out", () => {
    for (const columns of [40, 60, 80, 120]) {
      const lines = table(rows, undefined, { ...options, columns }).split("\n");
      for (const line of lines) expect([...line].length, `${columns}: ${line}`).toBeLessThanOrEqual(columns);
      expect(lines[0]).toMatch(/^ID\s+CREATED/);
    }
    expect(table(rows, undefined, { ...options, columns: 40 })).toMatch(/more columns? did not fit: --fields/);
    expect(table(rows, undefined, { ...options, columns: 200 })).not.toMatch(/…|did not fit/);
  });

  it("never prints a blank row: items without scalar fields, or not objects, are shown as compact JSON", () => {
    for (const list of [
      [[[1]], [[2]]],
      [{ a: { b: 1 } }, { a: { b: 2 } }],
      [1, "two", null],
    ]) {
      const lines = table(list, undefined, options).split("\n");
      expect(lines[0]).toBe("VALUE");
      expect(
        lines.slice(1).every((line) => line.trim() !== ""),
        lines.join("\n"),
      ).toBe(true);
    }
  });

  it("shows a cell's escape sequences, upper-cased headers included, as text", () => {
    const shown = render([{ "t\u001b]0;x\u0007": "a\u001b[2Jb\u009b\u202e" }], "table", undefined, options);
    expect(shown).not.toMatch(UNSAFE_CHARACTER);
    expect(shown).toContain("T\\u001b]0;X\\u0007");
    expect(shown).toContain("a\\u001b[2Jb\\u009b\\u202e");
  });
});
