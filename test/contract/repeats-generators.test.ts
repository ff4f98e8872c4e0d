// The checker's equivalence, repeat, body-id and framing judgements (issue 48), as pure functions: the
// values of `user` tried and how an add by each is judged ("user (string, an existing user id)"), the
// page named by its defaults and as two halves ("offset (int, default 0) and limit (int, default 30)"),
// and a Content-Length against the body's bytes (RFC 9110 §8.6). Expectations from the interface and the
// RFC, not from the code under test.
import { describe, expect, it } from "vitest";
import { framingProblem } from "../../contract/src/checks/wire.js";
import { pagingEquivalence } from "../../contract/src/checks/equivalence.js";
import { bodyIds, judgeBodyId, namedAccount } from "../../contract/src/sequences/repeats.js";

describe("addProjectUser's user in the body: the values tried", () => {
  const values = bodyIds(2087, 5150).map((v) => v.value);
  it("holds the foreign id, 0, the 32- and 53-bit edges, past 64 bits, a negative, fractions, a number and a leading zero", () => {
    for (const value of [
      "5150",
      "0",
      "2147483648",
      "4294967296",
      "9007199254740991",
      "9007199254740992",
      "18446744073709551617",
      "-2087",
      "2087.5",
      2087.5,
      2087,
      "02087",
    ])
      expect(values).toContainEqual(value);
  });
  it("names an account only by digits (or a whole JSON number), exactly, past 2^53 too", () => {
    expect(namedAccount("2087")).toBe(2087n);
    expect(namedAccount("02087")).toBe(2087n);
    expect(namedAccount(2087)).toBe(2087n);
    expect(namedAccount("9007199254740993")).toBe(9007199254740993n);
    for (const none of ["-2087", "2087.5", 2087.5, "0", 0, "", "2087abc", " 2087", null]) expect(namedAccount(none)).toBeUndefined();
  });
});

describe("addProjectUser's user in the body: the judgement", () => {
  const existing = new Set([1, 2087, 5150]);
  it("refused with nothing changed is right, whatever the value", () => {
    for (const value of ["0", "-2087", "5150", "2087.5"]) expect(judgeBodyId(value, 404, [1], [1], existing)).toBeUndefined();
  });
  it("an existing account's id accepted: that account added, or already there", () => {
    expect(judgeBodyId("5150", 201, [1], [1, 5150], existing)).toBeUndefined();
    expect(judgeBodyId("02087", 201, [1], [1, 2087], existing)).toBeUndefined();
    expect(judgeBodyId(2087, 201, [1, 2087], [1, 2087], existing)).toBeUndefined();
  });
  it("fails a value that names no account accepted, another account added, a removal, a refusal that added", () => {
    expect(judgeBodyId("2087.5", 201, [1], [1, 2087], existing)).toMatch(/names no existing account/);
    expect(judgeBodyId("4294969383", 201, [1], [1, 2087], existing)).toMatch(/names no existing account/); // 2087 + 2^32
    expect(judgeBodyId("-2087", 201, [1], [1], existing)).toMatch(/names no existing account/);
    expect(judgeBodyId("5150", 201, [1], [1, 2087], existing)).toMatch(/not 5150/);
    expect(judgeBodyId("5150", 201, [1, 2087], [1, 5150], existing)).toMatch(/removed/);
    expect(judgeBodyId("0", 400, [1], [1, 2087], existing)).toMatch(/refused \(400\), yet/);
    expect(judgeBodyId("0", 500, [1], [1], existing)).toMatch(/server error/);
  });
});

describe("a page named by its defaults and in halves", () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  const page30 = ids(1, 30);
  it("holds when the readings agree as sets, in any order", () => {
    const reversed = [...page30].reverse();
    expect(pagingEquivalence({ page30, again: page30, plain: reversed, first: page30.slice(15), second: page30.slice(0, 15) })).toEqual({
      problems: [],
    });
  });
  it("fails a default page that is not offset=0&limit=30, and halves that are not the page of 30", () => {
    const plain = ids(1, 20); // a default limit of 20
    const defaults = pagingEquivalence({ page30, again: page30, plain, first: page30.slice(0, 15), second: page30.slice(15) });
    expect("problems" in defaults ? defaults.problems[0] : "the list moved").toMatch(/default page/);
    const second = page30.slice(14, 29); // offset counted from 1
    const judged = pagingEquivalence({ page30, again: page30, plain: page30, first: page30.slice(0, 15), second });
    expect("problems" in judged && judged.problems.join()).toMatch(/pages of 15/);
  });
  it("does not judge a list that moved between its two reads of 30, unless one page of 15 holds it whole", () => {
    const again = [0, ...page30.slice(0, 29)];
    expect(pagingEquivalence({ page30, again, plain: page30, first: [], second: [] })).toEqual({ moved: true });
    const short = ids(1, 10);
    expect(pagingEquivalence({ page30: short, again: [...short].reverse(), plain: short, first: short, second: [] })).toEqual({
      problems: [],
    });
  });
});

describe("framing: Content-Length against the body's bytes (RFC 9110 §8.6)", () => {
  const at = (headers: Record<string, string>, status = 200, method = "GET") => ({ method, status, responseHeaders: headers });
  it("agrees, or is absent, or is another's length (HEAD, 304, 204, a coded body, Transfer-Encoding)", () => {
    expect(framingProblem(at({ "content-length": "12" }), 12)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "12, 12" }), 12)).toBeUndefined();
    expect(framingProblem(at({}), 12)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "120" }, 200, "HEAD"), 0)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "120" }, 304), 0)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "0" }, 204), 0)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "40", "content-encoding": "gzip" }), 90)).toBeUndefined();
    expect(framingProblem(at({ "content-length": "40", "transfer-encoding": "chunked" }), 90)).toBeUndefined();
  });
  it("fails a length that is not the body's, characters counted for bytes included, and one that is not a length", () => {
    expect(framingProblem(at({ "content-length": "13" }), 12)).toMatch(/13, but the body as sent is 12 bytes/);
    // {"name":"Café"} is 15 characters and 16 bytes in UTF-8.
    expect(framingProblem(at({ "content-length": "15" }, 404), new TextEncoder().encode('{"name":"Café"}').byteLength)).toMatch(/16 bytes/);
    expect(framingProblem(at({ "content-length": "12, 13" }), 12)).toMatch(/not one length/);
    expect(framingProblem(at({ "content-length": "-1" }), 12)).toMatch(/not one length/);
  });
});
