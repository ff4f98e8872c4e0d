// Issue 34: pcs against servers written to break it (test/support/hostile-server.ts), every command
// called as a function. A hostile server's escape sequences, C1 controls and bidi overrides reach no
// output raw, in any format, on errors and with --debug; no form of the key it echoes survives; JSON
// stays the same JSON. A silent server and a trickling one end every command within the client's
// limits (shortened with PCS_TIMEOUT_MS), exit 1, naming the timeout and the URL; an unreachable one
// names the URL and the cause. Deep JSON neither crashes nor prints blank rows.
import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleBody, exampleOf } from "../../contract/src/description/description.js";
import { freePort } from "../../scripts/servers/prism-process.mjs";
import {
  expectHarmless,
  type HostileServer,
  hostileResource,
  keyForms,
  startHostileServer,
  startUntrustedTlsServer,
} from "../../test/support/hostile-server.js";
import { listenOnLoopback } from "../../test/support/listen.js";
import { operations } from "../../test/support/openapi.js";
import { PACKAGE_VERSION } from "../../src/version.js";
import { type Command, commandTable } from "../src/index.js";
import { type PcsRun, pcs } from "./pcs.js";

/** A key with characters that percent-encoding changes (+ / =) and a base64 form with + or / in it. */
const KEY = "sk+live/Zq8=canary~7f3a";
const FORMS = keyForms(KEY);

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server?.close());

const at = (behaviour: string) => `${server.url}/${behaviour}/public/api`;
const env = (behaviour: string, extra: NodeJS.ProcessEnv = {}) => ({ PCS_API_KEY: KEY, PCS_BASE_URL: at(behaviour), ...extra });
const { commands } = commandTable();
/** pcs's User-Agent, from the two packages' versions. */
const CLI_VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
const USER_AGENT = `pcs/${CLI_VERSION} @project-collaboration/api/${PACKAGE_VERSION}`;

/** The arguments that run a command: the description's example arguments and body, --yes to delete. */
function argvOf(command: Command): string[] {
  const op = operations().find((o) => o.operationId === command.operationId)!;
  const body = exampleBody(op);
  return [
    ...command.name.split(" "),
    ...command.positionals.map((p) => String(exampleOf(op.parameters.find((q) => q.name === p.name)))),
    ...(body === undefined ? [] : ["--body", JSON.stringify(body)]),
    ...(command.destructive ? ["--yes"] : []),
  ];
}

const harmless = (text: string, label: string) => expectHarmless(text, FORMS, label);

describe("a hostile server", () => {
  // The hostile server answers a GET with 200 and every other method with a 400 problem: exit 0 or 1.
  const runs = commands.flatMap((command) => {
    const code = command.method === "GET" ? 0 : 1;
    return [
      [command.name, "table", [...argvOf(command)], true, code],
      [command.name, "json", [...argvOf(command)], false, code],
      [command.name, "jsonl --debug", [...argvOf(command), "--format", "jsonl", "--debug"], false, code],
    ];
  }) as [string, string, string[], boolean, number][];

  it.each(runs)("pcs %s (%s): nothing raw reaches the terminal, no form of the key", async (_, _format, argv, isTTY, code) => {
    const result = await pcs(argv, { env: env("hostile"), isTTY, columns: 100, answer: true });
    harmless(result.out, "stdout");
    harmless(result.err, "stderr");
    expect(result.out + result.err).toMatch(/\\u001b|\\u009b|\\u202e/); // shown, not dropped
    expect(result.code).toBe(code);
    if (code === 0 && !isTTY) for (const line of argv.includes("jsonl") ? result.out.split("\n") : [result.out]) JSON.parse(line);
    if (code === 1) expect(result.errLines.filter((line) => !/^[<>] /.test(line))).toHaveLength(1);
  });

  it("errors (a problem with escapes and the key) are one safe line in every format, the words still readable", async () => {
    for (const format of ["table", "json", "jsonl"]) {
      const result = await pcs(["projects", "get", "404", "--format", format], { env: env("hostile") });
      expect(result.code).toBe(1);
      expect(result.errLines).toHaveLength(1);
      expect(result.err).toMatch(
        /^pcs: projects get: 404 Not Found \\u001b\[2J\\u001b\]0;owned\\u0007.*No such thing .* for key \[REDACTED\]/,
      );
      harmless(result.err, format);
    }
  });

  it("a one-character key does not garble the messages (replaced only where it stands alone)", async () => {
    const result = await pcs(["projects", "get", "404"], { env: { ...env("hostile"), PCS_API_KEY: "o" } });
    expect(result.err).toMatch(/^pcs: projects get: 404 Not Found .*No such thing .* for key \[REDACTED\] \(/);
    expect(result.err).not.toMatch(/\bo\b/);
  });

  it("--format json is the server's JSON, the same value, its controls escaped and the key's forms replaced", async () => {
    const result = await pcs(["projects", "list", "--format", "json"], { env: env("hostile") });
    const authorization = `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`;
    const sent = JSON.stringify([hostileResource(1, KEY, authorization), hostileResource(2, KEY, authorization)]);
    const expected = [...FORMS].sort((a, b) => b.length - a.length).reduce((text, form) => text.replaceAll(form, "[REDACTED]"), sent);
    expect(JSON.parse(result.out)).toEqual(JSON.parse(expected));
    expect(result.out).toBe(
      JSON.stringify(JSON.parse(expected), null, 2).replace(
        /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
      ),
    );
  });

  it("--dry-run prints the request as curl with $PCS_API_KEY, never the key, and sends nothing", async () => {
    const before = server.requests.length;
    const result = await pcs(["projects", "create", "--name", "Dry", "--dry-run"], { env: env("hostile") });
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        `curl -X POST ${at("hostile")}/projects.json \\`,
        "  -H 'accept: application/json, application/problem+json' \\",
        '  -u "$PCS_API_KEY:" \\',
        "  -H 'content-type: application/json' \\",
        `  -H 'user-agent: ${USER_AGENT}' \\`,
        `  --data-binary '{"name":"Dry"}'`,
      ].join("\n"),
    );
    harmless(result.out, "dry run");
    expect(server.requests.length).toBe(before);
  });

  it("pcs api GET: the service's answer, redacted and safe; a URL instead of a path is refused", async () => {
    const result = await pcs(["api", "GET", "/projects/1.json"], { env: env("hostile") });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).id).toBe(1);
    harmless(result.out, "api");
    const failed = await pcs(["api", "get", "projects/404.json"], { env: env("hostile") });
    expect([failed.code, failed.err]).toEqual([1, expect.stringMatching(/^pcs: api: GET \/projects\/404\.json: 404 Not Found/)]);
    harmless(failed.err, "api error");
    const elsewhere = await pcs(["api", "GET", "https://elsewhere.example/x"], { env: env("hostile") });
    expect([elsewhere.code, elsewhere.err]).toEqual([2, expect.stringMatching(/not a URL: the key is sent to PCS_BASE_URL only/)]);
  });
});

describe("JSON nested 100,000 levels", () => {
  it("--format json writes it (the same value), a table shows it on rows that are not blank", async () => {
    const json = await pcs(["projects", "list", "--format", "json"], { env: env("deep") });
    expect([json.code, json.err]).toEqual([0, ""]);
    let depth = 0;
    for (let value = JSON.parse(json.out)[0]; Array.isArray(value); value = value[0]) depth++;
    expect(depth).toBe(100_000);
    const table = await pcs(["projects", "list"], { env: env("deep"), isTTY: true, columns: 80 });
    expect(table.code).toBe(0);
    expect(table.out.split("\n")).toEqual(["VALUE", `${"[".repeat(79)}…`]);
    const one = await pcs(["projects", "get", "1", "--format", "json"], { env: env("deep") });
    expect([one.code, JSON.parse(one.out).id]).toEqual([0, 1]);
  });
});

describe("a silent server and a trickling one", () => {
  const timeoutMs = 200;
  /** Every command, and pcs api: what to run, and the name, method and path its failure names. */
  const runs = [
    ...commands.map((command) => ({
      label: command.name,
      argv: argvOf(command),
      name: command.name,
      method: command.method,
      path: command.path,
    })),
    { label: "api GET", argv: ["api", "GET", "/projects.json"], name: "api", method: "GET", path: "/projects.json" },
    { label: "api DELETE", argv: ["api", "DELETE", "/projects/1.json", "--yes"], name: "api", method: "DELETE", path: "/projects/1.json" },
  ];
  const cases = (["silent", "trickle"] as const).flatMap((behaviour) => runs.map((run) => [behaviour, run.label, run] as const));

  // Side by side: each waits on a timer, not on a core.
  it.concurrent.for(cases)(
    "%s: pcs %s ends within the client's limits, exit 1, naming the timeout and the URL",
    async ([behaviour, , run], { expect }) => {
      const result = await pcs(run.argv, { env: env(behaviour, { PCS_TIMEOUT_MS: String(timeoutMs) }) });
      expect(result.code).toBe(1);
      expect(result.errLines).toHaveLength(1);
      // The URL, each {parameter} of the path template standing for any value.
      const url = `${at(behaviour)}${run.path}`
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.?]/g, "\\$&"))
        .join("[^/ ]+");
      expect(result.err).toMatch(new RegExp(`^pcs: ${run.name}: ${run.method} ${url} timed out: no complete answer within 0\\.2 s`));
    },
  );
});

describe("a server that answers the page and then stalls", () => {
  it("on a terminal, the question whether more exist is asked once, briefly: the table, a hint, exit 0", async () => {
    const requests: string[] = [];
    const stalling = await listenOnLoopback(
      createHttpServer((request, response) => {
        requests.push(request.url ?? "");
        const query = new URL(request.url ?? "/", "http://x").searchParams;
        if (query.has("offset")) return; // the question after the table: never answered
        const rows = Array.from({ length: Number(query.get("limit")) }, (_, i) => ({ id: i + 1, title: `P${i + 1}` }));
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
      }),
    );
    try {
      // A 1 s attempt, 2 s per call: the question gets less than one attempt, so no retry.
      const result = await pcs(["projects", "list", "--limit", "2", "--fields", "id,title"], {
        env: { PCS_API_KEY: KEY, PCS_BASE_URL: `${stalling.url}/api`, PCS_TIMEOUT_MS: "1000" },
        isTTY: true,
        columns: 80,
      });
      expect([result.code, result.out.split("\n").length, result.err]).toEqual([
        0,
        3,
        "Showing projects 1–2; there may be more: --offset 2 for the next page, --all for every page.",
      ]);
      expect(requests).toEqual(["/api/projects.json?limit=2", "/api/projects.json?limit=1&offset=2"]);
    } finally {
      await stalling.close();
    }
  });
});

describe("an unreachable server", () => {
  it("connection refused, no such host, an untrusted certificate: the URL and the cause", async () => {
    const port = await freePort(); // nothing listens there
    const tls = await startUntrustedTlsServer();
    try {
      // Short limits: a GET is tried again after a network error, within the call's budget.
      const fast = { PCS_API_KEY: KEY, PCS_TIMEOUT_MS: "300" };
      const [refused, unknown, untrusted] = (await Promise.all(
        [`http://127.0.0.1:${port}/api`, "http://no-such-host.invalid/api", `${tls.url}/api`].map((base) =>
          pcs(["projects", "list"], { env: { ...fast, PCS_BASE_URL: base } }),
        ),
      )) as [PcsRun, PcsRun, PcsRun];
      expect([refused.code, refused.err]).toEqual([
        1,
        expect.stringMatching(
          new RegExp(
            `^pcs: projects list: cannot reach http://127\\.0\\.0\\.1:${port}/api/projects\\.json: connection refused \\(ECONNREFUSED\\)`,
          ),
        ),
      ]);
      expect(unknown.err).toMatch(
        /^pcs: projects list: cannot reach http:\/\/no-such-host\.invalid\/api\/projects\.json: .*\((ENOTFOUND|EAI_AGAIN)\)/,
      );
      expect(untrusted.err).toMatch(
        /^pcs: projects list: cannot reach https:\/\/127\.0\.0\.1:\d+\/api\/projects\.json: certificate error: .*self-signed.*\(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
      );
      for (const result of [refused, unknown, untrusted]) expect([result.code, result.errLines.length]).toEqual([1, 1]);
    } finally {
      await tls.close();
    }
  });
});
