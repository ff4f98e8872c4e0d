// The command as CI runs it, against servers written to break it and against stand-ins with known
// defects, all over HTTP on 127.0.0.1 (test/support/stand-in/hostile.ts):
//   - a server that sends every credential back (status text, Location, headers, bodies; as sent,
//     decoded, percent-encoded, as Basic tokens), with writes and a second key: no form of any key the
//     run sent is in the console or any report;
//   - a server answering 15 MB to everything, and one whose project list holds 10,000 projects whatever
//     `limit` says: the built command, in a process of its own, ends within --max-time with its
//     reports written, and its peak memory stays under 1 GB (the figure is printed);
//   - three root causes at once (one path answering 404, any key accepted, `limit` ignored): each is
//     explained on the first 60 lines of the console; a server whose only differences are the
//     description's assumptions passes with the default options;
//   - a baseline round trip: recorded, a rerun with it passes, a new defect fails alone, a baselined
//     defect that is gone is reported as no longer occurring.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLEAN_UP_GRACE_MS, main } from "../../contract/src/index.js";
import { contractKeysFor, keyForms } from "../support/hostile-server.js";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";
import { DEFECTS } from "../support/stand-in/defects.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { bigPage, echoing, type HostileServer, huge, serveOverHttp } from "../support/stand-in/hostile.js";
import { STAND_IN_KEY, STAND_IN_OTHER_KEY } from "../support/stand-in/seed.js";
import { standIn } from "../support/stand-in/server.js";
import { scratchDirForFile } from "../support/scratch.js";

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const started = async (server: Promise<HostileServer>) => {
  const running = await server;
  servers.push(running);
  return running;
};

/** A folder per run, inside one removed after the file's last test. */
const runs = scratchDirForFile("pcs-contract-levels-");
const dir = () => mkdtempSync(join(runs, "run-"));
const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);

/** The command in this process against `url`: its exit code, console and reports. */
async function command(url: string, args: string[], env: NodeJS.ProcessEnv) {
  const at = dir();
  const files = { json: join(at, "r.json"), junit: join(at, "r.xml"), har: join(at, "r.har") };
  const out: string[] = [];
  const err: string[] = [];
  const { code } = await main(
    ["--base-url", url, "--json", files.json, "--junit", files.junit, "--har", files.har, "--rate", "1000", "--concurrency", "8", ...args],
    env,
    { out: (t) => out.push(t), err: (t) => err.push(t) },
  );
  return { code, out: out.join("\n"), err: err.join("\n"), json: read(files.json), junit: read(files.junit), har: read(files.har) };
}

/** A stand-in over HTTP with defects (one wrapping the next), or none. */
const standInWith = (...defects: Array<string | ((h: Handler) => Handler)>) => {
  let handler = standIn().handler;
  for (const defect of defects) handler = (typeof defect === "string" ? DEFECTS[defect]! : defect)(handler);
  return started(serveOverHttp(handler));
};
const filesAnswer404: (h: Handler) => Handler = (h) => async (request) =>
  /\/files\.json$/.test(new URL(request.url).pathname)
    ? new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": "application/json" } })
    : h(request);

describe("no form of any key in any output", () => {
  it("a server that sends back every credential, with writes and a second key", async () => {
    const secrets = { "Tk9-secret-KEY_42xyzQ": STAND_IN_KEY, "0therSecret/Key+99": STAND_IN_OTHER_KEY };
    const server = await started(echoing(secrets));
    const [apiKey, otherApiKey] = Object.keys(secrets) as [string, string];
    const result = await command(server.url, ["--allow-writes", "--level", "full"], {
      PCS_API_KEY: apiKey,
      PCS_OTHER_API_KEY: otherApiKey,
    });
    expect(result.json, result.err).toBeDefined();
    const forms = [apiKey, otherApiKey].flatMap(contractKeysFor).flatMap(keyForms);
    for (const [name, text] of Object.entries({
      console: `${result.out}\n${result.err}`,
      json: result.json,
      junit: result.junit,
      har: result.har,
    }))
      expect(
        forms.filter((form) => text!.includes(form)),
        `${name} holds a form of a key`,
      ).toEqual([]);
    expect(JSON.parse(result.har!).log.entries.length).toBeGreaterThan(300);
  });
});

describe("bounded in time and memory, whatever the server sends", () => {
  /** The built command in a process of its own (its memory apart from the tests'), its peak memory. */
  async function measured(url: string, maxTime: number) {
    const at = dir();
    const json = join(at, "r.json");
    const began = performance.now();
    const finished = await run(
      process.execPath,
      [
        "--import",
        `${repoRoot}test/support/peak-memory.mjs`,
        `${repoRoot}contract/bin/pcs-contract.js`,
        "--base-url",
        url,
        "--max-time",
        String(maxTime),
        "--json",
        json,
      ],
      { env: { PATH: process.env.PATH!, PCS_API_KEY: STAND_IN_KEY }, timeoutMs: (maxTime + 60) * 1000 },
    );
    const peak = Number(/peak-rss-bytes (\d+)/.exec(finished.stderr)?.[1]);
    return { ...finished, peak, seconds: (performance.now() - began) / 1000, json: read(json) };
  }

  for (const [name, start, maxTime] of [
    ["a server answering 15 MB to everything", () => huge(), 30],
    ["a project list of 10,000 projects whatever limit says", () => bigPage(10_000), 60],
  ] as const) {
    it(`${name}: ends by --max-time with its reports, under 1 GB`, async () => {
      const server = await started(start());
      const result = await measured(server.url, maxTime);
      // The figures the guide states (docs/guides/checking-a-server.md, "The limits it keeps").
      console.log(
        `${name}: peak memory ${(result.peak / 1024 / 1024).toFixed(0)} MB, ${result.seconds.toFixed(1)} s (--max-time ${maxTime}), exit ${result.status}`,
      );
      expect(result.signal, result.output.slice(-2000)).toBe(null);
      expect([0, 1, 2]).toContain(result.status);
      expect(result.json, result.output.slice(-2000)).toBeDefined();
      // Ended by the run's limit (the clean-up's grace past it at most, and a few seconds to start the
      // process and write the reports), and the report says which: the limit, or the run's own end.
      expect(result.seconds).toBeLessThan(maxTime + CLEAN_UP_GRACE_MS / 1000 + 10);
      const report = JSON.parse(result.json!);
      if (report.endedBy === undefined) expect(report.verdict.line).toMatch(/^(PASS|FAIL) — /);
      else {
        expect(report.endedBy).toBe("max-time");
        expect(report.verdict.line).toMatch(/stopped by --max-time|reached its time limit \(--max-time/);
      }
      expect(result.peak).toBeGreaterThan(0);
      expect(result.peak).toBeLessThan(1024 * 1024 * 1024);
    });
  }
});

describe("the cause first", () => {
  it("three root causes at once (a path answering 404, any key accepted, limit ignored): each explained on the first 60 lines", async () => {
    const server = await standInWith("limit-ignored", "any-key", filesAnswer404);
    const result = await command(server.url, [], { PCS_API_KEY: STAND_IN_KEY });
    expect(result.code).toBe(1);
    const first = result.out.split("\n").slice(0, 60).join("\n");
    expect(first).toMatch(
      /Cause: every request to GET \/v1\/projects\/\{project_id\}\/files\.json answered 404 .* is the path or the base URL right\?/,
    );
    expect(first).toMatch(
      /✗ \[documented\] errors: a well-formed but wrong API key: [^\n]*refused[^\n]*\n\s+a request without a valid key is refused — expected a 4xx: [^\n]*→ 200/,
    );
    expect(first).toMatch(/✗ \[documented\] pagination: .*never more items than limit\n\s+limit=1: .*\n\s+expected \d+ to be at most 1/);
  });

  it("a server whose only differences are the description's assumptions passes with the default options", async () => {
    const server = await standInWith();
    const result = await command(server.url, [], { PCS_API_KEY: STAND_IN_KEY });
    expect(result.out.split("\n")[0]).toContain("level documented, read-only");
    expect(result.code, result.out.slice(-3000)).toBe(0);
    expect(result.out).toMatch(/Assumptions of the description the server chose differently \(reported, not failed/);
    expect(result.out.split("\n").at(-1)).toMatch(/^PASS — /);
  });
});

describe("a baseline round trip", () => {
  it("recorded; a rerun with it passes; a new defect fails alone; a baselined defect that is gone is named", async () => {
    const baseline = join(dir(), "baseline.json");
    const withAnyKey = await standInWith("any-key");
    const recorded = await command(withAnyKey.url, ["--write-baseline", baseline], { PCS_API_KEY: STAND_IN_KEY });
    expect(recorded.code).toBe(1);
    const written = JSON.parse(readFileSync(baseline, "utf8"));
    expect(written.findings.length).toBeGreaterThan(5);
    expect(written.findings.every((f: { id: string; reason: string }) => /^PCS-(KEY|MODEL)-[A-Z-]+ · /.test(f.id) && f.reason)).toBe(true);
    // A person says why, and when it should fail again.
    for (const finding of written.findings)
      Object.assign(finding, { reason: "our gateway accepts any key until 2027", expires: "2099-01-01" });
    writeFileSync(baseline, JSON.stringify(written));

    const again = await command(withAnyKey.url, ["--baseline", baseline], { PCS_API_KEY: STAND_IN_KEY });
    expect(again.code, again.out.slice(-3000)).toBe(0);
    expect(again.out).toMatch(new RegExp(`Baseline ${baseline}: ${written.findings.length} known failures accepted`));
    expect(again.out).not.toMatch(/✗ /);

    const newDefect = await standInWith("any-key", "limit-ignored");
    const worse = await command(newDefect.url, ["--baseline", baseline], { PCS_API_KEY: STAND_IN_KEY });
    expect(worse.code).toBe(1);
    const shown = worse.out.split("\n").filter((line) => line.startsWith("  ✗ "));
    expect(shown.length).toBeGreaterThan(0);
    expect(
      // The disguised caller pages out of range too (limit 0 and past the maximum): an ignored limit shows there.
      shown.filter((line) => !/pagination: |paging out of range/.test(line)),
      "only the new defect's failures are shown",
    ).toEqual([]);

    const fixed = await standInWith();
    const gone = await command(fixed.url, ["--baseline", baseline], { PCS_API_KEY: STAND_IN_KEY });
    expect(gone.code).toBe(0);
    expect(gone.out).toMatch(new RegExp(`${written.findings.length} baselined findings no longer occur`));
    expect(JSON.parse(gone.json!).baseline.noLongerOccurring.length).toBe(written.findings.length);
  });
});
