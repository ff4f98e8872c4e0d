// The parts of the checker's clean-up that decide what is deleted and what is read, alone: which titles
// are this run's (exactly its tag), which requests may create a project (so their answers are watched),
// and what of a project list cut short is kept. The clean-up against whole servers is
// test/conformance-levels/clean-up.test.ts.
import { describe, expect, it } from "vitest";
import { mayCreateProject, ofRun } from "../../contract/src/runner/created.js";
import { wholeElements } from "../../contract/src/runner/run-projects.js";

const TAG = "pcs-contract-test ab12cd";

describe("ofRun: only titles that carry this run's tag exactly", () => {
  it.each([TAG, `${TAG} who are the keys`, `${TAG} Ünïcödé limit xxx`, `${TAG} `])("%j is the run's", (title) => {
    expect(ofRun(title, TAG)).toBe(true);
  });
  it.each([
    "pcs-contract-test zz99zz who are the keys", // another run
    `${TAG}0 scratch`, // a longer tag
    `${TAG}x`,
    `${TAG.toUpperCase()} scratch`,
    ` ${TAG} scratch`,
    `copy of ${TAG} scratch`,
    "pcs-contract-test ab12c", // a shorter one
    "pcs-contract-test",
    "",
  ])("%j is not", (title) => {
    expect(ofRun(title, TAG)).toBe(false);
  });
  it("nor a title that is not a string, nor any title when the tag is only the prefix", () => {
    expect(ofRun(42, TAG)).toBe(false);
    expect(ofRun(null, TAG)).toBe(false);
    expect(ofRun("pcs-contract-test anything", "pcs-contract-test")).toBe(false);
  });
});

describe("mayCreateProject: a write to the project collection, however spelled", () => {
  it.each([
    ["post", "/projects.json"],
    ["POST", "/projects.json?x=1"],
    ["post", "/projects"],
    ["post", "/projects/"],
    ["post", "//projects.json"],
    ["post", "/Projects.JSON"],
    ["put", "/projects.json"],
    ["post", "/v1/projects.json"],
  ])("%s %s", (method, path) => {
    expect(mayCreateProject({ method, path })).toBe(true);
  });
  it.each([
    ["get", "/projects.json"],
    ["post", "/projects/12/users.json"],
    ["patch", "/projects/12.json"],
    ["delete", "/projects/12.json"],
    ["post", "/organizations.json"],
  ])("not %s %s", (method, path) => {
    expect(mayCreateProject({ method, path })).toBe(false);
  });
});

describe("wholeElements: what of a JSON array cut short came whole", () => {
  it("the elements that came whole, strings holding brackets, commas and escaped quotes included", () => {
    expect(wholeElements('[{"id":1,"title":"a,]}\\"b"},{"id":2,"title":"x"},{"id":3,"ti')).toEqual([
      { id: 1, title: 'a,]}"b' },
      { id: 2, title: "x" },
      { id: 3 },
    ]);
  });
  it("of the object it was cut in, the members that came whole, when they hold its id", () => {
    expect(wholeElements('[{"id":7,"title":"pcs-contract-test ab12cd x","description":"long')).toEqual([
      { id: 7, title: "pcs-contract-test ab12cd x" },
    ]);
    // The id itself may be cut ("7" of "71"): a member counts once the comma after it came.
    expect(wholeElements('[{"id":7')).toEqual([]);
    expect(wholeElements('[{"title":"pcs-contract-test ab12cd x",')).toEqual([]);
  });
  it("a whole array as JSON reads it; a text that is not an array is no list", () => {
    expect(wholeElements(' [1, [2, 3], {"a": {"b": [4]}}] ')).toEqual([1, [2, 3], { a: { b: [4] } }]);
    expect(wholeElements("[]")).toEqual([]);
    expect(wholeElements("<html><body>Projects</body></html>")).toBeUndefined();
    expect(wholeElements('{"items":[{"id":1}]}')).toBeUndefined();
    expect(wholeElements("")).toBeUndefined();
  });
  it("an element that does not parse ends what is kept", () => {
    expect(wholeElements('[{"id":1},{"id":2,,},{"id":3}]')).toEqual([{ id: 1 }]);
  });
});
