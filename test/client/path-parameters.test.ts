// Every path parameter becomes exactly one encoded segment, or the call is refused before anything is
// sent: untyped JavaScript that forwards JSON cannot steer a call to another operation (issue 26).
import { describe, expect, it } from "vitest";
import { createClient, PathParameterError } from "../../src/index.js";
import { serializePathParameters } from "../../src/path-parameters.js";
import { fakeFetch } from "./fake-fetch.js";

const BASE = "https://pcs.example.com/public/api";
const setUp = () => {
  const fake = fakeFetch(new Response(null, { status: 204 }));
  return {
    fake,
    client: createClient({ baseUrl: BASE, apiKey: "k", fetch: fake.fetch }) as unknown as {
      DELETE: (path: string, init: unknown) => Promise<unknown>;
    },
  };
};
const removeUser = (project_id: unknown, user_id: unknown = 1001) => {
  const { fake, client } = setUp();
  return { fake, call: client.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id, user_id } } }) };
};

describe("path parameters from untyped callers", () => {
  it.for([
    ["an object whose key is a path", { "../projects/48213.json#": "" }],
    ["an array", ["48213"]],
    ["null", null],
    ["undefined (missing)", undefined],
    ["a boolean", true],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ['".."', ".."],
    ['"."', "."],
    ["an empty string", ""],
  ] as const)("refuses %s before sending anything", async ([, value]) => {
    const { fake, call } = removeUser(value);
    await expect(call).rejects.toBeInstanceOf(PathParameterError);
    expect(fake.sent).toEqual([]);
  });

  it.for([
    [48213, "/projects/48213/users/1001.json"],
    ["48213", "/projects/48213/users/1001.json"],
    ["$'", "/projects/%24'/users/1001.json"],
    ["$&", "/projects/%24%26/users/1001.json"],
    ["../48213", "/projects/..%2F48213/users/1001.json"],
    ["%2e%2e", "/projects/%252e%252e/users/1001.json"],
    ["1?x=2#y", "/projects/1%3Fx%3D2%23y/users/1001.json"],
  ] as const)("%j is one encoded segment", async ([value, path]) => {
    const { fake, call } = removeUser(value);
    await call;
    expect(fake.sent.map((s) => s.url.pathname)).toEqual([`/public/api${path}`]);
  });
});

describe("serializePathParameters, the client's pathSerializer", () => {
  it.for([
    [{ "../x": "" }, "path parameter id must be a string or a number, not an object"],
    [["1"], "path parameter id must be a string or a number, not an array"],
    [null, "path parameter id must be a string or a number, not null"],
    [undefined, "path parameter id must be a string or a number, not undefined"],
    [true, "path parameter id must be a string or a number, not boolean"],
    [Number.NaN, "path parameter id must be a finite number, not NaN"],
    [Number.NEGATIVE_INFINITY, "path parameter id must be a finite number, not -Infinity"],
    ["", "path parameter id must not be empty: it would change the path"],
    [".", 'path parameter id must not be ".": it would change the path'],
    ["..", 'path parameter id must not be "..": it would change the path'],
  ] as const)("refuses %j, saying why", ([value, message]) => {
    const refusal = (() => {
      try {
        serializePathParameters("/p/{id}.json", { id: value });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(TypeError);
    expect(refusal).toMatchObject({ name: "PathParameterError", message });
  });

  it("reads only the parameters' own keys, never what an object inherits", () => {
    expect(() => serializePathParameters("/p/{toString}.json", {})).toThrow("path parameter toString must be a string or a number");
    expect(() => serializePathParameters("/p/{id}.json", undefined)).toThrow(
      "path parameter id must be a string or a number, not undefined",
    );
  });

  it.for([
    ["/projects.json", {}, "/projects.json"],
    ["/a/{x}/b/{y}.json", { x: 1, y: "two words" }, "/a/1/b/two%20words.json"],
    ["/a/{x}{y}", { x: "1", y: 2 }, "/a/12"],
    ["/a/{}/{x}", { x: 3 }, "/a/{}/3"],
    ["/a/{x", { x: 3 }, "/a/{x"],
    ["/a/{x}/{y", { x: 3 }, "/a/3/{y"],
    ["/a/{x}.json", { x: 1e21 }, "/a/1e%2B21.json"],
  ] as const)("fills %s with %j: %s", ([template, parameters, path]) => {
    expect(serializePathParameters(template, parameters)).toBe(path);
  });
});

describe("a base URL with credentials in it", () => {
  it("is refused by createClient without quoting them", () => {
    expect(() => createClient({ baseUrl: "https://someone:hunter2@pcs.example.com/public/api", apiKey: "k" })).toThrow(
      /baseUrl must not hold a user name or password/,
    );
    try {
      createClient({ baseUrl: "https://someone:hunter2@pcs.example.com/public/api", apiKey: "k" });
    } catch (error) {
      expect(String((error as Error).message)).not.toMatch(/someone|hunter2/);
    }
  });
});
