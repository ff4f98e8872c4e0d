// The checker's command and its transport, in this process: what it refuses before sending anything,
// what its first line and reports say, and how it treats a busy server. Fake servers are fetch
// functions that record what they receive (the package takes `fetch` on its Target).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { BusyError, createRedact, har, json, junit, main, runContract, Transport, WriteRefusedError } from "../../contract/src/index.js";
import { send, TEXT_KEPT } from "../../contract/src/transport/http.js";
import { compact } from "../../contract/src/runner/suite.js";
import type { Target } from "../../contract/src/runner/target.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { scratchDir } from "../support/scratch.js";

const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const { code } = await main(argv, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n"), errLines: err.flatMap((e) => e.split("\n")) };
};

describe("the command refuses, in one line and exit code 2, before anything is sent", () => {
  it("reads every mode's options by one rule: --rate 0 (--max-time 0, --concurrency 0) means the same to a live run, a HAR file and the proxy", async () => {
    for (const [option, value] of [
      ["--rate", "0"],
      ["--max-time", "0"],
      ["--concurrency", "0"],
    ]) {
      const modes = [
        ["--target", "sandbox"],
        ["--from-har", "traffic.har"],
        ["--upstream", "https://pcs.example.com"],
      ].map((mode) => run([...mode, option!, value!]));
      const answers = (await Promise.all(modes)).map((r) => [r.code, r.errLines.length, r.err]);
      expect(answers).toEqual(Array(3).fill([2, 1, `pcs-contract: ${option} must be a positive number, not "${value}"`]));
    }
    // A value that is right but not the mode's: named as such, not as an unknown option.
    const paced = await run(["--from-har", "traffic.har", "--rate", "5"]);
    expect([paced.code, paced.err]).toEqual([
      2,
      "pcs-contract: --rate does not apply to judging traffic (--from-har, --upstream): it sends no request of its own",
    ]);
    // From JavaScript, the same limits are refused before anything is sent (a rate of 0 would never send).
    const target = {
      name: "the sandbox",
      baseUrl: "https://sandbox.invalid/public/api",
      apiKey: "k",
      isMock: false,
      stateful: true,
      allowWrites: false,
      checksKeys: true,
      disposable: false,
      fetch: () => Promise.reject(new Error("sent")),
    };
    for (const limits of [{ rate: 0 }, { maxTimeMs: 0 }, { concurrency: 0 }])
      await expect(runContract({ target, level: "documented", limits })).rejects.toThrow(/^limits\.\w+ must be a positive number/);
    const port = await run(["--target", "sandbox", "--port", "4020"]);
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/--port is an option of judging traffic/);
  });

  it("without a base URL or an explicit target (a key alone never means the built-in sandbox)", async () => {
    const result = await run([], { PCS_API_KEY: "k" });
    expect([result.code, result.errLines.length, result.out]).toEqual([2, 1, ""]);
    expect(result.err).toMatch(/no server to check: give --base-url/);
  });

  it("names a misspelt variable", async () => {
    const result = await run([], { PCS_BASEURL: "https://pcs.example.com", PCS_API_KEY: "k" });
    expect(result.code).toBe(2);
    expect(result.err).toContain("PCS_BASEURL is not read: a misspelt PCS_BASE_URL?");
  });

  it("a base URL with a user name or password, without quoting them", async () => {
    const result = await run(["--base-url", "https://someone:hunter2@pcs.example.com/public/api"], { PCS_API_KEY: "k" });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/must not hold a user name or password/);
    expect(result.err).not.toMatch(/someone|hunter2/);
  });

  const key = { PCS_API_KEY: "k" };
  it.for([
    [
      ["--base-url", "https://pcs.example.com", "--levle", "full"],
      key,
      /^pcs-contract: Unknown option '--levle': did you mean --level\? \(--help/,
    ],
    [["--target", "sandbox", "--allow-write"], {}, /^pcs-contract: Unknown option '--allow-write': did you mean --allow-writes\? \(--help/],
    [["--base-url", "https://pcs.example.com", "--level", "strict"], key, /--level \(PCS_CONFORMANCE\) must be "documented" or "full"/],
    [["--base-url", "https://pcs.example.com", "--rate", "fast"], key, /--rate must be a positive number/],
    [["--base-url", "ftp://pcs.example.com"], key, /must be an http:\/\/ or https:\/\/ URL/],
    [["--target", "mock"], key, /--target mock needs --base-url/],
    [["--target", "prod", "--base-url", "https://pcs.example.com"], key, /--target \(PCS_TARGET\) must be "sandbox" or "mock"/],
    [["--base-url", "https://pcs.example.com"], {}, /PCS_API_KEY is not set/],
  ] as const)("%j", async ([argv, env, message]) => {
    const result = await run([...argv], { ...env });
    expect([result.code, result.errLines.length]).toEqual([2, 1]);
    expect(result.err).toMatch(message);
  });

  it("--help lists every option and variable", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    const named =
      "--base-url --target --level --allow-writes --invite-email --only --rate --concurrency --timeout --max-time --junit --json --har PCS_BASE_URL PCS_API_KEY PCS_OTHER_API_KEY PCS_ALLOW_WRITES PCS_INVITE_EMAIL PCS_CONFORMANCE PCS_TARGET";
    for (const name of named.split(" ")) expect(result.out).toContain(name);
  });
});

describe("a run of the command", () => {
  it("says first what it checks and with which limits, and writes a JUnit case and a JSON entry per check", async () => {
    const dir = scratchDir("pcs-contract-");
    const files = { junit: join(dir, "r.xml"), json: join(dir, "r.json"), har: join(dir, "r.har") };
    const result = await run([
      "--target",
      "sandbox",
      "--only",
      "pagination",
      "--rate",
      "1000",
      "--junit",
      files.junit,
      "--json",
      files.json,
      "--har",
      files.har,
    ]);
    // What is checked, then its limits on a line of their own: together they pass the report's 160 columns.
    const [first, second] = result.out.split("\n");
    expect([first, second]).toEqual([
      "@project-collaboration/contract 0.2.0: checking the built-in sandbox (in this process) — level documented, writes (a disposable server);",
      "  limits: at most 1000 requests/s, 4 at once, 15 s a request, 600 s in all",
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(readFileSync(files.json, "utf8"));
    expect(report.checks.length).toBeGreaterThan(10);
    expect(Object.keys(report.checks[0]).sort()).toEqual([
      "assumptions",
      "code",
      "id",
      "key",
      "kind",
      "level",
      "ms",
      "operation",
      "reason",
      "request",
      "status",
      "title",
    ]);
    const xml = readFileSync(files.junit, "utf8");
    expect(xml.match(/<testcase /g)?.length).toBe(report.checks.length);
    const notChecked = report.checks.filter((c: { status: string }) => c.status === "not checked");
    expect(xml.match(/<skipped message="[^"]+"\/>/g)?.length ?? 0).toBe(notChecked.length);
    expect(JSON.parse(readFileSync(files.har, "utf8")).log.entries.length).toBe(report.requests.length);
  });

  it("redacts the key, its Basic token and URL user info from every report", async () => {
    const secret = "s3cr3t-key-value";
    const sandbox = createSandbox();
    // A server that knows the secret key as the sandbox's administrator.
    const fetch = (request: Request) => {
      const headers = new Headers(request.headers);
      if (headers.get("authorization") === `Basic ${btoa(`${secret}:`)}`)
        headers.set("authorization", `Basic ${btoa("sandbox-admin-key:")}`);
      return sandbox.fetch(new Request(request, { headers }));
    };
    const result = await runContract({
      target: {
        name: "fake",
        baseUrl: "https://pcs.invalid",
        apiKey: secret,
        isMock: false,
        stateful: true,
        allowWrites: false,
        checksKeys: true,
        disposable: false,
        fetch,
      },
      level: "full",
      limits: { rate: 1000 },
      only: ["errors", "operations"],
    });
    for (const text of [har(result), json(result), junit(result)]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(btoa(`${secret}:`));
    }
    expect(createRedact([secret])(`https://u:p@host/ and ${secret}`)).toBe("https://[REDACTED]@host/ and [REDACTED]");
  });
});

describe("the transport every request passes", () => {
  const transport = (fetch: (request: Request) => Promise<Response>, mayWrite = false, limits = {}) =>
    new Transport({
      rate: 1000,
      concurrency: 2,
      timeoutMs: 5000,
      maxBodyBytes: 1024,
      retries: 2,
      maxRetryAfterMs: 5000,
      deadline: Date.now() + 60_000,
      mayWrite,
      targetName: "t",
      redact: (t) => t,
      fetch,
      ...limits,
    });

  it("a body longer than a response keeps is marked truncated, and a shared answer drops its parsed form", async () => {
    const long = JSON.stringify([{ title: "x".repeat(TEXT_KEPT) }]);
    const t = transport(async (r) => new Response(new URL(r.url).pathname === "/long.json" ? long : "[]"), false, {
      maxBodyBytes: 1024 * 1024,
    });
    const target = { baseUrl: "https://x.invalid", apiKey: "k" } as Target;
    const big = await send(t, target, { method: "get", path: "/long.json" });
    expect([big.truncated, big.text.length, Array.isArray(big.json)]).toEqual([true, TEXT_KEPT + 1, true]);
    expect(compact(big).json).toBeUndefined();
    const small = await send(t, target, { method: "get", path: "/short.json" });
    expect([small.truncated, compact(small).json]).toEqual([false, []]);
  });

  it("read-only: refuses every method that can change data before the server sees it", async () => {
    const seen: string[] = [];
    const t = transport(async (r) => (seen.push(r.method), new Response("{}")));
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      await expect(t.fetch(new Request("https://x.invalid/projects/1.json", { method }))).rejects.toThrow(WriteRefusedError);
    await t.fetch(new Request("https://x.invalid/projects.json"));
    expect(seen).toEqual(["GET"]);
  });

  it("waits as Retry-After asks, sending nothing meanwhile, then retries", async () => {
    const at: number[] = [];
    const t = transport(async () => {
      at.push(Date.now());
      return at.length === 1 ? new Response("", { status: 429, headers: { "retry-after": "1" } }) : new Response("[]");
    });
    const response = await t.fetch(new Request("https://x.invalid/projects.json"));
    expect(response.status).toBe(200);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(990);
  });

  it("a server busy on every attempt is a BusyError (not checked), and a Retry-After past the bound is not waited for", async () => {
    let calls = 0;
    const busy = transport(async () => (calls++, new Response("", { status: 503 })));
    await expect(busy.fetch(new Request("https://x.invalid/groups.json"))).rejects.toThrow(BusyError);
    expect(calls).toBe(3);
    const far = transport(async () => new Response("", { status: 429, headers: { "retry-after": "3600" } }));
    const timers = vi.spyOn(globalThis, "setTimeout");
    try {
      await expect(far.fetch(new Request("https://x.invalid/groups.json"))).rejects.toThrow(/Retry-After 3600 s/);
      // No wait for the hour it asked, nor for any part of it: every timer set is the request's own bound (timeoutMs).
      expect(timers.mock.calls.map(([, ms]) => ms ?? 0).filter((ms) => ms >= 1000 && ms !== 5000)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
  });

  it("reads no more of a body than its bound, even of one that never ends", async () => {
    const endless = new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(512)) });
    const t = transport(async () => new Response(endless));
    await expect(t.fetch(new Request("https://x.invalid/groups.json"))).rejects.toThrow(/larger than 1024 bytes/);
  });
});
