// `npm run docs` (scripts/servers/serve-docs.mjs) serves docs/ and the page's own routes, and answers 404
// for anything else: a mistyped address is told so instead of getting the whole 2.9 MB page.
// (Framing, cut-off downloads, symbolic links and malformed requests: test/faults/server-faults.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { type Server, startServer } from "../support/run.js";

let docs: Server;
beforeAll(async () => {
  docs = await startServer(process.execPath, ["scripts/servers/serve-docs.mjs", "-p", "0"], {
    cwd: repoRoot,
    ready: /http:\/\/127\.0\.0\.1:\d+/,
  });
});
afterAll(() => docs?.stop());

const get = async (path: string, method = "GET") => {
  const response = await fetch(`${docs.ready}${path}`, { method, redirect: "manual" });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
};

describe("the docs server", () => {
  it.each(["/", "/index.html", "/llms.txt", "/reference/getGroup.md", "/openapi.json", "/guides/client.md"])(
    "serves %s, a file of docs/",
    async (path) => {
      expect((await get(path)).status).toBe(200);
    },
  );

  // The page's links (href="/projects", "/getting-started"…) and Redoc's deep links, reloaded.
  it.each(["/getting-started", "/projects", "/projects/createproject", "/assumptions", "/changelog", "/section/Authentication"])(
    "serves the page at %s, one of its routes",
    async (path) => {
      const { status, type, body } = await get(path);
      expect([status, type]).toEqual([200, "text/html; charset=utf-8"]);
      expect(body).toContain('<meta http-equiv="Content-Security-Policy"');
    },
  );

  it.each(["/nope", "/nope/deeper", "/getting-started.html", "/projects/missing.json", "/reference", "/guides/missing.md", "/%E0"])(
    "answers 404 for %s, which it does not serve, in one short line",
    async (path) => {
      const { status, type, body } = await get(path);
      expect([status, type]).toEqual([404, "text/plain; charset=utf-8"]);
      expect(body).toBe("Not found: not a file of docs/ nor a page of the reference, which is at /\n");
    },
  );

  it("answers HEAD as GET: 404 for /nope, 200 for a route", async () => {
    expect((await get("/nope", "HEAD")).status).toBe(404);
    expect((await get("/getting-started", "HEAD")).status).toBe(200);
  });
});
