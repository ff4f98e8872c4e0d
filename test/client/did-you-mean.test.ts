// The one did-you-mean of pcs, the checker and the MCP server: what a misspelt command, flag or path
// is taken to mean, and when nothing is close enough to guess.
import { describe, expect, it } from "vitest";
import { didYouMean, unknownOptionLine } from "../../src/index.js";

describe("didYouMean", () => {
  it.each([
    ["projets", ["projects", "groups"], "projects"],
    ["lsit", ["list", "get"], "list"],
    ["limt", ["limit", "offset"], "limit"],
    ["ofset", ["limit", "offset"], "offset"],
    ["proj", ["projects", "project-users"], "projects"],
    ["allow-write", ["allow-writes", "sandbox", "tools"], "allow-writes"],
    ["levle", ["level", "only", "seed"], "level"],
    ["/project.json", ["/groups.json", "/projects.json"], "/projects.json"],
    ["Projects", ["projects"], "projects"],
    ["delete", ["list", "create"], undefined],
    ["x", ["list"], undefined],
    ["", ["list"], undefined],
    ["title", ["name", "description", "job-code"], undefined],
  ] as const)("%s → %s", (word, known, expected) => {
    expect(didYouMean(word, known)).toBe(expected);
  });

  it("allows more edits in a longer word: a third of its length", () => {
    // Three edits (a swap, s for z, a missing n) in 11 characters.
    expect(didYouMean("orgnaisatio", ["organization", "groups"])).toBe("organization");
    expect(didYouMean("abcdef", ["uvwxyz"])).toBeUndefined();
  });

  it("does not measure a word far longer than every known one", () => {
    // Measured, a megabyte against 5,000 characters would be billions of steps: the test's timeout, not a clock, fails it.
    expect(didYouMean("x".repeat(1_000_000), ["limit", "y".repeat(5_000)])).toBeUndefined();
  });
});

describe("unknownOptionLine", () => {
  const parseArgsMessage =
    "Unknown option '--allow-write'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--allow-write\"\nmore";
  it("names the option meant after parseArgs's first sentence", () => {
    expect(unknownOptionLine(parseArgsMessage, ["allow-writes", "help"])).toBe(
      "Unknown option '--allow-write': did you mean --allow-writes?",
    );
  });
  it("keeps the first line as it is when nothing is close, or the message is another", () => {
    expect(unknownOptionLine(parseArgsMessage, ["help"])).toBe(parseArgsMessage.split("\n")[0]);
    expect(unknownOptionLine("Option '--rate' argument missing\nx", ["rate"])).toBe("Option '--rate' argument missing");
  });
});
