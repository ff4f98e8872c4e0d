// The faithful variants generated from the grammars (test/support/stand-in/faithful-variants.ts) are the
// same answers: read back by JSON.parse and Date.parse (not by the checker's own grammar), every
// respelling names what it was made from.
import { describe, expect, it } from "vitest";
import { respellJson, respellMediaType, respellTimestamp } from "../support/stand-in/faithful-variants.js";

/** A seeded source of numbers, for these tests alone. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

describe("respelled answers", () => {
  it("JSON: white space and escapes change no value, characters past U+FFFF and lone surrogates included", () => {
    const value = { title: 'Launch 🚀 𝒳 "quoted" \\ back/slash \u0001 é', list: [1, -2.5, null, true, {}, []], lone: "\ud835", n: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const text = respellJson(value, numbers(seed));
      expect(JSON.parse(text), text).toEqual(value);
    }
  });

  it("media types: the same essence and charset, written another way", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const text = respellMediaType("application/problem+json", numbers(seed));
      expect(text.split(";")[0]!.trim().toLowerCase(), text).toBe("application/problem+json");
      const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(text)?.[1];
      if (charset) expect(charset.toLowerCase()).toBe("utf-8");
    }
  });

  it("timestamps: the same instant, in the forms RFC 3339 allows", () => {
    const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
    for (const original of ["2024-03-18T09:41:27+00:00", "2026-11-28T23:59:59.123Z", "2024-02-29T00:00:00-05:00"])
      for (let seed = 1; seed <= 200; seed++) {
        const text = respellTimestamp(original, numbers(seed));
        expect(text, original).toMatch(rfc3339);
        expect(Date.parse(text.toUpperCase()), text).toBe(Date.parse(original));
      }
  });
});
