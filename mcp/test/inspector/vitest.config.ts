// The MCP Inspector check (CI only: .ci/run's MCP Inspector block). Not part of `npm test`: it needs
// the Inspector and Node 24 from npm (fetched once, then from npm's cache). The block also runs
// mcp/test/*.check.ts: both generations of clients over stdio (six servers, too slow for npm test).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["mcp/test/inspector/*.check.ts", "mcp/test/*.check.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
