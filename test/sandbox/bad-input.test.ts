// Invalid input gets 400 with a problem body whose `errors` name the rejected value — a JSON Pointer
// into the body, or the parameter's name — and the rule it broke. The expected pointers and rules are
// written down here, not taken from the sandbox or its validators.
import { describe, expect, it } from "vitest";
import { checkedSandbox } from "./checked-sandbox.js";

const { send } = checkedSandbox();

interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** [pointer, a part of the detail that names the rule] of every expected error, in order. */
  errors: Array<[string, string]>;
}

const cases: Case[] = [
  { name: "limit not a number", method: "GET", path: "/projects.json?limit=ten", errors: [["limit", "must be integer"]] },
  { name: "limit over the maximum", method: "GET", path: "/projects.json?limit=101", errors: [["limit", "must be <= 100"]] },
  { name: "limit 0", method: "GET", path: "/v1/projects/48213/files.json?limit=0", errors: [["limit", "must be >= 1"]] },
  {
    name: "offset and limit both wrong",
    method: "GET",
    path: "/projects/48213/urls.json?offset=-1&limit=2.5",
    errors: [
      ["offset", "must be >= 0"],
      ["limit", "must be integer"],
    ],
  },
  { name: "an id that is not a number", method: "GET", path: "/projects/abc.json", errors: [["project_id", "must be integer"]] },
  { name: "an id of 0", method: "GET", path: "/groups/0.json", errors: [["group_id", "must be >= 1"]] },
  {
    name: "an id past 2^53 − 1",
    method: "GET",
    path: "/copy/9007199254740992/revisions.json",
    errors: [["copy_id", "must be <= 9007199254740991"]],
  },
  { name: "a bad user id in the path", method: "DELETE", path: "/projects/48213/users/1.5.json", errors: [["user_id", "must be integer"]] },
  {
    name: "a name too long",
    method: "POST",
    path: "/projects.json",
    body: { name: "x".repeat(51) },
    errors: [["/name", "must NOT have more than 50 characters"]],
  },
  { name: "no name", method: "POST", path: "/projects.json", body: { description: "d" }, errors: [["/name", "is required"]] },
  {
    name: "an empty name",
    method: "POST",
    path: "/projects.json",
    body: { name: "" },
    errors: [["/name", "must NOT have fewer than 1 characters"]],
  },
  {
    name: "a job code too long",
    method: "POST",
    path: "/projects.json",
    body: { name: "n", job_code: "x".repeat(21) },
    errors: [["/job_code", "must NOT have more than 20 characters"]],
  },
  {
    name: "an unknown property",
    method: "POST",
    path: "/projects.json",
    body: { name: "n", colour: "red" },
    errors: [["/colour", "is not a property this request accepts"]],
  },
  {
    name: "a name of the wrong type",
    method: "POST",
    path: "/projects.json",
    body: { name: 12345 },
    errors: [["/name", "must be string"]],
  },
  { name: "no body", method: "POST", path: "/projects.json", errors: [["", "body is required"]] },
  { name: "a body that is not JSON", method: "POST", path: "/projects.json", body: "{name: 'x'", errors: [["", "not valid JSON"]] },
  { name: "a body that is an array", method: "POST", path: "/projects.json", body: [{ name: "n" }], errors: [["", "must be object"]] },
  { name: "an empty PATCH", method: "PATCH", path: "/projects/48213.json", body: {}, errors: [["", "must hold at least 1 property"]] },
  {
    name: "add-user: a malformed email",
    method: "POST",
    path: "/projects/48213/users.json",
    body: { email: "sam.okafor.agency.example" },
    errors: [["/email", 'must match format "email"']],
  },
  {
    name: "add-user: a user id that is not digits",
    method: "POST",
    path: "/projects/48213/users.json",
    body: { user: "abc" },
    errors: [["/user", "must match pattern"]],
  },
  {
    name: "add-user: a user id sent as a number",
    method: "POST",
    path: "/projects/48213/users.json",
    body: { user: 2087 },
    errors: [["/user", "must be string"]],
  },
  {
    name: "add-user: both user and email",
    method: "POST",
    path: "/projects/48213/users.json",
    body: { user: "2087", email: "sam.okafor@agency.example" },
    errors: [
      ["/email", "is not a property"],
      ["/user", "is not a property"],
      ["", "exactly one"],
    ],
  },
  {
    name: "add-user: neither",
    method: "POST",
    path: "/projects/48213/users.json",
    body: {},
    errors: [
      ["/user", "is required"],
      ["/email", "is required"],
      ["", "exactly one"],
    ],
  },
  {
    name: "organization: a three-letter country",
    method: "PATCH",
    path: "/organizations.json",
    body: { address: { country: "USA" } },
    errors: [
      ["/address/country", "must NOT have more than 2 characters"],
      ["/address/country", "must match pattern"],
    ],
  },
  {
    name: "organization: an empty address",
    method: "PATCH",
    path: "/organizations.json",
    body: { address: {} },
    errors: [["/address", "must hold at least 1 property"]],
  },
  {
    name: "organization: a website that is not a URL",
    method: "PATCH",
    path: "/organizations.json",
    body: { website: "www northwind example" },
    errors: [["/website", 'must match format "uri"']],
  },
  {
    name: "organization: an unknown address property",
    method: "PATCH",
    path: "/organizations.json",
    body: { address: { planet: "Earth" } },
    errors: [["/address/planet", "is not a property"]],
  },
];

describe("400 with a problem naming each rejected value and its rule", () => {
  it.for(cases.map((c) => [c.name, c] as const))("%s", async ([, c]) => {
    const response = await send(c.method, c.path, { body: c.body });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = await response.json();
    expect(problem).toMatchObject({ type: "about:blank", title: "Bad Request", status: 400 });
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(c.errors.map(([pointer]) => pointer));
    problem.errors.forEach((error: { detail: string }, i: number) => expect(error.detail).toContain(c.errors[i]![1]));
    // The summary repeats them, for a human reading a curl answer.
    for (const [pointer] of c.errors) if (pointer) expect(problem.detail).toContain(pointer);
  });

  it("a bad credential is reported before bad input (401, not 400)", async () => {
    const response = await send("GET", "/projects.json?limit=ten", { authorization: null });
    expect(response.status).toBe(401);
  });

  it("bad input is reported before an unknown id (400, not 404)", async () => {
    const response = await send("PATCH", "/projects/1.json", { body: { name: "" } });
    expect(response.status).toBe(400);
  });

  it("exactly at each limit is accepted", async () => {
    expect(
      (await send("POST", "/projects.json", { body: { name: "x".repeat(50), description: "d".repeat(1000), job_code: "j".repeat(20) } }))
        .status,
    ).toBe(201);
    expect((await send("GET", "/projects.json?limit=100&offset=0")).status).toBe(200);
  });
});
