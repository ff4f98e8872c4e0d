// Bad input is refused. That the documented limits of a project's creation (name 50, description
// 1,000, job_code 20 characters) are enforced is a documented fact: one more character is never a 2xx,
// exactly at the limit is accepted. Everything else here rests on the description's choices (failing the
// run at the full level only): 400 with a problem body for every length limit of every request body plus one
// character (and exactly at the limit accepted), wrong types, unknown properties, bodies that are not
// JSON or not an object, an empty PATCH, pagination out of range, ids that are not positive integers,
// malformed emails, both or neither of add-user's alternatives, bad country codes. Length limits, types
// and unknown properties are derived from the bundle, so a new property is covered without a change here.
import {
  constrainingEntries,
  exampleBody,
  label,
  operations,
  PROBLEM_SCHEMA,
  requestBodySchema,
  resolveSchema,
  schemaErrors,
  successResponse,
  type Json,
  type Operation,
} from "../description/description.js";
import { Skip } from "../runner/check.js";
import { expect } from "../runner/expect.js";
import type { RawRequest, RawResponse } from "../transport/http.js";
import { compact, type Suite } from "../runner/suite.js";
import { isProblemJson } from "../transport/media-type.js";

/** A request of a case: the path is made when it is sent, from the ids found then (`overrides` win). */
type CaseRequest = Omit<RawRequest, "path"> & { overrides?: Record<string, string | number> };

interface BadCase {
  name: string;
  op: Operation;
  request: CaseRequest;
  /** The rejected value, as the problem's `errors` name it: a JSON Pointer into the body ("/name", "" for
   * the body as a whole) or a parameter's name ("limit"); undefined when several may be named. */
  pointer?: string;
  /** The assumption entries the refusal rests on besides the 400 and its body. */
  entries: string[];
  /** One character over a limit the interface states: refusing it at all is a documented fact. */
  overDocumentedLimit: boolean;
}

/** The documented limits: the interface states these three for a project's creation, nothing else. */

/** One character, two bytes in UTF-8, one UTF-16 unit, the same in every Unicode normal form. */
const FREE_TEXT_PAD = "\u0436"; // ж
export const DOCUMENTED_LIMITS = new Set(["createProject /name", "createProject /description", "createProject /job_code"]);

/** Every string with a maxLength in a body schema: [pointer, its schema, the (branch) object schema holding it]. */
function limitedStrings(schema: Json, at = ""): Array<[string, Json, Json]> {
  const s = resolveSchema(schema);
  if (s.oneOf)
    return s.oneOf.flatMap((branch: Json) => limitedStrings(branch, at).map(([p, prop]) => [p, prop, branch] as [string, Json, Json]));
  const found: Array<[string, Json, Json]> = [];
  for (const [name, property] of Object.entries<Json>(s.properties ?? {})) {
    const p = resolveSchema(property);
    if (p.type === "object")
      found.push(...limitedStrings(p, `${at}/${name}`).map(([q, prop]) => [q, prop, schema] as [string, Json, Json]));
    else if (p.type === "string" && p.maxLength !== undefined) found.push([`${at}/${name}`, p, schema]);
  }
  return found;
}

export function badInputChecks(suite: Suite) {
  const list = suite.checks("bad input");
  const { target } = suite;
  const ops = operations();
  const byId = (id: string) => ops.find((op) => op.operationId === id)!;
  const withBody = ops.filter((op) => requestBodySchema(op));

  /** A string of exactly `length` characters that satisfies the schema's format and pattern. A project
   * name starts with the run's tag, so a project created by mistake is recognised as the run's. */
  const stringOfLength = (schema: Json, length: number, pointer = ""): string => {
    // Free text grows by a letter outside ASCII ("50 chars" are characters: a server that counts UTF-8
    // bytes refuses it at the limit); text with a format or a pattern by its own last character.
    const free = schema.format === undefined && schema.pattern === undefined;
    if (pointer === "/name") return `${suite.runTag} limit `.padEnd(length, FREE_TEXT_PAD).slice(0, length);
    const base: string =
      schema.examples?.[0] ?? (schema.format === "email" ? "a@example.com" : schema.format === "uri" ? "https://example.com/a" : "x");
    // Emails grow at the start of the local part, everything else at the end; both keep the format.
    const pad = schema.format === "email" ? base[0]! : free ? FREE_TEXT_PAD : base.at(-1)!;
    const extra = pad.repeat(Math.max(0, length - [...base].length));
    return schema.format === "email" ? extra + base : base + extra;
  };

  /** The smallest valid body that holds `value` at `pointer` ("/address/country" → {address: {country}}). */
  const bodyWith = (pointer: string, value: unknown, branch: Json): Json => {
    const names = pointer.split("/").slice(1);
    let body: Json = value;
    for (const name of names.reverse()) body = { [name]: body };
    for (const required of resolveSchema(branch).required ?? []) if (!(required in body)) body[required] = suite.created.name("bad input");
    return body;
  };

  const lengthCases = withBody.flatMap((op) =>
    limitedStrings(requestBodySchema(op)).map(([pointer, property, branch]) => ({
      op,
      pointer,
      property,
      branch,
      max: property.maxLength as number,
    })),
  );
  const isDocumented = (c: { op: Operation; pointer: string }) => DOCUMENTED_LIMITS.has(`${c.op.operationId} ${c.pointer}`);
  /** What a length case of `op` rests on besides the 400 itself: the markers of its body (patch-properties…). */
  const lengthEntries = (op: Operation) => constrainingEntries(requestBodySchema(op)).filter((entry) => entry !== "create-required");

  const badCases: BadCase[] = [];
  /** What a server that wrongly took it would do to what the run did not create: change the organization
   * (the run writes to it twice in all: a change and its restore, model/organization.ts), or invite an
   * address by email (an email sent; an administrator account made for an unknown address). Those go
   * only to a disposable server. */
  const invites = (op: Operation, request: Partial<CaseRequest>) =>
    op.operationId === "addProjectUser" && typeof request.body === "object" && request.body !== null && "email" in request.body;
  const harmful = (op: Operation, request: Partial<CaseRequest>) => op.operationId === "updateOrganization" || invites(op, request);
  const add = (
    op: Operation,
    name: string,
    { pointer, ...request }: Partial<CaseRequest> & { pointer?: string },
    entries: string[] = [],
    overDocumentedLimit = false,
  ) =>
    // A server declared disposable sends its mail: no address but the invite address's is invited there.
    (target.disposable ? !(target.declaredDisposable && invites(op, request)) : !harmful(op, request)) &&
    badCases.push({
      name: `${op.operationId}: ${name}`,
      op,
      request: { method: op.method, ...request },
      ...(pointer !== undefined && { pointer }),
      entries,
      overDocumentedLimit,
    });

  for (const c of lengthCases) {
    const body = bodyWith(c.pointer, stringOfLength(c.property, c.max + 1, c.pointer), c.branch);
    add(
      c.op,
      `${c.pointer} of ${c.max + 1} characters (limit ${c.max})`,
      { body, pointer: c.pointer },
      isDocumented(c) ? [] : lengthEntries(c.op),
      isDocumented(c),
    );
  }
  for (const op of withBody) {
    const schema = resolveSchema(requestBodySchema(op));
    const example = {
      ...(exampleBody(op) as Record<string, unknown>),
      ...(op.operationId === "createProject" && { name: suite.created.name("bad input") }),
    };
    add(op, "a body that is not JSON", { body: "{name: 'not json'", headers: { "content-type": "application/json" }, pointer: "" });
    add(op, "a body that is a JSON array", { body: [example], pointer: "" });
    add(op, "JSON sent as text/plain", { body: JSON.stringify(example), headers: { "content-type": "text/plain" }, pointer: "" });
    add(op, "an unknown property", { body: { ...example, unknown_property: true }, pointer: "/unknown_property" });
    for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
      const wrong = resolveSchema(property).type === "string" ? 12345 : "not an object";
      add(op, `${name} of the wrong type`, { body: { ...example, [name]: wrong }, pointer: `/${name}` });
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

  let seenQuery = false;
  const seenParameters = new Set<string>();
  for (const op of [...ops].sort((a, b) => Number(b.method === "get") - Number(a.method === "get"))) {
    const query = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
    // Every case once for the project list, the two commonest slips for the other lists; a malformed
    // id on every operation, each of the others on the first operation that takes the parameter: what a
    // server validates is shared code, and these are choices of the description, not facts.
    const first = !seenQuery;
    if (query.includes("offset")) add(op, "offset -1", { query: { offset: -1 }, pointer: "offset" });
    if (query.includes("limit")) {
      // 101: one more than the description's maximum, written down here, not read from the bundle.
      add(op, "limit 101", { query: { limit: 101 }, pointer: "limit" }, ["max-limit"]);
      if (first) {
        add(op, "limit 0", { query: { limit: 0 }, pointer: "limit" });
        add(op, "limit 'ten'", { query: { limit: "ten" }, pointer: "limit" });
        // Prism reads "1e1" as 10: a gap of the mock's, not the description's.
        if (!target.isMock) add(op, "limit 1e1", { query: { limit: "1e1" }, pointer: "limit" });
      }
      seenQuery = true;
    }
    for (const parameter of op.parameters.filter((p) => p.in === "path")) {
      const ids = seenParameters.has(parameter.name) ? ["abc"] : ["abc", "0", "-1", "1.5", "9007199254740992"];
      seenParameters.add(parameter.name);
      for (const id of ids)
        add(op, `${parameter.name} ${id}`, { overrides: { [parameter.name]: id }, body: exampleBody(op), pointer: parameter.name }, [
          "value-bounds",
        ]);
    }
  }
  const entriesOf = (c: BadCase) => [...new Set(["invalid-input-400", "problem-body", ...c.entries])];

  let scratch: Promise<number> | undefined;
  /** A project created for the writes of this group, so no one's data is changed. */
  const scratchProject = (): Promise<number> => {
    scratch ??= suite.created.send({ method: "post", path: "/projects.json", body: { name: suite.created.name("scratch") } }).then((r) => {
      if (r.id === undefined) throw new Skip(`no project of the run's own to send it to: ${suite.created.unmade(r)}`);
      if (r.status !== 201)
        throw new Skip(
          `no project of the run's own to send it to: the create answered ${r.status}, not 201: ${suite.explain("createProject", r)}`,
        );
      return r.id;
    });
    return scratch;
  };
  /** Sends a case where it can change nothing but what the run made: a write about a project goes to the
   * run's own scratch project (unless the case sets the id itself). */
  const sendCase = async ({ overrides = {}, ...request }: CaseRequest, op: Operation): Promise<RawResponse> => {
    const write = op.method !== "get" && target.stateful;
    const ownProject = write && op.path.includes("{project_id}") && !("project_id" in overrides);
    const path = suite.idPath(op, { ...(ownProject && { project_id: await scratchProject() }), ...overrides });
    if (write && op.operationId === "createProject") return suite.created.send({ ...request, path });
    // A server may take a case the description refuses (a limit the interface does not state): the
    // organization's scenario, which judges every read of it against the run's own changes, must not
    // have such a change land in the middle of it (organization.ts holds the same lock throughout).
    if (write && op.operationId === "updateOrganization") return suite.exclusive("organization", () => suite.send({ ...request, path }));
    return suite.send({ ...request, path });
  };
  /** One request per case, shared by its documented and assumed checks. */
  const answerTo = (c: BadCase) =>
    suite.shared(`bad input ${badCases.indexOf(c)} ${c.name}`, async () => compact(await sendCase(c.request, c.op)));

  list.check("PCS-WALK-LENGTHS").it("derives a length case for every maxLength of every request body (a sanity check of the walk)", () => {
    expect(lengthCases.length).toBeGreaterThanOrEqual(15);
    const found = lengthCases.map((c) => `${c.op.operationId} ${c.pointer}`);
    for (const expected of [...DOCUMENTED_LIMITS, "addProjectUser /email", "updateOrganization /address/country"])
      expect(found).toContain(expected);
  });

  list.check("PCS-INPUT-OVER-LIMIT").for(badCases.filter((c) => c.overDocumentedLimit).map((c) => [c.name, c] as const))(
    "%s: never a 2xx",
    async ([, c], context) => {
      if (c.op.method !== "get") suite.writesOnly(context);
      const response = await answerTo(c);
      const why = suite.explain(label(c.op), response);
      expect(response.status, why).toBeGreaterThanOrEqual(400);
      expect(response.status, why).toBeLessThan(500);
    },
    ([, c]) => ({ operation: c.op.operationId }),
  );

  for (const c of badCases) {
    list.check("PCS-INPUT-400", ...entriesOf(c)).it(
      `${c.name}: 400 with a problem body`,
      async (context) => {
        if (c.op.method !== "get") suite.writesOnly(context);
        const response = await answerTo(c);
        const why = suite.explain(label(c.op), response);
        expect(response.status, why).toBe(400);
        expect(isProblemJson(response.contentType), `content type ${JSON.stringify(response.contentType)}: ${why}`).toBe(true);
        expect(schemaErrors(PROBLEM_SCHEMA, response.json), why).toEqual([]);
        // "for invalid input, `errors`": each rejected value named, once.
        const errors = (response.json as { errors?: Array<{ pointer?: unknown }> }).errors;
        expect(Array.isArray(errors) && errors.length > 0, `the problem lists the rejected values (errors): ${why}`).toBe(true);
        if (c.pointer !== undefined)
          expect(
            errors!.map((e) => e.pointer),
            `the problem's errors name ${JSON.stringify(c.pointer)}: ${why}`,
          ).toContain(c.pointer);
        const pointers = errors!.map((e) => JSON.stringify(e));
        expect(pointers.length, `the problem's errors repeat an entry: ${why}`).toBe(new Set(pointers).size);
      },
      { operation: c.op.operationId, statuses: [400], variant: c.name },
    );
  }

  for (const c of lengthCases) {
    const registrar = isDocumented(c)
      ? list.check("PCS-INPUT-AT-LIMIT")
      : list.check("PCS-INPUT-AT-LIMIT-ASSUMED", ...(lengthEntries(c.op).length ? lengthEntries(c.op) : ["value-bounds"]));
    registrar.it(
      `exactly at the limit: ${c.op.operationId} ${c.pointer} of ${c.max} characters is accepted`,
      async (context) => {
        suite.writesOnly(context);
        // On a real server these would invite an unknown address (which creates an administrator
        // account) or overwrite the organization's fields: only where data is disposable.
        if (c.op.operationId === "addProjectUser" || c.op.operationId === "updateOrganization")
          context.skip(
            !target.disposable,
            "would change data that cannot be restored on a server that is not disposable: the sandbox (--target sandbox) checks it",
          );
        // A server declared disposable sends its mail: only the invite address and its sub-addresses are
        // invited there, and an address at the length limit is neither.
        if (c.op.operationId === "addProjectUser" && c.pointer === "/email")
          context.skip(
            target.declaredDisposable === true,
            "an address at the length limit would be invited, and on a server declared disposable only the invite address and its sub-addresses are: the sandbox (--target sandbox) checks it",
          );
        // On a server that keeps state, the organization workflow checks at the same time that the
        // organization ends exactly as it was: only a stateless target takes these writes.
        if (c.op.operationId === "updateOrganization")
          context.skip(
            target.stateful,
            "a field of the organization at its length limit: on a server that keeps state only the model's organization scenario writes the organization (so that it ends as it began); the mock (--target mock) checks these",
          );
        const body = bodyWith(c.pointer, stringOfLength(c.property, c.max, c.pointer), c.branch);
        // The case itself is right: valid at the limit, and one more character breaks only the limit.
        expect(schemaErrors(requestBodySchema(c.op), body)).toEqual([]);
        expect(
          schemaErrors(requestBodySchema(c.op), bodyWith(c.pointer, stringOfLength(c.property, c.max + 1, c.pointer), c.branch)),
        ).not.toEqual([]);
        const response = await sendCase({ method: c.op.method, body }, c.op);
        const why = suite.explain(label(c.op), response);
        // A 16-digit user id is well-formed but names no one on a server that keeps state.
        if (c.op.operationId === "addProjectUser" && c.pointer === "/user" && target.stateful)
          expect([201, 404], why).toContain(response.status);
        else expect(response.status, why).toBe(successResponse(c.op).status);
      },
      { operation: c.op.operationId, statuses: [successResponse(c.op).status], variant: c.pointer },
    );
  }
  return list.checks;
}
