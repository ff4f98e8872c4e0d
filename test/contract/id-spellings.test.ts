// An existing id in other numeric spellings (issue 48): each is what a loose parser (parseInt, Number(),
// a float or zero-padded column) takes for the id, and none is the id written as an int.
import { describe, expect, it } from "vitest";
import { idSpellings } from "../../contract/src/checks/explore-ids.js";

describe("an id's other numeric spellings", () => {
  const id = 48213;
  const texts = idSpellings(id).map((s) => s.text);

  it("are the six the brief names", () => {
    expect(texts.sort()).toEqual([" 48213", "+48213", "048213", "48213.0", "48213abc", "48213e0"].sort());
  });

  it("each reads as the id to a loose parser, and none is the id as written", () => {
    for (const text of texts) {
      expect(text).not.toBe(String(id));
      expect(Number.parseInt(text, 10) === id || Number(text) === id, text).toBe(true);
    }
  });
});
