// Static mode: what the mock serves is exactly the description's examples (each named one chosen with
// `Prefer: example=…`), and what it serves validates against the response's schema. Prism serves an
// example even when it does not match its schema, so both halves are needed.
import { describe, expect, it } from "vitest";
import { exampleBody, examplePath, label, send } from "../support/http.js";
import { deref, operations, schemaErrors, type Json } from "../support/openapi.js";
import { mockOnly, REASON_PREFER, target } from "../support/target.js";

interface Served {
  name: string;
  prefer: string;
  status: number;
  mediaType: string;
  schema: Json;
  value: unknown;
}

const cases = operations().flatMap((op) =>
  Object.entries<Json>(op.operation.responses).flatMap(([code, response]) =>
    Object.entries<Json>(deref(response).content ?? {}).flatMap(([mediaType, media]) => {
      const found: Served[] = [];
      if ("example" in media)
        found.push({
          name: `${label(op)} ${code}`,
          prefer: `code=${code}`,
          status: Number(code),
          mediaType,
          schema: media.schema,
          value: media.example,
        });
      for (const [key, example] of Object.entries<Json>(media.examples ?? {})) {
        found.push({
          name: `${label(op)} ${code} example ${key}`,
          prefer: `code=${code}, example=${key}`,
          status: Number(code),
          mediaType,
          schema: media.schema,
          value: deref(example).value,
        });
      }
      return found.map((served) => [served.name, op, served] as const);
    }),
  ),
);

describe("the mock serves the description's examples, and they validate", () => {
  it("finds an example for every operation (a sanity check of the walk)", () => {
    expect(new Set(cases.map(([, op]) => op.operationId)).size).toBe(operations().length);
  });

  it.for(cases)("%s", async ([, op, served], context) => {
    mockOnly(context, REASON_PREFER);
    const response = await send(target(), {
      method: op.method,
      path: examplePath(op),
      body: exampleBody(op),
      headers: { prefer: served.prefer },
    });
    expect(response.status).toBe(served.status);
    expect(response.contentType.split(";")[0]).toBe(served.mediaType);
    expect(response.json).toEqual(served.value);
    expect(schemaErrors(served.schema, response.json)).toEqual([]);
  });
});
