// Issue 37: one rule decides whether an email address is accepted, everywhere. The description writes
// it as the `pattern` beside every `format: email` (x-assumptions: email-address), and a table of
// addresses — valid ones, a dotless domain, quoted local parts, address literals, internationalized
// ones, very long ones — is run through each place that validates one: the description's validators
// (Ajv with ajv-formats, the checker's and the tests'), the pattern alone (what a tool applies that
// reads `format` as an annotation, as JSON Schema 2020-12 allows), the sandbox (the same code serves
// `npm run sandbox`, `pcs sandbox`, `pcs --sandbox` and the MCP server without a key), the mock
// (Prism's own validators) and the MCP server's check of a tool's arguments. The client and `pcs` check
// no address locally: the server's answer decides. The expected column is written here, by hand.
import { describe, expect, it } from "vitest";
import { toRequest } from "../../mcp/src/arguments.js";
import { builtTools } from "../../mcp/src/index.js";
import { EMAIL_PATTERN } from "../../scripts/lib/openapi.mjs";
import { createSandbox } from "../../src/sandbox/index.js";
import { basicAuthorization, send } from "../support/http.js";
import { deref, markersOf, openapi, operations, schemaErrors, type Json } from "../support/openapi.js";
import { mockOnly, target } from "../support/target.js";

/** 254 characters (RFC 5321's limit, the description's maxLength), every label at most 63. */
const LONGEST = `${"a".repeat(64)}@${["b".repeat(63), "c".repeat(63), "d".repeat(53), "example"].join(".")}`;

const ADDRESSES: Array<[address: string, accepted: boolean, what: string]> = [
  ["sam.okafor@agency.example", true, "the description's example"],
  ["a@b.co", true, "the shortest usual form"],
  ["first.last+tag@sub.example.com", true, "a tag after +, a subdomain"],
  ["o'brien@example.com", true, "an apostrophe in the local part"],
  ["UPPER.Case@Example.COM", true, "upper-case letters"],
  ["!#$%&'*+/=?^_`{|}~-@example.com", true, "every special character the local part may hold"],
  ["x@123.example", true, "a label of digits"],
  ["jane@xn--bcher-kva.example", true, "an internationalized domain in its xn-- form"],
  [LONGEST, true, "254 characters"],
  ["0@com", false, "a dotless domain (RFC 5321 allows it)"],
  ["admin@localhost", false, "a dotless domain"],
  ['"jane doe"@example.com', false, "a quoted local part"],
  ['"a@b"@example.com', false, "a quoted local part holding @"],
  ["jane@[192.0.2.1]", false, "an address literal"],
  ["jane@bücher.example", false, "an internationalized domain as written (U-label)"],
  ["δοκιμή@παράδειγμα.δοκιμή", false, "non-ASCII throughout (RFC 6531)"],
  ["jäne@example.com", false, "a non-ASCII local part"],
  ["a..b@example.com", false, "two dots in a row"],
  [".a@example.com", false, "a leading dot"],
  ["a.@example.com", false, "a dot before @"],
  ["a@example.com.", false, "a trailing dot"],
  ["a@-example.com", false, "a label starting with a hyphen"],
  ["a@example-.com", false, "a label ending with a hyphen"],
  ["a@example..com", false, "an empty label"],
  ["a b@example.com", false, "a space"],
  ["sam.okafor.agency.example", false, "no @"],
  ["@example.com", false, "no local part"],
  ["a@", false, "no domain"],
  ["", false, "empty"],
  ["a@b.co\n", false, "a trailing newline"],
  [`a${LONGEST}`, false, "255 characters"],
];

const addUserBody = deref(operations().find((op) => op.operationId === "addProjectUser")!.operation.requestBody).content["application/json"]
  .schema;
const orgUpdateBody = deref(operations().find((op) => op.operationId === "updateOrganization")!.operation.requestBody).content[
  "application/json"
].schema;

/** Every schema of the bundle with `format: email`, and where. */
function emailSchemas(): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  const visit = (node: Json, at: string) => {
    if (!node || typeof node !== "object") return;
    if (node.format === "email") found.push([at, node]);
    for (const [key, child] of Object.entries(node)) if (key !== "examples" && key !== "example") visit(child, `${at}/${key}`);
  };
  visit(openapi, "#");
  return found;
}

describe("the email rule in the description", () => {
  it("every email address carries it: the same pattern (the validators' rule), 254 characters at most, marked as an assumption", () => {
    const schemas = emailSchemas();
    expect(schemas.map(([at]) => at).sort()).toEqual(
      [
        "#/components/schemas/Organization/properties/email",
        "#/components/schemas/Organization/properties/email_billing",
        "#/components/schemas/OrganizationUpdate/properties/email",
        "#/components/schemas/OrganizationUpdate/properties/email_billing",
        "#/components/schemas/ProjectUser/properties/email",
        "#/components/schemas/ProjectUserAddByEmail/properties/email",
      ].sort(),
    );
    for (const [at, schema] of schemas) {
      expect([at, schema.type, schema.pattern, schema.maxLength]).toEqual([at, "string", EMAIL_PATTERN, 254]);
      expect(markersOf(schema), at).toEqual({ "email-address": ["pattern"], "value-bounds": ["maxLength"] });
    }
  });

  it("the reference states it, and that unknown query parameters are ignored", () => {
    const entries = openapi["x-assumptions"];
    expect(entries["email-address"].text).toMatch(/`0@com`[\s\S]*`400`/);
    expect(entries["unknown-query-parameters"].text).toMatch(/ignored/);
    expect(openapi.info.description).toMatch(/query\s+parameter it does not list is ignored/);
    expect(openapi.info.description).toMatch(/`0@com` \(a dotless domain\)/);
    expect(deref(openapi.components.responses.BadRequest).description).toMatch(/does not list is ignored, never a reason for `400`/);
  });
});

describe("one table of addresses, the same answer from every validator", () => {
  const expected = ADDRESSES.map(([address, accepted]) => [address, accepted]);

  it("the description's validators (Ajv with ajv-formats: the checker's and the tests')", () => {
    const got = ADDRESSES.map(([address]) => [address, schemaErrors(addUserBody, { email: address }).length === 0]);
    expect(got).toEqual(expected);
    const org = ADDRESSES.map(([address]) => [address, schemaErrors(orgUpdateBody, { email_billing: address }).length === 0]);
    expect(org).toEqual(expected);
  });

  it("the pattern and maxLength alone (a tool that reads `format` as an annotation)", () => {
    const pattern = new RegExp(EMAIL_PATTERN, "u");
    expect(ADDRESSES.map(([address]) => [address, pattern.test(address) && address.length <= 254])).toEqual(expected);
  });

  it("the sandbox (npm run sandbox, pcs sandbox, pcs --sandbox, the MCP server without a key): adding a user and updating the organization", async () => {
    const sandbox = createSandbox();
    const call = (method: string, path: string, body: unknown) =>
      sandbox.fetch(`https://sandbox.invalid${path}`, {
        method,
        headers: { authorization: basicAuthorization("sandbox-admin-key"), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const added = [];
    const updated = [];
    for (const [address] of ADDRESSES) {
      added.push([address, (await call("POST", "/projects/48213/users.json", { email: address })).status]);
      updated.push([address, (await call("PATCH", "/organizations.json", { email: address })).status]);
    }
    expect(added).toEqual(ADDRESSES.map(([address, accepted]) => [address, accepted ? 201 : 400]));
    expect(updated).toEqual(ADDRESSES.map(([address, accepted]) => [address, accepted ? 204 : 400]));
  });

  it("the mock (Prism's validators): adding a user and updating the organization", async (context) => {
    mockOnly(context, "asks the mock, which keeps no state, to add users and change the organization");
    const answers = [];
    for (const [address] of ADDRESSES) {
      const add = await send(target(), { method: "post", path: "/projects/48213/users.json", body: { email: address } });
      const update = await send(target(), { method: "patch", path: "/organizations.json", body: { email: address } });
      answers.push([address, add.status, update.status]);
    }
    expect(answers).toEqual(ADDRESSES.map(([address, accepted]) => [address, accepted ? 201 : 400, accepted ? 204 : 400]));
  });

  it("the MCP server's check of a tool's arguments", () => {
    const addUser = builtTools().find((tool) => tool.name === "addProjectUser")!;
    const updateOrg = builtTools().find((tool) => tool.name === "updateOrganization")!;
    const got = ADDRESSES.map(([address]) => [
      address,
      "request" in toRequest(addUser, { project_id: 48213, email: address }),
      "request" in toRequest(updateOrg, { email: address }),
    ]);
    expect(got).toEqual(ADDRESSES.map(([address, accepted]) => [address, accepted, accepted]));
  });
});
