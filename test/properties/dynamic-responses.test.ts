// The mock's dynamically generated responses (Prism's json-schema-faker, chosen per request with
// `Prefer: dynamic=true, seed=…`) validate against their schemas, for several fixed seeds: every
// success response of every operation, and every shared error response. A failure here means the
// description admits values Prism cannot produce validly, or Prism ignores part of the schema.
import { afterAll, describe, expect, it } from "vitest";
import { examplePath, exampleBody, inParallel, label, send } from "../support/http.js";
import { deref, operations, schemaErrors, type Json, type Operation } from "../support/openapi.js";
import { mockOnly, REASON_PREFER, target } from "../support/target.js";

// Three seeds: a generated list of up to 100 items costs Prism about 0.1 s, so more would weigh on the run.
const SEEDS = ["pcs-1", "pcs-2", "pcs-3"];
let generated = 0;
let valid = 0;

async function dynamicResponse(op: Operation, status: number, seed: string) {
  return send(target(), {
    method: op.method,
    path: examplePath(op),
    body: exampleBody(op),
    headers: { prefer: `code=${status}, dynamic=true, seed=${seed}` },
  });
}

/** Sends the request once per seed and validates each body against the response's schema. */
async function checkSeeds(op: Operation, status: number, mediaType: string, schema: Json): Promise<void> {
  const failures = await inParallel(SEEDS, 3, async (seed) => {
    const response = await dynamicResponse(op, status, seed);
    generated++;
    expect(response.status).toBe(status);
    expect(response.contentType.split(";")[0]).toBe(mediaType);
    const errors = schemaErrors(schema, response.json);
    if (errors.length === 0) valid++;
    return errors.length ? `seed ${seed}: ${errors.join("; ")} in ${response.text.slice(0, 500)}` : undefined;
  });
  expect(failures.filter(Boolean)).toEqual([]);
}

const ops = operations();
const successCases = ops.flatMap((op) =>
  Object.entries<Json>(op.operation.responses)
    .filter(([code]) => code.startsWith("2"))
    .flatMap(([code, response]) =>
      Object.entries<Json>(deref(response).content ?? {}).map(
        ([type, media]) => [`${label(op)} ${code}`, op, Number(code), type, media.schema] as const,
      ),
    ),
);

// Each shared error response once (with the first operation that documents it): Prism's output
// depends only on the schema and the seed, so repeating it for every operation would add nothing.
const errorCases = new Map<string, readonly [string, Operation, number, string, Json]>();
for (const op of ops) {
  for (const [code, response] of Object.entries<Json>(op.operation.responses)) {
    if (!/^[45]/.test(code) || !response.$ref || errorCases.has(response.$ref)) continue;
    for (const [type, media] of Object.entries<Json>(deref(response).content ?? {})) {
      errorCases.set(response.$ref, [
        `${response.$ref.split("/").pop()} (${code}, via ${op.operationId})`,
        op,
        Number(code),
        type,
        media.schema,
      ]);
    }
  }
}

describe(`dynamic mock responses validate (seeds ${SEEDS.join(", ")})`, () => {
  it.for(successCases)("%s", async ([, op, status, type, schema], context) => {
    mockOnly(context, REASON_PREFER);
    await checkSeeds(op, status, type, schema);
  });

  it.for([...errorCases.values()])("%s", async ([, op, status, type, schema], context) => {
    mockOnly(context, REASON_PREFER);
    await checkSeeds(op, status, type, schema);
  });

  it("a seed gives the same response every time, and another seed another response", async (context) => {
    mockOnly(context, REASON_PREFER);
    const op = ops.find((o) => o.operationId === "getProject")!;
    const [a, b, c] = await Promise.all([
      dynamicResponse(op, 200, "pcs-1"),
      dynamicResponse(op, 200, "pcs-1"),
      dynamicResponse(op, 200, "pcs-2"),
    ]);
    expect(a.text).toBe(b.text);
    expect(a.text).not.toBe(c.text);
  });
});

afterAll(() => {
  if (generated)
    console.log(`dynamic responses: ${generated} generated, ${valid} valid, ${generated - valid} invalid (seeds ${SEEDS.join(", ")})`);
});
