// The security of the description itself (issue 6): HTTPS only, one credential in one header, every
// operation behind it, and error bodies that cannot carry internals. The OWASP ruleset runs in the
// Spectral gate (test/description/linters.test.ts); this checks that it is on and what is turned off.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { deref, openapi, operations, repoRoot, type Json } from "../support/openapi.js";

const ruleset = parse(readFileSync(`${repoRoot}openapi/.spectral.yaml`, "utf8"));

describe("security of the description", () => {
  it("serves only over HTTPS", () => {
    expect(openapi.servers.length).toBeGreaterThan(0);
    for (const server of openapi.servers) expect(server.url).toMatch(/^https:\/\//);
  });

  it("names one credential, HTTP Basic, required by every operation", () => {
    expect(Object.keys(openapi.components.securitySchemes)).toEqual(["ApiKeyBasic"]);
    expect(openapi.security).toEqual([{ ApiKeyBasic: [] }]);
    for (const op of operations()) expect(op.operation.security, op.operationId).toBeUndefined();
  });

  it("never asks for a credential in a parameter (query, path, header or cookie)", () => {
    const credentialLike = /key|token|secret|password|auth|session/i;
    for (const op of operations()) {
      for (const parameter of op.parameters) expect(parameter.name, op.operationId).not.toMatch(credentialLike);
    }
  });

  it("keeps internals out of error bodies: no stack, trace or exception field, no stack frame in an example", () => {
    const problem = openapi.components.schemas.Problem;
    const names = [...Object.keys(problem.properties), ...Object.keys(deref(problem.properties.errors.items).properties)];
    for (const name of names) expect(name).not.toMatch(/stack|trace|exception|debug|internal|sql/i);
    for (const [name, response] of Object.entries<Json>(openapi.components.responses)) {
      const example = JSON.stringify(response.content["application/problem+json"].example);
      expect(example, name).not.toMatch(/\bat \S+ \(|Traceback|Exception|\.(js|ts|py|rb|java|php):\d+/);
    }
  });

  it("runs the OWASP API security ruleset, with only the documented rules turned off", () => {
    expect(ruleset.extends).toContain("@stoplight/spectral-owasp-ruleset");
    const off = Object.entries<Json>(ruleset.rules)
      .filter(([, value]) => value === "off")
      .map(([name]) => name);
    expect(off.sort()).toEqual([
      "owasp:api1:2023-no-numeric-ids",
      "owasp:api2:2023-no-http-basic",
      "owasp:api4:2023-rate-limit",
      "owasp:api4:2023-string-limit",
      "owasp:api4:2023-string-restricted",
    ]);
    // Each is preceded by a comment that gives its reason.
    const text = readFileSync(`${repoRoot}openapi/.spectral.yaml`, "utf8");
    for (const name of off) expect(text).toMatch(new RegExp(`# .+\\n  ${name.replace(/[.:]/g, "\\$&")}: off`));
  });
});
