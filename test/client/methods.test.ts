// The method lists (src/methods.ts), written out here from RFC 9110 rather than read from the module:
// the read-only tools send only the safe methods (§9.2.1); a proxy may repeat only idempotent ones (§9.2.2).
import { expect, it } from "vitest";
import { HTTP_METHODS, IDEMPOTENT_METHODS, READ_ONLY_METHODS } from "../../src/methods.js";

it("names the safe methods, the idempotent ones, and every method a path item can hold", () => {
  expect([...READ_ONLY_METHODS].sort()).toEqual(["GET", "HEAD", "OPTIONS"]);
  expect([...IDEMPOTENT_METHODS].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"]);
  expect([...HTTP_METHODS].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]);
});
