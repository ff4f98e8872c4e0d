// The failing report's form (issue 59, item 2) on a run made up here, so it stays in `npm test` (the
// same rules against real failing runs: test/conformance-levels/readable-report.test.ts): 35 distinct
// failing checks, a body of kilobytes, a reason of many lines, a long reproduction, a check stopped by
// an error of the checker's own, and reasons for what was not checked.
import { describe, expect, it } from "vitest";
import { consoleReport, createRedact, DEFAULT_LIMITS, type CheckResult, type RunResult } from "../../contract/src/index.js";
import { remedyOf, times } from "../../contract/src/reports/console.js";
import { stoppedBy } from "../../contract/src/runner/run.js";
import type { Exchange } from "../../contract/src/transport/transport.js";

const BASE = "https://pcs.example.com/public/api";
const exchange = (path: string, body = "x".repeat(5000), method = "GET", name = "n".repeat(400)): Exchange => ({
  id: 1,
  started: "2026-12-02T00:00:00Z",
  method,
  url: `${BASE}${path}`,
  requestHeaders: { authorization: "Basic a2V5Og==" },
  ...(method === "POST" && { requestBody: `{"name":"${name}"}`, requestHeaders: { "content-type": "application/json" } }),
  status: 200,
  statusText: "OK",
  responseHeaders: { "content-type": "application/json" },
  responseText: body,
  size: body.length,
  attempts: 1,
  ms: 1,
});
const result = (i: number, fields: Partial<CheckResult> = {}): CheckResult => ({
  id: `pagination/check-${i}`,
  kind: `pagination/check-${i}`,
  title: `[documented] pagination: listProjects (GET /projects.json): property number ${i} of the list holds, ${"in words ".repeat(10)}`,
  group: "pagination",
  code: "PCS-PAGE-LIMIT-MAX",
  entries: [],
  operation: "listProjects",
  status: "failed",
  reason: `limit=1: GET ${BASE}/projects.json → 200 application/json ${"[{…}]".repeat(80)}\nexpected [\n  { id: 1 },\n  { id: 2 }\n]`,
  exchange: exchange("/projects.json?limit=1"),
  exchanges: [],
  ms: 1,
  ...fields,
});
const notChecked = (reason: string, operation: string, n: number): CheckResult[] =>
  Array.from({ length: n }, (_, i) => ({
    ...result(100 + i),
    id: `x/${reason}${i}`,
    kind: `x/${reason}${i}`,
    status: "not checked",
    reason,
    operation,
  }));

const results: CheckResult[] = [
  ...Array.from({ length: 33 }, (_, i) => result(i)),
  result(40, {
    reason: "the check could not run: Cannot read properties of undefined (reading 'id')",
    checkerError: "TypeError: Cannot read properties of undefined (reading 'id')\n    at file:///x/contract/dist/checks/a.js:1:2",
    exchange: exchange("/projects.json", "[]", "POST"),
  }),
  result(42, { exchange: exchange("/projects.json", "[]", "POST", `a -name with an option's look ${"m".repeat(60)}`) }),
  result(41, { reproduction: Array.from({ length: 20 }, (_, i) => exchange(`/projects/${i}.json`)) }),
  ...notChecked("would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)", "createProject", 11),
  ...notChecked("needs a second user's key (PCS_OTHER_API_KEY: the key of a user who is not a company administrator)", "getProject", 2),
  ...notChecked(
    "getProject (GET /projects/{project_id}.json) answers no ETag or Last-Modified: nothing to make conditional",
    "getProject",
    1,
  ),
];
const run = {
  target: {
    name: BASE,
    baseUrl: BASE,
    apiKey: "k-7f3a9c2e51",
    isMock: false,
    stateful: true,
    allowWrites: false,
    checksKeys: true,
    disposable: false,
  },
  level: "documented",
  limits: DEFAULT_LIMITS,
  ids: {},
  runTag: "pcs-contract-test abcdef",
  createdIds: [],
  results,
  cleanUp: [],
  cleanUpFailed: false,
  exchanges: [],
  requests: 300,
  retried: 0,
  timedOut: 0,
  ms: 1000,
  redact: createRedact(["k-7f3a9c2e51"]),
} as unknown as RunResult;
const report = consoleReport(run);
const lines = report.split("\n");

describe("a failing report", () => {
  it("has no line over 160 characters, however long the bodies, titles, reasons and requests", () => {
    expect(lines.filter((line) => line.length > 160)).toEqual([]);
  });

  it("names every distinct failing check on its first screen, before any block", () => {
    const screen = lines.slice(0, 40).join("\n");
    for (const i of [0, 1, 17, 28]) expect(screen).toContain(`property number ${i} of the list holds`);
    expect(screen).toMatch(/and \d+ more, below/);
  });

  it("explains each check in a block of at most 12 lines, the values printed whole left to --json", () => {
    const blocks = report.split("\n\n").filter((block) => block.startsWith("  ✗ "));
    expect(blocks).toHaveLength(36);
    for (const block of blocks) expect(block.split("\n").length, block).toBeLessThanOrEqual(12);
    expect(report).not.toMatch(/^\s*\{ id: 1 \}/m);
    // The long reproduction: its last requests, saying how many there were.
    expect(report).toMatch(/to reproduce, in order \(the last \d+ of 20 requests; all of them in --json\):/);
    // A request too long for one line is broken before its options, outside quotes, as a shell reads it.
    expect(report).toMatch(/\n {4}curl -sS -i -X POST [^\n]* \\\n {6}--data-raw '\{"name":"a -name with an option'\\''s look m+"\}'\n/);
    // One too long for a few lines (a body of 400 characters) shows its options before that body.
    expect(report).toMatch(
      / {4}curl -sS -i -X POST '[^']+'(?: -u '[^']+')? -H 'content-type: application\/json' … \(\d+ characters: the whole line is in --json\)/,
    );
  });

  it("shows an error of the checker's own in one line that says where its stack is, never the stack", () => {
    expect(report).toContain("(an error of the checker itself, not of the server: its stack is in --json, checkerError)");
    expect(report).not.toMatch(/^\s+at |at file:/m);
  });

  it("says what was not checked in words, one line each, under what would check it", () => {
    const section = report.slice(report.indexOf("Not checked: 14 checks"));
    expect(section.slice(0, section.indexOf("\n\n")).split("\n")).toEqual([
      "Not checked: 14 checks, by what would check them (each reason whole in --json):",
      "  With writes allowed (--allow-writes, PCS_ALLOW_WRITES=1):",
      "    11 times: createProject — would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)",
      "  With a second user's key (PCS_OTHER_API_KEY):",
      "    twice: getProject — needs a second user's key (PCS_OTHER_API_KEY: the key of a user who is not a company administrator)",
      "  Not checkable with what the server answered:",
      "    once: getProject (GET /projects/{project_id}.json) answers no ETag or Last-Modified: nothing to make conditional",
    ]);
    expect(report).not.toMatch(/×\d/);
  });
});

describe("the words of the report", () => {
  it("counts in words", () => {
    expect([1, 2, 3, 70].map(times)).toEqual(["once", "twice", "3 times", "70 times"]);
  });

  it("finds what would check a check from its reason", () => {
    expect(remedyOf("the run reached its time limit (--max-time)")).toMatch(/--max-time/);
    expect(remedyOf("the server was busy (429/503 to every attempt)")).toMatch(/less busy/);
    expect(
      remedyOf("would change data that cannot be restored on a server that is not disposable: the sandbox (--target sandbox) checks it"),
    ).toMatch(/disposable server/);
    expect(remedyOf("the list holds fewer than 2 items; a list of 2 or more (a project with more of them) would check it")).toMatch(
      /more data/,
    );
  });

  it("says what stopped a check, and keeps a stack only for an error of the checker's own", () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    expect(stoppedBy(new TypeError("fetch failed", { cause: reset }))).toEqual({ why: "the network failed (read ECONNRESET)" });
    expect(stoppedBy(new Error("no project to delete could be made"))).toEqual({ why: "no project to delete could be made" });
    const own = stoppedBy(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(own.why).toBe("Cannot read properties of undefined (reading 'id')");
    expect(own.checkerError).toMatch(/^TypeError: Cannot read properties[\s\S]*\n\s+at /);
  });
});
