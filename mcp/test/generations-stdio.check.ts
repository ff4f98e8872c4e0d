// The built command over stdio as both generations of clients start it: each lists the tools and calls
// every one, read-only and with --allow-writes, on the revision it speaks (generations.ts). CI's MCP
// block runs it (mcp/test/inspector/vitest.config.ts): six servers, each a Node.js start-up and
// TypeScript loaded for execute, too many for npm test; the same over HTTP is generations-http.test.ts.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEveryTool, connectRecorded, expectRevision, generations, modes, type Session } from "./generations.js";
import { repoRoot } from "./support.js";

// Every server started at once (the pinned client's probe is one more process each).
const stdio = new Map<string, Promise<Session>>();
beforeAll(() => {
  expect(existsSync(`${repoRoot}mcp/dist/cli.js`), "mcp/dist/ is missing: run npm run build").toBe(true);
  for (const generation of generations)
    for (const [, allowWrites] of modes)
      stdio.set(
        `${generation.name} ${allowWrites}`,
        connectRecorded(generation.client(), generation.stdio(allowWrites ? ["--allow-writes"] : [])),
      );
});
afterAll(async () => {
  for (const session of stdio.values()) await (await session.catch(() => undefined))?.client.close();
});

describe.each(generations)("$name", (generation) => {
  it.each(modes)("%s: speaks its revision, lists the tools and calls every one", async (_, allowWrites) => {
    const session = await stdio.get(`${generation.name} ${allowWrites}`)!;
    await callEveryTool(session, allowWrites);
    expectRevision(session, generation.revision);
  });
});
