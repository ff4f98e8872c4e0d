// The one redaction policy (src/redaction.ts), which the client, the MCP server and the checker share:
// every form of a key, whatever its length, and the user info of any URL.
import { describe, expect, it } from "vitest";
import { createRedactor, credentialForms, REDACTED } from "../../src/index.js";

describe("createRedactor", () => {
  const redact = createRedactor(credentialForms("k3y"));
  it("replaces a key of any length, and its Basic token", () => {
    expect(redact(`key k3y, header Basic ${btoa("k3y:")}`)).toBe(`key ${REDACTED}, header Basic ${REDACTED}`);
  });
  it("replaces the user info of every URL, whoever's it is", () => {
    expect(redact("GET https://someone:hunter2@pcs.example.com/x and ftp://anon@files.example.com/")).toBe(
      `GET https://${REDACTED}@pcs.example.com/x and ftp://${REDACTED}@files.example.com/`,
    );
  });
  it("leaves an email address and a URL without user info alone", () => {
    expect(redact("write to hello@northwind.example or https://pcs.example.com/a@b")).toBe(
      "write to hello@northwind.example or https://pcs.example.com/a@b",
    );
  });
});
