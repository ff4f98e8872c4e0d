// An existing id in other numeric spellings (issue 48): each is what a loose parser (parseInt, Number(),
// a float column) takes for the id, and the description refuses each (its reference sandbox answers 4xx,
// where it answers the id itself). `012` and `12.0` are not among them: each is the integer 12 by value
// as the description's `type: integer` reads it, and the sandbox answers them.
import { describe, expect, it } from "vitest";
import { idSpellings } from "../../contract/src/checks/explore-ids.js";
import { createSandbox } from "../../src/sandbox/index.js";

describe("an id's other numeric spellings", () => {
  const id = 48213;
  const texts = idSpellings(id).map((s) => s.text);

  it("are these four, each refused by the description's reference sandbox", async () => {
    expect(texts.sort()).toEqual([" 48213", "+48213", "48213abc", "48213e0"].sort());
    const sandbox = createSandbox();
    const get = (id: string) =>
      sandbox.fetch(
        new Request(`https://sandbox.invalid/projects/${encodeURIComponent(id)}.json`, {
          headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}` },
        }),
      );
    expect((await get(String(id))).status).toBe(200);
    for (const text of texts) expect((await get(text)).status, text).toBeGreaterThanOrEqual(400);
    for (const text of ["048213", "48213.0"]) expect((await get(text)).status, text).toBe(200);
  });

  it("each reads as the id to a loose parser, and none is the id as written", () => {
    for (const text of texts) {
      expect(text).not.toBe(String(id));
      expect(Number.parseInt(text, 10) === id || Number(text) === id, text).toBe(true);
    }
  });
});
