// Errors. On the mock, every error response the description declares (chosen with Prism's `Prefer:
// code=…`) is served as declared. On every target: a missing, malformed, empty or wrong API key gets
// 401 on every operation — the status is a documented fact; the problem body and the Basic challenge are
// the description's choices (failing the run at the full level only). A refused write is aimed where it changes
// nothing even on a server that wrongly carries it out (see harmlessRequest); without writes allowed,
// a server that is not disposable gets none.
import {
  deref,
  exampleBody,
  label,
  markerOf,
  operations,
  PROBLEM_SCHEMA,
  PROBLEM_TYPE,
  schemaErrors,
  type Json,
  type Operation,
} from "../description.js";
import { wrongKeyOf } from "../credentials.js";
import { expect } from "../expect.js";
import { basicAuthorization, type RawResponse } from "../http.js";
import { compact, type Suite } from "../suite.js";
import { examplePath } from "./examples.js";

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
    list.documented.it("the walk finds 401 and 403 on every operation (a sanity check)", () => {
      for (const status of [401, 403]) expect(errorCases.filter(([, , code]) => code === status)).toHaveLength(ops.length);
    });
    // What an error response holds is the description's choice (problem-body), and so, for 400, 409, 429
    // and 500, is the status itself.
    for (const [name, op, status, declared] of errorCases) {
      const entries = [...new Set(["problem-body", ...Object.keys(markerOf(declared))])];
      list.assumed(...entries).it(
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
          expect(response.contentType, why).toMatch(PROBLEM_TYPE);
          expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
          expect((response.json as { status: number }).status, why).toBe(status);
          for (const header of Object.keys(declared.headers ?? {}))
            expect(response.headers.get(header), `header ${header}: ${why}`).not.toBe(null);
        },
        { operation: op.operationId, statuses: [status] },
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

  let organizationField: Promise<Record<string, unknown>> | undefined;
  /** One field of the organization with the value it has now: a PATCH that changes nothing. */
  const unchangedOrganizationField = (): Promise<Record<string, unknown>> => {
    organizationField ??= suite.send({ method: "get", path: "/organizations.json" }).then((r) => {
      const org = (r.json ?? {}) as Record<string, unknown>;
      const field = ["phone", "website", "email", "name"].find((f) => typeof org[f] === "string" && org[f] !== "");
      if (r.status !== 200 || !field) throw new Error(suite.explain("getOrganization", r));
      return { [field]: org[field] };
    });
    return organizationField;
  };
  /** A request of `op` with the given credential that changes nothing even on a server that wrongly
   * takes it: writes go to the run's own deleted project, a create is named and registered for
   * deletion, an organization update sets a field to the value it has. On the mock, the example request. */
  const harmlessRequest = async (op: Operation, authorization: string | null): Promise<RawResponse> => {
    if (!mutates(op) || target.isMock)
      return suite.send({ method: op.method, path: suite.idPath(op), body: exampleBody(op), authorization });
    if (op.operationId === "createProject")
      return suite.created.send({
        method: op.method,
        path: op.path,
        body: { name: suite.created.name("refused credential") },
        authorization,
      });
    if (op.operationId === "updateOrganization")
      return suite.send({ method: op.method, path: op.path, body: await unchangedOrganizationField(), authorization });
    return suite.send({
      method: op.method,
      path: suite.idPath(op, { project_id: await suite.created.goneProjectId() }),
      body: exampleBody(op),
      authorization,
    });
  };

  const answerTo = (op: Operation, authorization: string | null) =>
    suite.shared(`credential ${op.operationId} ${authorization}`, async () => compact(await harmlessRequest(op, authorization)));
  const cases = ops.flatMap((op) => refused.map(([what, authorization]) => [`${label(op)}: ${what}`, op, authorization] as const));
  const meta = ([, op]: readonly [string, Operation, ...unknown[]]) => ({ operation: op.operationId, statuses: [401], rule: "credential" });

  list.documented.for(cases)(
    "%s → 401",
    async ([, op, authorization], context) => {
      if (mutates(op)) suite.writesOnly(context); // a server that wrongly accepted it would carry the change out
      const response = await answerTo(op, authorization);
      expect(response.status, suite.explain(label(op), response)).toBe(401);
    },
    meta,
  );

  list.assumed("problem-body", "www-authenticate").for(cases)(
    "%s → a problem body and a Basic challenge",
    async ([, op, authorization], context) => {
      if (mutates(op)) suite.writesOnly(context);
      const response = await answerTo(op, authorization);
      const why = suite.explain(label(op), response);
      expect(response.contentType, why).toMatch(PROBLEM_TYPE);
      expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
      expect(response.headers.get("www-authenticate") ?? "", why).toMatch(/^Basic\b/i);
    },
    meta,
  );

  const wrongKey = basicAuthorization(wrongKeyOf(target.apiKey));
  if (target.checksKeys) {
    list.documented.for(ops.map((op) => [label(op), op] as const))(
      "a well-formed but wrong API key: %s → 401",
      async ([, op], context) => {
        if (mutates(op)) suite.writesOnly(context);
        const response = await harmlessRequest(op, wrongKey);
        expect(response.status, suite.explain(label(op), response)).toBe(401);
      },
      meta,
    );
  } else {
    list.documented.it("known mock gap, pinned: Prism accepts any well-formed key, the empty one included", async () => {
      for (const authorization of [wrongKey, basicAuthorization("")]) {
        const response = await suite.send({ method: "get", path: "/groups.json", authorization });
        expect(response.status, suite.explain("listGroups", response)).toBe(200);
      }
    });
  }
  return list.checks;
}
