// The MCP Inspector check (CI only: .ci/run's MCP Inspector block). Not part of `npm test`: it needs
// the Inspector and Node 24 from npm (fetched once, then from npm's cache).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["mcp/test/inspector/*.check.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
