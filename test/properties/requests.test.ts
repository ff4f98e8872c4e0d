// Property-based tests of the request side, derived from the description's own request schemas (see
// test/support/schema-arbitrary.ts): for every request body, query and path parameter, valid inputs
// are accepted by the mock, and for every constraint a schema states, inputs that break exactly that
// constraint are refused with 400 and a problem body. Fixed seeds, bounded runs; the counts are
// printed at the end (and written to test/output/property-counts.json).
import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  exampleBody,
  examplePath,
  label,
  PROBLEM_SCHEMA,
  PROBLEM_TYPE,
  send,
  successResponse,
  type RawRequest,
  type RawResponse,
} from "../support/http.js";
import { deref, operations, repoRoot, schemaErrors, type Json, type Operation } from "../support/openapi.js";
import { bodyBreakers, CONSTRAINTS, exactly, parameterBreakers, unsupported, valid, type Breaker } from "../support/schema-arbitrary.js";
import { mockOnly, target } from "../support/target.js";

/** Change to explore other inputs (PCS_PROPERTY_SEED=…); each property gets its own seed from it. */
const BASE_SEED = Number(process.env.PCS_PROPERTY_SEED ?? 20261122);
/** Inputs are sent in batches (Prism answers several at once); runs × batch inputs per property. */
const BATCH = 5;
// Parameters have a far smaller input space than bodies (one integer each), so fewer runs suffice.
const RUNS = { validBody: 8, brokenBody: 4, validParameter: 2, brokenParameter: 1 };
const REASON = "sends thousands of generated requests, many of them changing data";

interface Tally {
  /** Distinct properties (one per constraint of one schema, or per valid input space). */
  properties: number;
  generated: number;
  accepted: number;
  refused: number;
  other: number;
}
const tallies = new Map<string, Tally>();
const propertiesSeen = new Set<string>();
function tally(kind: string, status: number, propertyName: string): void {
  const t = tallies.get(kind) ?? { properties: 0, generated: 0, accepted: 0, refused: 0, other: 0 };
  if (!propertiesSeen.has(propertyName)) {
    propertiesSeen.add(propertyName);
    t.properties++;
  }
  t.generated++;
  if (status >= 200 && status < 300) t.accepted++;
  else if (status === 400) t.refused++;
  else t.other++;
  tallies.set(kind, t);
}

/** Each property's seed comes from its name, so it does not depend on which tests run or in what order. */
function seedOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return (BASE_SEED + hash) | 0;
}

/** Sends batches of generated inputs and checks each answer; fast-check shrinks a failing batch. */
async function property<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  runs: number,
  toRequest: (value: T) => RawRequest,
  check: (response: RawResponse, value: T) => void,
): Promise<void> {
  const seed = seedOf(name);
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (values) => {
      const responses = await Promise.all(values.map((value) => send(target(), toRequest(value))));
      responses.forEach((response, i) => check(response, values[i]!));
    }),
    { seed, numRuns: runs },
  );
}

function expectRefused(kind: string, propertyName: string) {
  return (response: RawResponse, value: unknown) => {
    tally(kind, response.status, propertyName);
    const what = `${JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v))?.slice(0, 300)} answered ${response.status}`;
    expect(response.status, what).toBe(400);
    expect(response.contentType, what).toMatch(PROBLEM_TYPE);
    expect(schemaErrors(PROBLEM_SCHEMA, response.json), what).toEqual([]);
  };
}

function expectAccepted(op: Operation, kind: string, propertyName: string, schema?: Json) {
  const { status } = successResponse(op);
  return (response: RawResponse, value: unknown) => {
    tally(kind, response.status, propertyName);
    // The generator itself is checked: what it calls valid, Ajv calls valid too.
    if (schema) expect(schemaErrors(schema, value), `generated ${JSON.stringify(value)}`).toEqual([]);
    expect(response.status, `${JSON.stringify(value)?.slice(0, 300)} answered ${response.status}: ${response.text.slice(0, 300)}`).toBe(
      status,
    );
  };
}

const describeBreaker = (b: Breaker, whole = "the body") => `${b.constraint}${b.detail ? ` (${b.detail})` : ""} at ${b.at || whole}`;

const ops = operations();
const withBody = ops.filter((op) => deref(op.operation.requestBody ?? {}).content?.["application/json"]);
const bodySchema = (op: Operation): Json => deref(op.operation.requestBody).content["application/json"].schema;

describe("generated request bodies", () => {
  it("every request body schema uses only keywords the generator knows", () => {
    for (const op of withBody) expect(unsupported(bodySchema(op)), label(op)).toEqual([]);
  });

  for (const op of withBody) {
    const schema = bodySchema(op);
    const request = (body: unknown): RawRequest => ({ method: op.method, path: examplePath(op), body: JSON.stringify(body) });
    describe(label(op), () => {
      it("valid bodies are accepted", async (context) => {
        mockOnly(context, REASON);
        const name = `${op.operationId} body`;
        await property(name, valid(schema), RUNS.validBody, request, expectAccepted(op, "valid body", name, schema));
      });
      it.for(bodyBreakers(schema).map((b) => [describeBreaker(b), b] as const))("%s → 400 with a problem", async ([, breaker], context) => {
        mockOnly(context, REASON);
        const name = `${op.operationId} body ${describeBreaker(breaker)}`;
        await property(name, exactly(breaker, breaker.within), RUNS.brokenBody, request, expectRefused(breaker.constraint, name));
      });
    });
  }
});

const parameterCases = ops.flatMap((op) => op.parameters.filter((p) => p.in === "query" || p.in === "path").map((p) => [op, p] as const));

describe("generated query and path parameters", () => {
  it("finds the paginated queries and the ids (a sanity check of the walk)", () => {
    expect(parameterCases.filter(([, p]) => p.in === "query").length).toBeGreaterThanOrEqual(12);
    expect(parameterCases.filter(([, p]) => p.in === "path").length).toBeGreaterThanOrEqual(10);
  });

  for (const [op, parameter] of parameterCases) {
    const request = (value: unknown): RawRequest => {
      const text = String(value);
      // A valid body where the operation needs one, so only the parameter under test is wrong.
      if (parameter.in === "query")
        return { method: op.method, path: examplePath(op), query: { [parameter.name]: text }, body: exampleBody(op) };
      // encodeURIComponent in fillPath keeps "abc" and "1.5" as they are.
      return { method: op.method, path: examplePath(op, { [parameter.name]: text }), body: exampleBody(op) };
    };
    describe(`${label(op)} ${parameter.in} ${parameter.name}`, () => {
      it("valid values are accepted", async (context) => {
        mockOnly(context, REASON);
        const name = `${op.operationId} ${parameter.name}`;
        await property(
          name,
          valid(parameter.schema),
          RUNS.validParameter,
          request,
          expectAccepted(op, `valid ${parameter.in} parameter`, name),
        );
      });
      it.for(parameterBreakers(parameter).map((b) => [describeBreaker(b, "the value"), b] as const))(
        "%s → 400 with a problem",
        async ([, breaker], context) => {
          mockOnly(context, REASON);
          const name = `${op.operationId} ${parameter.name} ${describeBreaker(breaker, "the value")}`;
          await property(name, breaker.arbitrary, RUNS.brokenParameter, request, expectRefused(breaker.constraint, name));
        },
      );
    });
  }
});

afterAll(() => {
  if (tallies.size === 0) return;
  // Constraints no request schema uses (enum, today) show as 0, so the table says so.
  for (const constraint of CONSTRAINTS)
    if (!tallies.has(constraint)) tallies.set(constraint, { properties: 0, generated: 0, accepted: 0, refused: 0, other: 0 });
  const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total: Tally = { properties: 0, generated: 0, accepted: 0, refused: 0, other: 0 };
  for (const [, t] of rows) for (const key of Object.keys(total) as Array<keyof Tally>) total[key] += t[key];
  const line = (kind: string, t: Tally) =>
    `${kind.padEnd(24)}${[t.properties, t.generated, t.accepted, t.refused, t.other].map((n) => String(n).padStart(11)).join("")}`;
  console.log(
    [
      `property tests, base seed ${BASE_SEED}: requests generated, accepted (2xx), refused (400 + problem), other`,
      `${"kind".padEnd(24)}${["properties", "generated", "accepted", "refused", "other"].map((h) => h.padStart(11)).join("")}`,
      ...rows.map(([kind, t]) => line(kind, t)),
      line("total", total),
    ].join("\n"),
  );
  mkdirSync(`${repoRoot}test/output`, { recursive: true });
  writeFileSync(
    `${repoRoot}test/output/property-counts.json`,
    JSON.stringify({ seed: BASE_SEED, batch: BATCH, runs: RUNS, byKind: Object.fromEntries(rows), total }, null, 2),
  );
});
