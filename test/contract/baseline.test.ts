// Baselines, the re-try of failures and the GitHub job summary, in this process against the built-in
// sandbox with one broken answer (the round trip against stand-ins over HTTP is in
// test/conformance-levels/hostile.test.ts): a baseline file a person edits, read strictly (one line and
// exit 2 when it is wrong), matched by check id, with an expiry date; a failure that does not repeat is
// unstable, not failed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyBaseline,
  baselineText,
  main,
  readBaseline,
  runContract,
  verdict,
  type RunResult,
  type Target,
} from "../../contract/src/index.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { scratchDir } from "../support/scratch.js";

const dir = () => scratchDir("pcs-contract-baseline-");
const command = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const { code } = await main(argv, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
};

describe("a baseline file", () => {
  it("is refused in one line, exit code 2, when it cannot be used", async () => {
    const at = dir();
    const cases: Array<[string, RegExp]> = [
      ["{not json", /cannot be read as JSON/],
      ['{"items": []}', /has no "findings" list/],
      ['{"findings": [{"id": "x"}]}', /finding "x" has no "reason"/],
      ['{"findings": [{"id": "x", "reason": "known", "expires": "next year"}]}', /not a date \(YYYY-MM-DD\)/],
    ];
    for (const [text, message] of cases) {
      const file = join(at, "b.json");
      writeFileSync(file, text);
      const result = await command(["--target", "sandbox", "--baseline", file]);
      expect([result.code, result.err.split("\n").length, result.out]).toEqual([2, 1, ""]);
      expect(result.err).toMatch(message);
    }
  });

  it("accepts the failures it lists until their date, and names the entries whose check now passes", () => {
    const baseline = {
      file: "b.json",
      entries: [
        { id: "a", reason: "known" },
        { id: "b", reason: "known until 2026", expires: "2026-01-01" },
        { id: "c", reason: "fixed since" },
      ],
    };
    const failing = ["a", "b", "d"].map((id) => ({ id, reason: "expected 200 to be 401" }));
    const outcome = applyBaseline(baseline, failing, ["c"], undefined, new Date("2026-06-01T00:00:00Z"));
    expect([...outcome.accepted.keys()]).toEqual(["a"]);
    expect(outcome.expired.map((e) => e.id)).toEqual(["b"]);
    expect(outcome.gone.map((e) => e.id)).toEqual(["c"]);
  });

  it("is written so that a person can read it, keeping the reasons and dates given before", () => {
    const previous = { file: "b.json", entries: [{ id: "a", reason: "our gateway", expires: "2027-01-01" }] };
    const text = baselineText(
      [
        { id: "a", title: "check a", reason: "expected 200 to be 401" },
        { id: "b", title: "check b", reason: "expected 3 to be at most 1\nmore" },
      ],
      previous,
      undefined,
      new Date("2026-11-25T00:00:00Z"),
    );
    const file = join(dir(), "b.json");
    writeFileSync(file, text);
    expect(readBaseline(file).entries).toEqual([
      {
        id: "a",
        title: "check a",
        reason: "our gateway",
        expires: "2027-01-01",
        signature: { status: "none", reason: "expected 200 to be 401" },
      },
      {
        id: "b",
        title: "check b",
        reason: "recorded on 2026-11-25 — say why it is accepted; first failure: expected 3 to be at most 1",
        signature: { status: "none", reason: "expected 3 to be at most 1" },
      },
    ]);
    expect(text.split("\n").length).toBeGreaterThan(10); // one field a line
  });
});

describe("a failure is tried again before it is reported", () => {
  /** The sandbox, whose group list answers `wrongTimes` times with one item too many, then right. */
  const flakyGroups = (wrongTimes: number): Target => {
    const sandbox = createSandbox();
    let wrong = 0;
    return {
      name: "a flaky sandbox",
      baseUrl: "https://sandbox.invalid/public/api",
      apiKey: "sandbox-admin-key",
      isMock: false,
      stateful: true,
      allowWrites: false,
      checksKeys: true,
      disposable: false,
      fetch: async (request) => {
        const response = await sandbox.fetch(request);
        const url = new URL(request.url);
        if (!url.pathname.endsWith("/groups/2.json") || wrong >= wrongTimes) return response;
        wrong++;
        const group = (await response.json()) as Record<string, unknown>;
        return new Response(JSON.stringify({ ...group, name: "Changed" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      },
    };
  };
  // The model's group scenario: each listed group read by its id must be the group of the list.
  const only = ["model/getgroup"];
  const byKey = (run: RunResult) => run.results.find((r) => r.id === "model/getgroup/the-run-s-key/outcome");

  it("one that passes the second time is unstable, and does not fail the run", async () => {
    const run = await runContract({ target: flakyGroups(1), level: "documented", limits: { rate: 1000 }, only });
    expect(byKey(run)?.status).toBe("unstable");
    expect(byKey(run)?.reason).toMatch(/^failed, then passed when its reproduction was replayed — the first time: .*name is "Changed"/);
    expect(run.results.filter((r) => r.status === "failed")).toEqual([]);
    expect(verdict(run).code).toBe(0);
  });

  it("one that fails again is a failure", async () => {
    const run = await runContract({ target: flakyGroups(2), level: "documented", limits: { rate: 1000 }, only });
    expect(byKey(run)?.status).toBe("failed");
    expect(verdict(run).code).toBe(1);
  });
});

describe("in GitHub Actions", () => {
  it("adds a Markdown summary of the run to $GITHUB_STEP_SUMMARY", async () => {
    const summary = join(dir(), "summary.md");
    writeFileSync(summary, "before\n");
    const result = await command(["--target", "sandbox", "--only", "pagination", "--rate", "1000"], {
      GITHUB_ACTIONS: "true",
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(result.code).toBe(0);
    const text = readFileSync(summary, "utf8");
    expect(text).toMatch(/^before\n## pcs-contract: PASS\n/);
    expect(text).toContain("documented facts:");
  });
});
