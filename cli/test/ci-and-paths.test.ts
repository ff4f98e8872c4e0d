// Issue 42, pcs's share: a CI runner reads pcs's output too, so no line of it — a table, JSON, --debug,
// a problem in any format, `pcs api`'s text — carries a workflow command a server sent (`::…` at a line's
// start, `##[` anywhere) or a line break of the server's; `pcs api` refuses a path with a dot segment in
// any spelling before anything is sent; a usage error quotes a few hundred characters of what was typed;
// `pcs sandbox --cors-origin` takes only an origin, as `npm run sandbox` does.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, type Listening } from "../../test/support/listen.js";
import { pcs } from "./pcs.js";

const FORGED = "PASS — everything fine";
/** What a hostile service puts in every text: a mask of FAIL, an error annotation, a forged line. */
const COMMANDS = `##[add-mask]FAIL\n::error::owned\n  ::add-mask::FAIL\n${FORGED}`;

let server: Listening & { requests: string[] };
beforeAll(async () => {
  const requests: string[] = [];
  const listening = await listenOnLoopback(
    createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      request.resume();
      const path = new URL(request.url ?? "/", "http://x").pathname;
      if (path.endsWith("/404.json"))
        return void response
          .writeHead(404, { "content-type": "application/problem+json", "x-said": "##[add-mask]FAIL" })
          .end(JSON.stringify({ type: "about:blank", title: COMMANDS, status: 404, detail: COMMANDS }));
      if (path.endsWith("/text")) return void response.writeHead(200, { "content-type": "text/plain" }).end(COMMANDS);
      const project = { id: 1, title: COMMANDS, [`name${COMMANDS}`]: COMMANDS, created: "2026-01-01T00:00:00Z" };
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(path.endsWith("projects.json") ? [project] : project));
    }),
  );
  server = Object.assign(listening, { requests });
});
afterAll(() => server?.close());

const env = () => ({ PCS_API_KEY: "k-ci-test", PCS_BASE_URL: `${server.url}/public/api` });
/** The lines a GitHub Actions runner would act on: `::` after blanks at a line's start, or `##[` anywhere. */
const commandLines = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line) || line.includes("##["));

describe("no workflow command from a server in any output of pcs", () => {
  const runs: Array<[string, string[], boolean]> = [
    ["a table", ["projects", "list"], true],
    ["one project as a table", ["projects", "get", "1"], true],
    ["JSON", ["projects", "list", "--format", "json"], false],
    ["JSON lines, with --debug", ["projects", "get", "1", "--format", "jsonl", "--debug"], false],
    ["a problem (table)", ["projects", "get", "404"], true],
    ["a problem (JSON), with --debug", ["projects", "get", "404", "--format", "json", "--debug"], false],
    ["pcs api's text answer", ["api", "GET", "/text"], false],
    ["pcs api's problem", ["api", "GET", "/projects/404.json"], false],
  ];
  it.each(runs)("%s", async (_, argv, isTTY) => {
    const result = await pcs(argv, { env: env(), isTTY, columns: 200 });
    expect(commandLines(result.out), "stdout").toEqual([]);
    expect(commandLines(result.err), "stderr").toEqual([]);
    // A server's line break splits no line of pcs's own (`pcs api` prints a text body as its lines: the body is the output).
    if (argv[0] !== "api" || argv[2] !== "/text")
      expect(`${result.out}\n${result.err}`.split("\n").filter((line) => line.startsWith("PASS"))).toEqual([]);
    // The server's words are there, shown: not dropped.
    expect(`${result.out}${result.err}`).toMatch(/#\\u0023\[add-mask\]FAIL/);
    if (!isTTY && result.code === 0 && argv.includes("json")) expect(JSON.stringify(JSON.parse(result.out))).toContain("##[add-mask]FAIL");
  });
});

describe("pcs api: a path with a dot segment is refused before anything is sent, in every spelling", () => {
  const paths = [
    "/../../admin",
    "../admin",
    "/projects/..",
    "/%2e%2e/%2e%2e/admin",
    "/%2E%2E/admin",
    "/.%2e/.%2e/admin",
    "/%2e./admin",
    "/./projects.json",
    "/projects\\..\\..\\admin",
    "/projects/%5c..%5cadmin",
    "/%252e%252e/admin",
    "/%c0%ae%c0%ae/admin",
    "/\uff0e\uff0e/admin",
    "/projects/..?limit=1",
  ];
  it.each(paths)("%s", async (path) => {
    const before = server.requests.length;
    const result = await pcs(["api", "GET", path], { env: env() });
    expect([result.code, result.errLines.length]).toEqual([2, 1]);
    expect(result.err).toMatch(/^pcs: api: the path has a \. or \.\. segment/);
    expect(server.requests.length).toBe(before);
  });

  it("paths that only look like it are sent", async () => {
    for (const path of ["/projects.json", "/projects/1.json", "/files/..json", "/a...b/x"]) {
      const result = await pcs(["api", "GET", path], { env: env() });
      expect(result.code, path).toBe(0);
    }
  });
});

describe("echoes", () => {
  it("a usage error quotes a few hundred characters of an argument, on one line", async () => {
    const long = `${"x".repeat(131_000)}\n::error::forged`;
    for (const argv of [[`--${long}`], ["projects", long], [long], ["api", long, "/x"], ["projects", "list", "--format", long]]) {
      const result = await pcs(argv, { env: env() });
      expect(result.code).toBe(2);
      expect(result.errLines).toHaveLength(1);
      expect(result.err.length).toBeLessThan(700);
    }
  });

  it("pcs sandbox --cors-origin takes only an origin (as npm run sandbox does), refused in one line before anything listens", async () => {
    for (const origin of [
      "evil",
      "https://app.example/path",
      "https://app.example/",
      "null",
      "javascript:alert(1)",
      `https://${"a".repeat(100_000)}`,
    ]) {
      const result = await pcs(["sandbox", "--port", "0", "--cors-origin", origin]);
      expect([result.code, result.errLines.length], origin.slice(0, 40)).toEqual([2, 1]);
      expect(result.err).toMatch(/--cors-origin must be an origin as a browser sends it/);
      expect(result.err.length).toBeLessThan(700);
    }
  });
});
