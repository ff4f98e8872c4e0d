// Errors. On the mock, every error response the description declares (chosen with Prism's `Prefer:
// code=…`) is served as declared. On every target: a missing, malformed, empty or wrong API key is
// refused on every read, with nothing in the answer — a documented fact (a request with no valid key is
// no caller, added to nothing); that the refusal is 401 with a problem body and a Basic challenge is the
// description's choice (failing the run at the full level only). Writes with no valid key are the model's.
import {
  deref,
  exampleBody,
  label,
  markerOf,
  operations,
  PROBLEM_SCHEMA,
  schemaErrors,
  type Json,
  type Operation,
} from "../description/description.js";
import { wrongKeyOf } from "../callers/credentials.js";
import { expect } from "../runner/expect.js";
import { basicAuthorization, type RawResponse } from "../transport/http.js";
import { compact, type Suite } from "../runner/suite.js";
import { examplePath } from "./examples.js";
import { authSchemes, isProblemJson } from "../transport/media-type.js";

export function errorChecks(suite: Suite) {
  const list = suite.checks("errors");
  const { target } = suite;
  const ops = operations();
  const mutates = (op: Operation) => op.method !== "get";

  if (target.isMock) {
    const errorCases = ops.flatMap((op) =>
      Object.entries<Json>(op.operation.responses)
        .filter(([code]) => /^[45]/.test(code))
        .map(([code, response]) => [`${label(op)} → ${code}`, op, Number(code), deref(response)] as const),
    );
    list.check("PCS-WALK-ERRORS").it("the walk finds 401 and 403 on every operation (a sanity check)", () => {
      for (const status of [401, 403]) expect(errorCases.filter(([, , code]) => code === status)).toHaveLength(ops.length);
    });
    // What an error response holds is the description's choice (problem-body), and so, for 400, 409, 429
    // and 500, is the status itself.
    for (const [name, op, status, declared] of errorCases) {
      const entries = [...new Set(["problem-body", ...Object.keys(markerOf(declared))])];
      list.check("PCS-MOCK-ERROR", ...entries).it(
        `the mock serves ${name} as declared (Prefer: code=${status})`,
        async () => {
          const response = await suite.send({
            method: op.method,
            path: examplePath(op),
            body: exampleBody(op),
            headers: { prefer: `code=${status}` },
            retry: false,
          });
          const why = suite.explain(label(op), response);
          expect(response.status, why).toBe(status);
          expect(isProblemJson(response.contentType), `content type ${JSON.stringify(response.contentType)}: ${why}`).toBe(true);
          expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
          expect((response.json as { status: number }).status, why).toBe(status);
          for (const header of Object.keys(declared.headers ?? {}))
            expect(response.headers.get(header), `header ${header}: ${why}`).not.toBe(null);
        },
        { operation: op.operationId, statuses: [status], variant: String(status) },
      );
    }
  }

  // Credentials the service must refuse. One request per (operation, credential), shared by the checks.
  const refused: Array<[string, string | null]> = [
    ["no Authorization header", null],
    ["another scheme (Bearer)", "Bearer contract-test-key"],
    ["Basic without credentials", "Basic"],
    ["Basic with a token that is not base64", "Basic !!!"],
    ["Basic with a user name and no colon", `Basic ${Buffer.from("contract-test-key").toString("base64")}`],
    ["the API key sent as it is, without a scheme", "contract-test-key"],
    // The user name is the API key, so an empty user name is no key at all. Prism only checks that the
    // Basic token decodes to "user:password"; it cannot know keys (pinned below), so not on the mock.
    ...(target.checksKeys ? [["an empty API key (Basic base64(':'))", basicAuthorization("")] as [string, string]] : []),
  ];

  // Reads only: every write, with no key and a key of no one, is the model's (sequences/fixed.ts), on the
  // run's own projects, read back after. A refusal is judged by its outcome at the documented level (not
  // a success, nothing in it); its status, body and challenge are the description's choices.
  const reads = ops.filter((op) => !mutates(op));
  const answerTo = (op: Operation, authorization: string | null) =>
    suite.shared(`credential ${op.operationId} ${authorization}`, async () =>
      compact(await suite.send({ method: op.method, path: suite.idPath(op), body: exampleBody(op), authorization })),
    );
  // Every form on the project list and a project; no key at all on every read (one authentication layer
  // serves them all: the forms are its business, the routes that forget it are each route's).
  const everyForm = new Set(["listProjects", "getProject"]);
  const cases = (target.isMock ? ops : reads).flatMap((op) =>
    refused
      .filter(([what]) => target.isMock || everyForm.has(op.operationId) || what === "no Authorization header")
      .map(([what, authorization]) => [`${label(op)}: ${what}`, op, authorization] as const),
  );
  const meta = ([, op]: readonly [string, Operation, ...unknown[]]) => ({
    operation: op.operationId,
    statuses: [401],
  });
  /** Refused, and nothing in the answer: no list, no record (the data the caller may not see). */
  const refusedWithNothing = (response: RawResponse, op: Operation) => {
    const why = suite.explain(label(op), response);
    expect(response.status >= 400 && response.status < 500, `a request without a valid key is refused — expected a 4xx: ${why}`).toBe(true);
    expect(
      Array.isArray(response.json) || typeof (response.json as { id?: unknown })?.id === "number",
      `the refusal holds data: ${why}`,
    ).toBe(false);
  };

  list.check("PCS-KEY-NONE-REFUSED").for(cases)(
    "%s → refused, with nothing in the answer",
    async ([, op, authorization]) => refusedWithNothing(await answerTo(op, authorization), op),
    meta,
  );

  list.check("PCS-KEY-NONE-401", "refusal-statuses", "problem-body", "www-authenticate").for(cases)(
    "%s → 401 with a problem body and a Basic challenge",
    async ([, op, authorization]) => {
      const response = await answerTo(op, authorization);
      const why = suite.explain(label(op), response);
      expect(response.status, why).toBe(401);
      expect(isProblemJson(response.contentType), `content type ${JSON.stringify(response.contentType)}: ${why}`).toBe(true);
      expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
      expect(authSchemes(response.headers.get("www-authenticate")), `WWW-Authenticate with a Basic challenge: ${why}`).toContain("basic");
    },
    meta,
  );

  const wrongKey = basicAuthorization(wrongKeyOf(target.apiKey));
  if (target.checksKeys) {
    list.check("PCS-KEY-WRONG-REFUSED").for(reads.map((op) => [label(op), op] as const))(
      "a well-formed but wrong API key: %s → refused, with nothing in the answer",
      async ([, op]) => refusedWithNothing(await answerTo(op, wrongKey), op),
      meta,
    );
  } else {
    list.check("PCS-MOCK-ANY-KEY-GAP").it("known mock gap, pinned: Prism accepts any well-formed key, the empty one included", async () => {
      for (const authorization of [wrongKey, basicAuthorization("")]) {
        const response = await suite.send({ method: "get", path: "/groups.json", authorization });
        expect(response.status, suite.explain("listGroups", response)).toBe(200);
      }
    });
  }
  return list.checks;
}
