// Issue 42, the checker's share, in this process against the stand-in over HTTP (one check each, so each
// run takes a moment):
//   1. no line of any output (console, job summary, JUnit, JSON, HAR) carries a workflow command a server
//      sent (`::…` at a line's start, `##[` anywhere), and no line break of a server's text splits a line:
//      a body `##[add-mask]FAIL`, and an organization field whose name holds `::error::`, `::add-mask::`
//      and a forged verdict line on lines of their own (printed in the clean-up section);
//   2. a baseline accepts a finding only while it fails the same way, and says what changed;
//   6. reports never written through a symbolic link at their path;
//   7. a baseline read only from a regular file of at most a few MB;
//   9. no server URL or address a link in the job summary;
//  10. what a usage error or a baseline's error quotes is cut and on one line; an --invite-email longer
//      than an address can be is refused before anything looks at it.
import { lstatSync, readFileSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyBaseline, main } from "../../contract/src/index.js";
import { checkerInCi } from "../support/checker.js";
import { scratchDir } from "../support/scratch.js";
import { type HostileServer, serveOverHttp } from "../support/stand-in/hostile.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { STAND_IN_KEY } from "../support/stand-in/seed.js";
import { standIn } from "../support/stand-in/server.js";

/** The checks these runs need (--only): a request to the group list without any credential is refused
 * (documented), with 401 (an assumption: fails at --level full only). */
const NO_CREDENTIAL = "listgroups-get-groups-json-no-authorization-header";

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The stand-in, except what `change` answers for a request (undefined: the stand-in's own answer). */
async function standInExcept(change: (request: Request, standIn: Handler) => Promise<Response | undefined> | Response | undefined) {
  const { handler } = standIn();
  server = await serveOverHttp(async (request) => (await change(request, handler)) ?? handler(request));
  return server.url;
}

const groupsWithoutCredential = (request: Request) =>
  new URL(request.url).pathname === "/groups.json" && request.method === "GET" && !request.headers.has("authorization");

/** The command as CI runs it, against `base` (default this test's server); a report not written reads as "". */
async function command(
  args: string[],
  { base = server?.url ?? "http://127.0.0.1:9", env = { PCS_API_KEY: STAND_IN_KEY } as NodeJS.ProcessEnv } = {},
) {
  const result = await checkerInCi(["--base-url", base, "--rate", "1000", ...args], env);
  return { ...result, json: result.json ?? "", junit: result.junit ?? "", har: result.har ?? "", summary: result.summary ?? "" };
}

/** The lines of `text` a GitHub Actions runner would act on: `::` after blanks at a line's start, or `##[` anywhere. */
const commandLines = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line) || line.includes("##["));

describe("1. a CI runner reads every output: no workflow command from a server, no line of its own", () => {
  it("a body `##[add-mask]FAIL` and an organization field name holding ::error::, ::add-mask:: and a forged verdict", async () => {
    const forged = "PASS — documented facts: 99 passed, 0 failed; assumptions: 0 as described";
    const field = `note\n::error::owned by the server\n::add-mask::FAIL\n${forged}`;
    let reads = 0;
    await standInExcept(async (request, standIn) => {
      if (groupsWithoutCredential(request))
        return new Response(`##[add-mask]FAIL\n::error::the server speaks\n  ::warning::indented\n${forged}`, {
          headers: { "content-type": "text/plain" },
        });
      if (new URL(request.url).pathname === "/organizations.json" && request.method === "GET") {
        const organization = await (await standIn(request)).json();
        // A field that differs at each read: the clean-up reports it, by name.
        return Response.json({ ...organization, [field]: reads++ });
      }
      return undefined;
    });
    const result = await command(["--only", NO_CREDENTIAL, "--allow-writes"]);
    expect(result.code, result.out).toBe(1);
    const outputs = {
      console: `${result.out}\n${result.err}`,
      summary: result.summary,
      junit: result.junit,
      json: result.json,
      har: result.har,
    };
    for (const [name, text] of Object.entries(outputs)) {
      expect(text.length, name).toBeGreaterThan(0);
      expect(commandLines(text), name).toEqual([]);
    }
    // The server's words are there, shown rather than acted on: the body, and the field name on one line, quoted.
    expect(result.out).toContain(String.raw`#\u0023[add-mask]FAIL`);
    expect(result.out).toMatch(
      /^ {2}- organization field "note\\n::error::owned by the server\\n::add-mask::FAIL\\nPASS — documented facts: 99 p/m,
    );
    // One verdict line, the checker's own, last.
    const verdicts = result.out.split("\n").filter((line) => /^(PASS|FAIL|INCOMPLETE|STOPPED) — /.test(line));
    expect(verdicts).toEqual([result.out.split("\n").at(-1)]);
    expect(verdicts[0]).toMatch(/^FAIL — /);
    // The JSON reports are still the server's words exactly.
    expect(JSON.stringify(JSON.parse(result.har))).toContain("##[add-mask]FAIL");
  });
});

describe("2. a baseline entry accepts a finding only while it fails the same way", () => {
  it("accepted while the server answers 403; once it serves data to a request without a credential, new, and the run says what changed", async () => {
    let serves = false;
    await standInExcept(async (request, standIn) => {
      if (!groupsWithoutCredential(request)) return undefined;
      if (!serves) return Response.json({ error: "Forbidden" }, { status: 403 });
      const headers = new Headers(request.headers);
      headers.set("authorization", `Basic ${btoa(`${STAND_IN_KEY}:`)}`);
      return standIn(new Request(request, { headers }));
    });
    const baseline = join(scratchDir("pcs-contract-ci-"), "baseline.json");
    // At --level full, 403 for 401 is a failure: the one the baseline accepts.
    const full = ["--only", NO_CREDENTIAL, "--level", "full"];
    const recorded = await command([...full, "--write-baseline", baseline]);
    expect(recorded.code, recorded.out).toBe(1);
    const written = JSON.parse(readFileSync(baseline, "utf8"));
    expect(written.findings).toEqual([expect.objectContaining({ signature: expect.objectContaining({ status: "4xx" }) })]);
    const { id } = written.findings[0];

    const same = await command([...full, "--baseline", baseline]);
    expect(same.code, same.out).toBe(0);
    expect(same.out).toMatch(/1 known failure accepted/);

    serves = true;
    const leak = await command([...full, "--baseline", baseline]);
    expect(leak.code, leak.out).toBe(1);
    expect(leak.out).toMatch(/0 known failures accepted/);
    // The id whole, after the words or (past 160 columns) on the next line.
    expect(leak.out).toMatch(
      new RegExp(
        `\n {2}! fails differently now, so not accepted:(?: |\n {6})${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n {6}was: 4xx:? `,
      ),
    );
    expect(leak.out).toMatch(/\n {6}now: 2xx:? .*→ 200/);
    expect(JSON.parse(leak.json).baseline.failingDifferently).toEqual([
      { id, was: expect.objectContaining({ status: "4xx" }), now: expect.objectContaining({ status: "2xx" }) },
    ]);
    expect(leak.summary).toMatch(/Failing differently from the baseline/);
  });

  const entry = (reason: string) => ({ id: "authorization/x", reason: "known", signature: { status: "2xx" as const, reason } });
  const failure = (reason: string) => ({ id: "authorization/x", reason, exchange: { status: 200 } });

  it("one project's accepted leak does not hide another's", () => {
    const baseline = { file: "b.json", entries: [entry("project 48213 is served to the other user")] };
    expect(applyBaseline(baseline, [failure("project 48213 is served to the other user")], []).accepted.size).toBe(1);
    const other = applyBaseline(baseline, [failure("project 48377 is served to the other user")], []);
    expect(other.accepted.size).toBe(0);
    expect(other.changed.map(({ now }) => now.reason)).toEqual(["project 48377 is served to the other user"]);
  });

  it("the next run of the same failure still matches: the run's tag and the ids of the projects it created are masked", () => {
    const run1 = { runTag: "pcs-contract-test a1b2c3", createdIds: [90001] };
    const run2 = { runTag: "pcs-contract-test z9y8x7", createdIds: [90417] };
    const recorded = applyBaseline(
      { file: "b.json", entries: [{ id: "authorization/x", reason: "known" }] },
      [failure("project 90001 (pcs-contract-test a1b2c3 viewer) is served to the other user")],
      [],
      run1,
    );
    expect(recorded.accepted.size).toBe(1);
    const signature = {
      status: "2xx" as const,
      reason: "project {created id} (pcs-contract-test {run} viewer) is served to the other user",
    };
    const baseline = { file: "b.json", entries: [{ id: "authorization/x", reason: "known", signature }] };
    const next = applyBaseline(
      baseline,
      [failure("project 90417 (pcs-contract-test z9y8x7 viewer) is served to the other user")],
      [],
      run2,
    );
    expect(next.accepted.size).toBe(1);
    // So is what a server writes differently in each answer: a request id, a timestamp.
    const answer = (id: string, at: string) => failure(`→ 403 {"error":"Forbidden","request_id":"${id}","at":"${at}"}`);
    const first = applyBaseline(
      { file: "b.json", entries: [{ id: "authorization/x", reason: "known" }] },
      [answer("0af7651916cd43dd8448eb211c80319c", "2026-11-26T10:00:00Z")],
      [],
    );
    expect(first.accepted.size).toBe(1);
    const withSignature = {
      file: "b.json",
      entries: [
        {
          id: "authorization/x",
          reason: "known",
          signature: { status: "2xx" as const, reason: '→ 403 {"error":"Forbidden","request_id":"{hex}","at":"{time}"}' },
        },
      ],
    };
    expect(applyBaseline(withSignature, [answer("5b1e0c8f2d7a4e6b9c3d1f0a8e7b6c5d", "2026-11-27T11:12:13Z")], []).accepted.size).toBe(1);
  });

  it("an entry without a signature (an older baseline) matches its check, and the run says once to write the baseline again", async () => {
    await standInExcept((request) =>
      groupsWithoutCredential(request) ? Response.json({ error: "Forbidden" }, { status: 403 }) : undefined,
    );
    const baseline = join(scratchDir("pcs-contract-ci-"), "baseline.json");
    const full = ["--only", NO_CREDENTIAL, "--level", "full"];
    const written = await command([...full, "--write-baseline", baseline]);
    const { id } = JSON.parse(readFileSync(baseline, "utf8")).findings[0];
    expect(written.code).toBe(1);
    writeFileSync(baseline, JSON.stringify({ findings: [{ id, reason: "our gateway says 403" }] }));
    const result = await command([...full, "--baseline", baseline]);
    expect(result.code, result.out).toBe(0);
    expect(result.out.match(/without a signature/g)).toHaveLength(1);
    expect(result.out).toMatch(/write it again with --write-baseline/);
  });
});

describe("6. reports are written beside their path and renamed: a symbolic link there is replaced, its target never written", () => {
  it("--json, --junit, --har and --write-baseline through links to a file elsewhere", async () => {
    await standInExcept((request) =>
      groupsWithoutCredential(request) ? Response.json({ error: "Forbidden" }, { status: 403 }) : undefined,
    );
    const dir = scratchDir("pcs-contract-links-");
    const precious = join(dir, "precious.txt");
    writeFileSync(precious, "not to be overwritten\n");
    const paths = ["r.json", "r.xml", "r.har", "baseline.json"].map((name) => join(dir, name));
    for (const path of paths) symlinkSync(precious, path);
    const [json, junit, har, baseline] = paths as [string, string, string, string];
    const out: string[] = [];
    const { code } = await main(
      [
        "--base-url",
        server!.url,
        "--only",
        NO_CREDENTIAL,
        "--level",
        "full",
        "--json",
        json,
        "--junit",
        junit,
        "--har",
        har,
        "--write-baseline",
        baseline,
      ],
      { PCS_API_KEY: STAND_IN_KEY },
      { out: (t) => out.push(t), err: (t) => out.push(t) },
    );
    expect(code, out.join("\n")).toBe(1);
    expect(readFileSync(precious, "utf8")).toBe("not to be overwritten\n");
    for (const path of paths) expect(lstatSync(path).isSymbolicLink(), path).toBe(false);
    expect(JSON.parse(readFileSync(json, "utf8")).checks.length).toBeGreaterThan(0);
    expect(readFileSync(junit, "utf8")).toMatch(/^<\?xml/);
    expect(JSON.parse(readFileSync(baseline, "utf8")).findings.length).toBe(1);
    // Nothing left beside them (no temporary file).
    expect(readdirSync(dir).sort()).toEqual(["baseline.json", "precious.txt", "r.har", "r.json", "r.xml"]);
  });
});

describe("7. a baseline is read only from a regular file of at most a few MB", () => {
  it("/dev/zero, a FIFO, a directory and a 300 MB file are refused in one line, exit code 2, none of them read", async () => {
    const dir = scratchDir("pcs-contract-baseline-");
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    const big = join(dir, "big.json");
    writeFileSync(big, '{"findings": [');
    truncateSync(big, 300 * 1024 * 1024); // sparse: nothing is written, the size is what counts
    const cases: Array<[string, RegExp]> = [
      ["/dev/zero", /is not a regular file/],
      [fifo, /is not a regular file/],
      [dir, /is not a regular file/],
      [big, /is larger than 4 MB/],
    ];
    const before = process.memoryUsage().rss;
    for (const [file, message] of cases) {
      const result = await command(["--baseline", file], { base: "http://127.0.0.1:9" });
      expect([result.code, result.err.split("\n").length, result.out], file).toEqual([2, 1, ""]);
      expect(result.err).toMatch(message);
    }
    // Nothing near the file's size was taken (a whole read would take 300 MB and more).
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

/** The summary's text outside its code spans (`…`, ``…``): what GitHub's Markdown renders as text, and links. */
const outsideCodeSpans = (markdown: string) => markdown.replace(/(`+)[^`]*?(?:`(?!\1)[^`]*?)*\1/g, "");

describe("9. no server URL or address becomes a link in the job summary", () => {
  it("URLs, www. names and email addresses a server sends, and the base URL, are text", async () => {
    const said = "see https://evil.example/phish, www.evil.example or write to help@evil.example";
    await standInExcept((request) =>
      groupsWithoutCredential(request) ? new Response(said, { status: 403, headers: { "content-type": "text/plain" } }) : undefined,
    );
    const result = await command(["--only", NO_CREDENTIAL, "--level", "full"]);
    expect(result.code, result.out).toBe(1);
    expect(result.summary).toContain("evil.example");
    expect(result.summary).toContain(server!.url.replace("http://", ""));
    const text = outsideCodeSpans(result.summary);
    expect(text).not.toMatch(/https?:\/\/|www\.|@[\w-]+\.\w|<|\]\(/);
  });

  it("a set-up that stops names the base URL as text too", async () => {
    const result = await command([], { base: "http://127.0.0.1:9/public/api" });
    expect(result.code).toBe(2);
    expect(result.summary).toMatch(/^## pcs-contract: STOPPED$/m);
    expect(result.summary).toContain("127.0.0.1:9/public/api");
    expect(outsideCodeSpans(result.summary)).not.toMatch(/https?:\/\/|127\.0\.0\.1/);
  });
});

describe("10. echoes are cut, on one line; an input longer than its limit is refused before any pattern", () => {
  it("usage errors quote a few hundred characters of an argument, escaped", async () => {
    const long = `${"x".repeat(131_000)}\n::error::forged`;
    for (const args of [[`--${long}`], ["--level", long], ["--rate", long], ["--target", long], ["--base-url", long]]) {
      const result = await command(args);
      expect(result.code).toBe(2);
      expect(result.err.split("\n")).toHaveLength(1);
      expect(result.err.length).toBeLessThan(700);
    }
  });

  it("a baseline's bad id is quoted cut and on one line", async () => {
    const file = join(scratchDir("pcs-contract-baseline-"), "b.json");
    writeFileSync(file, JSON.stringify({ findings: [{ id: `${"y".repeat(3_000_000)}\n::error::forged` }] }));
    const result = await command(["--baseline", file], { base: "http://127.0.0.1:9" });
    expect(result.code).toBe(2);
    expect(result.err.split("\n")).toHaveLength(1);
    expect(result.err.length).toBeLessThan(700);
    expect(result.err).toMatch(/finding "y{100}…" has no "reason"/);
  });

  it("an --invite-email of 65 KB is refused by its length, before any pattern runs", async () => {
    const address = `${"a@".repeat(32_768)}`;
    const started = performance.now();
    const result = await command(["--allow-writes", "--invite-email", address]);
    const ms = performance.now() - started;
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--invite-email \(PCS_INVITE_EMAIL\) must be an email address, at most 254 characters, not 65536$/);
    // Reported with the other figures of the run's limits, not asserted: the time it took.
    console.log(`a 65 KB --invite-email refused in ${ms.toFixed(0)} ms`);
  });

  it("an address within the limit is checked in one pass: one without a dot after its @ is refused at once", async () => {
    const result = await command(["--allow-writes", "--invite-email", `a@${"b.".repeat(100)}@`]);
    expect(result.err).toMatch(/must be an email address, not "a@b\.b/);
  });
});
