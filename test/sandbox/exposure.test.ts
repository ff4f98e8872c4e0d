// The one warning a server of this project gives when bound beyond this machine (the HTTP sandbox of
// pcs and of the scripts, Prism's mock and proxy, the MCP server's --http): none for this machine's names.
import { describe, expect, it } from "vitest";
import { exposureWarning } from "../../src/sandbox/index.js";

describe("exposureWarning", () => {
  it.each(["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "foo.localhost", "::1", "[::1]"])("%s: none", (host) => {
    expect(exposureWarning(host, "the sandbox")).toBe("");
  });

  it.each(["0.0.0.0", "::", "192.168.1.5", "example.com", "localhost.example.com"])("%s: who can use what", (host) => {
    expect(exposureWarning(host, "the sandbox")).toBe(
      `warning: listening on ${host}, beyond this machine: anyone who can reach it can use the sandbox.`,
    );
  });

  it("says the Host check is off for a server that has one, then the advice", () => {
    expect(exposureWarning("0.0.0.0", "the MCP server", { hostCheck: true, advice: "Serve it behind TLS." })).toBe(
      "warning: listening on 0.0.0.0, beyond this machine: anyone who can reach it can use the MCP server, and the Host check that protects a loopback server against pages of other sites (DNS rebinding) is off. Serve it behind TLS.",
    );
  });
});
