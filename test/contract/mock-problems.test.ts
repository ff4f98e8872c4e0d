// The mock's problems say what was actually wrong (issue 26, item 9): Prism answers an invalid request
// with the description's 400 example (which names `/name`), and says the real reason only in its
// `sl-violations` header; the guard in front rewrites the body from it.
import { describe, expect, it } from "vitest";
import { basicAuthorization } from "../support/http.js";
import { target } from "../support/target.js";

const { baseUrl, apiKey } = target();
const ask = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: basicAuthorization(apiKey), ...init.headers } });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: (await response.json()) as { detail: string; errors?: Array<{ pointer: string; detail: string }> },
  };
};

describe("the mock's 400 problems name what was wrong", () => {
  it("a query parameter that is not a number: about limit", async () => {
    const answer = await ask("/projects.json?limit=abc");
    expect([answer.status, answer.type]).toEqual([400, "application/problem+json"]);
    expect(answer.body.errors).toEqual([{ pointer: "limit", detail: expect.stringMatching(/limit must be integer/) }]);
    expect(answer.body.detail).toMatch(/limit/);
  });

  it("an empty name: about /name being too short, not too long", async () => {
    const answer = await ask("/projects.json", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":""}' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ pointer: "/name", detail: expect.stringMatching(/fewer than 1 characters/) }]);
  });

  it("a form body: about the content type", async () => {
    const answer = await ask("/projects.json", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/content types?: application\/json/i);
  });

  it("a 404 chosen with Prefer names no project that was not asked for", async () => {
    const answer = await ask("/projects/7.json", { headers: { prefer: "code=404" } });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).not.toMatch(/\d/);
  });
});
