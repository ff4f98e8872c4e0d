// Bad input is refused. That the documented limits of a project's creation (name 50, description
// 1,000, job_code 20 characters) are enforced is a documented fact: one more character is never a 2xx,
// exactly at the limit is accepted. Everything else here rests on the description's choices and runs at
// the full level only: 400 with a problem body for every length limit of every
// request body plus one character (and exactly at the limit accepted), wrong types, unknown
// properties, bodies that are not JSON or not an object, an empty PATCH, pagination out of range,
// ids that are not positive integers, malformed emails, both or neither of add-user's alternatives,
// bad country codes. Length limits, types and unknown properties are derived from the bundle, so a
// new property is covered without editing this file.
import { afterAll, describe, expect } from "vitest";
import { assumed, constrainingEntries, documented } from "../support/conformance.js";
import {
  exampleBody,
  explain,
  label,
  PROBLEM_SCHEMA,
  PROBLEM_TYPE,
  send,
  successResponse,
  type RawRequest,
  type RawResponse,
} from "../support/http.js";
import { idPath } from "../support/ids.js";
import { deref, operations, schemaErrors, type Json, type Operation } from "../support/openapi.js";
import { resolve } from "../support/schema-arbitrary.js";
import { createdName, deleteCreated, sendCreating } from "../support/created.js";
import { runTag, target, writesOnly } from "../support/target.js";

const ops = operations();
const byId = (id: string) => ops.find((op) => op.operationId === id)!;
const bodySchema = (op: Operation): Json | undefined => deref(op.operation.requestBody ?? {}).content?.["application/json"]?.schema;
const withBody = ops.filter((op) => bodySchema(op));

interface BadCase {
  name: string;
  op: Operation;
  request: RawRequest;
  /** The assumption entries the refusal rests on besides the 400 and its body. */
  entries: string[];
  /** One character over a limit the interface states: refusing it at all is a documented fact. */
  overDocumentedLimit: boolean;
}

/** A string of exactly `length` code points that satisfies the schema's format and pattern. A project
 * name starts with the run's tag, so a project created by mistake is recognised as the suite's. */
function stringOfLength(schema: Json, length: number, pointer = ""): string {
  if (pointer === "/name") return `${runTag()} limit `.padEnd(length, "x").slice(0, length);
  const base: string =
    schema.examples?.[0] ?? (schema.format === "email" ? "a@example.com" : schema.format === "uri" ? "https://example.com/a" : "x");
  // Emails grow at the start of the local part, everything else at the end; both keep the format.
  const pad = schema.format === "email" ? base[0]! : base.at(-1)!;
  const extra = pad.repeat(Math.max(0, length - [...base].length));
  return schema.format === "email" ? extra + base : base + extra;
}

/** Every string with a maxLength in a body schema: [pointer, its schema, the (branch) object schema holding it]
 * (oneOf branches and nested objects included). */
function limitedStrings(schema: Json, at = ""): Array<[string, Json, Json]> {
  const s = resolve(schema);
  if (s.oneOf)
    return s.oneOf.flatMap((branch: Json) => limitedStrings(branch, at).map(([p, prop]) => [p, prop, branch] as [string, Json, Json]));
  const found: Array<[string, Json, Json]> = [];
  for (const [name, property] of Object.entries<Json>(s.properties ?? {})) {
    const p = resolve(property);
    if (p.type === "object")
      found.push(...limitedStrings(p, `${at}/${name}`).map(([q, prop]) => [q, prop, schema] as [string, Json, Json]));
    else if (p.type === "string" && p.maxLength !== undefined) found.push([`${at}/${name}`, p, schema]);
  }
  return found;
}

/** The smallest valid body that holds `value` at `pointer` ("/address/country" → {address: {country}}). */
function bodyWith(pointer: string, value: unknown, branch: Json): Json {
  const names = pointer.split("/").slice(1);
  let body: Json = value;
  for (const name of names.reverse()) body = { [name]: body };
  // A required sibling the branch needs (e.g. a create needs `name`) comes from a minimal valid value.
  for (const required of resolve(branch).required ?? []) if (!(required in body)) body[required] = createdName("bad input");
  return body;
}

const lengthCases = withBody.flatMap((op) =>
  limitedStrings(bodySchema(op)).map(([pointer, property, branch]) => ({
    op,
    pointer,
    property,
    branch,
    max: property.maxLength as number,
  })),
);

/** The documented limits: the interface states these three for a project's creation, nothing else. */
const DOCUMENTED_LIMITS = new Set(["createProject /name", "createProject /description", "createProject /job_code"]);
const isDocumented = (c: { op: Operation; pointer: string }) => DOCUMENTED_LIMITS.has(`${c.op.operationId} ${c.pointer}`);
/** What a length case of `op` rests on besides the 400 itself: the markers of its body (patch-properties…). */
const lengthEntries = (op: Operation) => constrainingEntries(bodySchema(op)).filter((entry) => entry !== "create-required");

const badCases: BadCase[] = [];
const add = (op: Operation, name: string, request: Partial<RawRequest>, entries: string[] = [], overDocumentedLimit = false) =>
  badCases.push({
    name: `${op.operationId}: ${name}`,
    op,
    request: { method: op.method, path: idPath(op), ...request },
    entries,
    overDocumentedLimit,
  });

for (const c of lengthCases) {
  const body = bodyWith(c.pointer, stringOfLength(c.property, c.max + 1, c.pointer), c.branch);
  add(
    c.op,
    `${c.pointer} of ${c.max + 1} characters (limit ${c.max})`,
    { body },
    isDocumented(c) ? [] : lengthEntries(c.op),
    isDocumented(c),
  );
}
for (const op of withBody) {
  const schema = resolve(bodySchema(op));
  const example = {
    ...(exampleBody(op) as Record<string, unknown>),
    ...(op.operationId === "createProject" && { name: createdName("bad input") }),
  };
  add(op, "a body that is not JSON", { body: "{name: 'not json'", headers: { "content-type": "application/json" } });
  add(op, "a body that is a JSON array", { body: [example] });
  add(op, "an unknown property", { body: { ...example, unknown_property: true } });
  for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
    const wrong = resolve(property).type === "string" ? 12345 : "not an object";
    add(op, `${name} of the wrong type`, { body: { ...example, [name]: wrong } });
  }
  if (schema.minProperties) add(op, "an empty body object ({})", { body: {} });
}
const addUser = byId("addProjectUser");
add(addUser, "both user and email", { body: { user: "48213", email: "sam.okafor@agency.example" } });
add(addUser, "neither user nor email", { body: {} });
add(addUser, "a malformed email", { body: { email: "sam.okafor.agency.example" } });
add(addUser, "a user id that is not digits", { body: { user: "abc" } });
add(addUser, "a user id sent as a number", { body: { user: 48213 } });
const org = byId("updateOrganization");
for (const country of ["USA", "us", "U1", "U"]) add(org, `country code ${JSON.stringify(country)}`, { body: { address: { country } } });
add(org, "a malformed email", { body: { email: "hello(at)northwind.example" } });
add(org, "a malformed billing email", { body: { email_billing: "billing@" } });
add(org, "a website that is not a URL", { body: { website: "www northwind example" } });
add(org, "an empty address", { body: { address: {} } });
add(org, "an unknown address property", { body: { address: { planet: "Earth" } } });
add(byId("createProject"), "no name", { body: { description: "A project without a name." } }, ["create-required"]);
add(byId("createProject"), "an empty name", { body: { name: "" } });

for (const op of ops) {
  const query = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
  if (query.includes("offset")) add(op, "offset -1", { query: { offset: -1 } });
  if (query.includes("limit")) {
    add(op, "limit 0", { query: { limit: 0 } });
    // 101: one more than the description's maximum, written down here, not read from the bundle.
    add(op, "limit 101", { query: { limit: 101 } }, ["max-limit"]);
    add(op, "limit 'ten'", { query: { limit: "ten" } });
  }
  for (const parameter of op.parameters.filter((p) => p.in === "path")) {
    for (const id of ["abc", "0", "-1", "1.5", "9007199254740992"]) {
      add(op, `${parameter.name} ${id}`, { path: idPath(op, { [parameter.name]: id }), body: exampleBody(op) }, ["value-bounds"]);
    }
  }
}
const entriesOf = (c: BadCase) => [...new Set(["invalid-input-400", "problem-body", ...c.entries])];

/**
 * Sends a case where it can change nothing but what the suite made: on a server that keeps state, a
 * write about a project goes to the suite's own scratch project, and a project created by a server
 * that wrongly accepts the input is registered for deletion the moment it answers.
 */
async function sendCase(request: RawRequest, op: Operation): Promise<RawResponse> {
  if (op.method === "get" || !target().stateful) return send(target(), request);
  if (op.operationId === "createProject") return sendCreating(request);
  const aboutProject = op.path.includes("{project_id}") && request.path === idPath(op);
  return send(target(), aboutProject ? { ...request, path: idPath(op, { project_id: await scratchProject() }) } : request);
}

/** One request per case, shared by its documented and assumed checks. */
const answers = new Map<BadCase, Promise<RawResponse>>();
const answerTo = (c: BadCase) => {
  if (!answers.has(c)) answers.set(c, sendCase(c.request, c.op));
  return answers.get(c)!;
};

describe("bad input is refused", () => {
  documented.it("derives a length case for every maxLength of every request body (a sanity check of the walk)", () => {
    expect(lengthCases.length).toBeGreaterThanOrEqual(15);
    expect(lengthCases.map((c) => `${c.op.operationId} ${c.pointer}`)).toEqual(
      expect.arrayContaining([...DOCUMENTED_LIMITS, "addProjectUser /email", "updateOrganization /address/country"]),
    );
  });

  const documentedCases = badCases.filter((c) => c.overDocumentedLimit);
  documented.for(documentedCases.map((c) => [c.name, c] as const))("%s: never a 2xx", async ([, c], context) => {
    if (c.op.method !== "get") writesOnly(context);
    const response = await answerTo(c);
    const why = explain(label(c.op), response, target().apiKey);
    expect(response.status, why).toBeGreaterThanOrEqual(400);
    expect(response.status, why).toBeLessThan(500);
  });

  for (const c of badCases) {
    assumed(...entriesOf(c)).it(`${c.name}: 400 with a problem body`, async (context) => {
      if (c.op.method !== "get") writesOnly(context);
      const response = await answerTo(c);
      const why = explain(label(c.op), response, target().apiKey);
      expect(response.status, why).toBe(400);
      expect(response.contentType, why).toMatch(PROBLEM_TYPE);
      expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
    });
  }
});

describe("exactly at each length limit is accepted", () => {
  for (const c of lengthCases) {
    const checks = isDocumented(c) ? documented : assumed(...(lengthEntries(c.op).length ? lengthEntries(c.op) : ["value-bounds"]));
    checks.it(`${c.op.operationId}: ${c.pointer} of ${c.max} characters`, async (context) => {
      writesOnly(context);
      // On a real server these would invite an unknown address (which creates an administrator account)
      // or overwrite the organization's fields: only where data is disposable.
      if (c.op.operationId === "addProjectUser" || c.op.operationId === "updateOrganization")
        context.skip(!target().disposable, `${target().name}: changes data that cannot be restored`);
      // On a server that keeps state, the organization workflow checks at the same time (another file)
      // that the organization ends exactly as it was: only a stateless target takes these writes.
      if (c.op.operationId === "updateOrganization")
        context.skip(target().stateful, `${target().name}: the organization workflow owns the organization's state in this run`);
      const body = bodyWith(c.pointer, stringOfLength(c.property, c.max, c.pointer), c.branch);
      // The case itself is right: valid at the limit, and one more character breaks only the limit.
      expect(schemaErrors(bodySchema(c.op), body)).toEqual([]);
      expect(schemaErrors(bodySchema(c.op), bodyWith(c.pointer, stringOfLength(c.property, c.max + 1, c.pointer), c.branch))).not.toEqual(
        [],
      );
      // Writes go to a project the suite may change: on a stateful server, one it creates for the purpose.
      const response = await sendCase({ method: c.op.method, path: idPath(c.op), body }, c.op);
      const why = explain(label(c.op), response, target().apiKey);
      // A 16-digit user id is well-formed but names no one on a server that keeps state: not refused as
      // invalid input is what the limit promises there.
      if (c.op.operationId === "addProjectUser" && c.pointer === "/user" && target().stateful)
        expect([201, 404], why).toContain(response.status);
      else expect(response.status, why).toBe(successResponse(c.op).status);
    });
  }
});

let scratch: Promise<number> | undefined;
/** A project created for the writes of this file (deleted after them), so no one's data is changed. */
function scratchProject(): Promise<number> {
  scratch ??= sendCreating({ method: "post", path: "/projects.json", body: { name: createdName("scratch") } }).then((r) => {
    if (r.status !== 201 || r.id === undefined) throw new Error(explain("createProject", r, target().apiKey));
    return r.id;
  });
  return scratch;
}
afterAll(async () => {
  expect(await deleteCreated(), "projects the suite created and could not delete").toEqual([]);
});
