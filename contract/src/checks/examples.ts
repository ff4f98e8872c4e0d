// The mock only: what it serves is exactly the description's examples (each named one chosen with
// `Prefer: example=…`), and what it serves validates against the response's schema. Prism serves an
// example even when it does not match its schema, so both halves are needed. Not registered for any
// other target (a real server ignores `Prefer`).
import { deref, exampleBody, exampleOf, label, operations, schemaErrors, type Json, type Operation } from "../description/description.js";
import { expect } from "../runner/expect.js";
import { fillPath } from "../transport/http.js";
import type { Suite } from "../runner/suite.js";
import { mediaTypeName } from "../transport/media-type.js";

/** The operation's path with each path parameter set to its example. */
export function examplePath(op: Operation, overrides: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) values[p.name] = exampleOf(p) as number;
  return fillPath(op.path, { ...values, ...overrides });
}

export function exampleChecks(suite: Suite) {
  const list = suite.checks("mock examples");
  if (!suite.target.isMock) return list.checks;
  const cases = operations().flatMap((op) =>
    Object.entries<Json>(op.operation.responses).flatMap(([code, response]) =>
      Object.entries<Json>(deref(response).content ?? {}).flatMap(([mediaType, media]) => {
        const found: Array<{ name: string; prefer: string; status: number; mediaType: string; schema: Json; value: unknown }> = [];
        if ("example" in media)
          found.push({
            name: `${label(op)} ${code}`,
            prefer: `code=${code}`,
            status: Number(code),
            mediaType,
            schema: media.schema,
            value: media.example,
          });
        for (const [key, example] of Object.entries<Json>(media.examples ?? {}))
          found.push({
            name: `${label(op)} ${code} example ${key}`,
            prefer: `code=${code}, example=${key}`,
            status: Number(code),
            mediaType,
            schema: media.schema,
            value: deref(example).value,
          });
        return found.map((served) => [served.name, op, served] as const);
      }),
    ),
  );
  list.check("PCS-WALK-EXAMPLES").it("finds an example for every operation (a sanity check of the walk)", () => {
    expect(new Set(cases.map(([, op]) => op.operationId)).size).toBe(operations().length);
  });
  list.check("PCS-MOCK-EXAMPLE").for(cases)(
    "%s",
    async ([, op, served]) => {
      const response = await suite.send({
        method: op.method,
        path: examplePath(op),
        body: exampleBody(op),
        headers: { prefer: served.prefer },
        retry: false,
      });
      const why = suite.explain(label(op), response);
      expect(response.status, why).toBe(served.status);
      expect(mediaTypeName(response.contentType), why).toBe(mediaTypeName(served.mediaType));
      expect(response.json, why).toEqual(served.value);
      expect(schemaErrors(served.schema, response.json), why).toEqual([]);
    },
    ([, op, served]) => ({ operation: op.operationId, statuses: [served.status] }),
  );
  return list.checks;
}
