// The organization's read after its change, conditional on the validator sent before it (RFC 9110
// §13.1.1–13.1.3): the entity tag when there is one; Last-Modified only when the change is dated 2 s
// or more after it (the validator has a second's precision); nothing without a validator.
import { describe, expect, it } from "vitest";
import { conditionalAfterChange } from "../../contract/src/sequences/organization.js";

const answer = (headers: Record<string, string>) => ({ headers: new Headers(headers) });
const AT = "Sat, 28 Nov 2026 10:00:00 GMT";

describe("the conditional read after the organization's change", () => {
  it("asks If-None-Match with the entity tag from before (weak ones too)", () => {
    expect(conditionalAfterChange(answer({ etag: '"a1"', "last-modified": AT }), answer({}))).toEqual({ "if-none-match": '"a1"' });
    expect(conditionalAfterChange(answer({ etag: 'W/"a1"' }), answer({}))).toEqual({ "if-none-match": 'W/"a1"' });
  });

  it("asks If-Modified-Since only when the change is dated 2 s or more after the Last-Modified", () => {
    expect(conditionalAfterChange(answer({ "last-modified": AT }), answer({ date: "Sat, 28 Nov 2026 10:00:05 GMT" }))).toEqual({
      "if-modified-since": AT,
    });
    // The same second: a 304 may be right.
    expect(conditionalAfterChange(answer({ "last-modified": AT }), answer({ date: "Sat, 28 Nov 2026 10:00:01 GMT" }))).toBeUndefined();
    // No Date on the change's answer: not dated by the server's clock.
    expect(conditionalAfterChange(answer({ "last-modified": AT }), answer({}))).toBeUndefined();
  });

  it("asks nothing without a validator", () => {
    expect(conditionalAfterChange(answer({}), answer({ date: AT }))).toBeUndefined();
  });
});
