// Every documented error response of every operation, chosen with Prism's `Prefer: code=…`: the
// status, the problem+json media type, the body valid against Problem and the documented headers.
// Then credentials: missing or malformed ones get 401 on every operation.
import { describe, expect, it } from "vitest";
import { basicAuthorization, examplePath, exampleBody, label, PROBLEM_SCHEMA, PROBLEM_TYPE, send, type RawResponse } from "../support/http.js";
import { deref, operations, schemaErrors, type Json, type Operation } from "../support/openapi.js";
import { mockOnly, REASON_MUTATES, REASON_PREFER, target } from "../support/target.js";

const ops = operations();
const mutates = (op: Operation) => op.method !== "get";

function expectProblem(response: RawResponse, status: number): void {
  expect(response.status).toBe(status);
  expect(response.contentType).toMatch(PROBLEM_TYPE);
  expect(schemaErrors(PROBLEM_SCHEMA, response.json)).toEqual([]);
}

const errorCases = ops.flatMap((op) =>
  Object.entries<Json>(op.operation.responses)
    .filter(([code]) => /^[45]/.test(code))
    .map(([code, response]) => [`${label(op)} → ${code}`, op, Number(code), deref(response)] as const),
);

describe("every documented error response (Prefer: code=…)", () => {
  it("covers every 4xx and 5xx of the bundle (a sanity check that the walk found them)", () => {
    expect(errorCases.length).toBeGreaterThan(ops.length * 3);
  });

  it.for(errorCases)("%s", async ([, op, status, documented], context) => {
    mockOnly(context, REASON_PREFER);
    const response = await send(target(), { method: op.method, path: examplePath(op), body: exampleBody(op), headers: { prefer: `code=${status}` } });
    expectProblem(response, status);
    // The example served says the same status as the response that carries it.
    expect((response.json as { status: number }).status).toBe(status);
    for (const header of Object.keys(documented.headers ?? {})) {
      expect(response.headers.get(header), `header ${header}`).not.toBeNull();
    }
  });
});

// Malformed credentials: each is refused by any server that follows the description.
const malformed: Array<[string, string | null]> = [
  ["no Authorization header", null],
  ["another scheme (Bearer)", "Bearer contract-test-key"],
  ["Basic without credentials", "Basic"],
  ["Basic with a token that is not base64", "Basic !!!"],
  ["Basic with a user name and no colon", `Basic ${Buffer.from("contract-test-key").toString("base64")}`],
  ["the API key sent as it is, without a scheme", "contract-test-key"],
];

describe("missing or malformed credentials get 401 on every operation", () => {
  const cases = ops.flatMap((op) => malformed.map(([what, authorization]) => [`${label(op)}: ${what}`, op, authorization] as const));

  it.for(cases)("%s", async ([, op, authorization], context) => {
    // A real server that wrongly accepted the credential would carry the change out.
    if (mutates(op)) mockOnly(context, REASON_MUTATES);
    const response = await send(target(), { method: op.method, path: examplePath(op), body: exampleBody(op), authorization });
    expectProblem(response, 401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic\b/i);
  });

  // The description: the user name is the API key, so an empty user name is no key at all.
  // Prism checks only that the Basic token decodes to "user:password"; it cannot know keys.
  const emptyKey = basicAuthorization("");
  if (!target().isMock) {
    it("an empty API key (Basic base64(':')) gets 401 on the read-only operations", async () => {
      for (const op of ops.filter((o) => !mutates(o))) {
        expectProblem(await send(target(), { method: op.method, path: examplePath(op), authorization: emptyKey }), 401);
      }
    });
  } else {
    it("known mock gap, pinned: Prism accepts an empty API key (Basic base64(':')), which the description calls invalid", async () => {
      const response = await send(target(), { method: "get", path: "/groups.json", authorization: emptyKey });
      expect(response.status).toBe(200);
    });
  }
});
