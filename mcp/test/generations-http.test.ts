// The HTTP mode (--http's serveHttp) as both generations of clients reach it: each lists the tools and
// calls every one, read-only and with --allow-writes, on the revision it speaks (generations.ts). The
// same over stdio is generations-stdio.check.ts, in CI's MCP block (six Node.js start-ups).
import { afterAll, beforeAll, describe, it } from "vitest";
import { serveHttp } from "../src/index.js";
import { callEveryTool, connectRecorded, expectRevision, generations, modes } from "./generations.js";

// One HTTP server per mode, for every client.
const http = new Map<boolean, Awaited<ReturnType<typeof serveHttp>>>();
beforeAll(async () => {
  for (const [, allowWrites] of modes) http.set(allowWrites, await serveHttp({ port: 0, allowWrites }));
});
afterAll(async () => {
  for (const server of http.values()) await server.close();
});

describe.each(generations)("$name", (generation) => {
  it.each(modes)("%s: speaks its revision, lists the tools and calls every one", async (_, allowWrites) => {
    const session = await connectRecorded(generation.client(), generation.http(http.get(allowWrites)!.url));
    try {
      await callEveryTool(session, allowWrites);
      expectRevision(session, generation.revision);
    } finally {
      await session.client.close();
    }
  });
});
