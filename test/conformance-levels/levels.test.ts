// The contract checker (contract/), checked against servers whose behaviour is known, in this process:
//   - the documented-only stand-in (test/support/stand-in/) follows every documented fact and none of
//     the description's assumptions. Given to the checker as a user's server (not disposable), it
//     records every request and reads its whole state: read-only, the checker sends it no request that
//     can change data; with writes allowed, it leaves it exactly as it found it; the documented level
//     passes it, with and without a second user's key. The full level fails it, and every failure there
//     names an assumption;
//   - each deliberately broken stand-in breaks one rule: the checker fails it in the check written for
//     that rule, with a message naming the operation and the URL — and leaves it as it found it;
//   - production conditions: a rate limit with Retry-After, 5% of reads answered 503, an account of
//     12,000 projects, a copy with its project's id: no false failure, no stopped run, and no request
//     while the server has said to wait; a server that hides a created project from its creator: the
//     checker stops creating after the first and reports it;
//   - the reference sandbox behind Prism's validating proxy follows everything: both levels pass.
import { describe, expect, it } from "vitest";
import {
  consoleReport,
  coverage,
  findings,
  runContract,
  verdict,
  type Level,
  type RunResult,
  type Target,
} from "../../contract/src/index.js";
import { flaky, hidesCreated, longAccountSeed, rateLimited, sameIdSeed } from "../support/stand-in/conditions.js";
import { DEFECTS } from "../support/stand-in/defects.js";
import type { SandboxSeed } from "../../src/sandbox/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { recordedStandIn } from "../support/stand-in/recorded.js";
import { STAND_IN_OWNER_KEY, standInSeed } from "../support/stand-in/seed.js";
import { startCheckedSandbox } from "../support/stand-in/server.js";

/** For each defect, the check that must catch it (by the words of its title) and the level that holds it. Written here, by hand. */
const CAUGHT_BY: Record<string, { check: string; level?: Level; rule?: true }> = {
  "limit-ignored": { check: "never more items than limit" },
  "offset-ignored": { check: "offset pages" },
  "past-end-wraps": { check: "read at its end and past it" },
  "any-key": { check: "a well-formed but wrong API key" },
  "string-id": { check: "the documented status and body" },
  "wrapped-list": { check: "the documented status and body" },
  "missing-field": { check: "the documented status and body" },
  "create-200": { check: "a project: create" },
  "create-bad-body": { check: "a project: create" },
  "list-not-members": { check: "listProjects holds only projects the caller was added to", rule: true },
  "other-project-readable": { check: "projects the caller's list does not return, and their assets, are refused", rule: true },
  "other-revisions-readable": { check: "copy revisions of copy the caller's lists do not return are refused", rule: true },
  "non-creator-may-delete": { check: "a non-creator, non-administrator cannot delete it", rule: true },
  "non-admin-may-update-organization": { check: "a non-administrator cannot update the organization", rule: true },
  "list-stops-at-30": { check: "listProjects holds every project the caller was added to", rule: true },
  "member-twice": { check: "added twice, listed once" },
  "modified-unchanged": { check: "an update sets modified" },
  // The mechanism is the description's choice (credential-basic): caught at the full level.
  "key-elsewhere": { check: "[assumption: credential-basic]", level: "full" },
};
const URL_IN_MESSAGE = /\b(GET|POST|PATCH|DELETE) https:\/\/stand-in\.invalid\/\S* → \d{3}/;
const WRITE = /^(POST|PUT|PATCH|DELETE) /;
const READ_SHAPE_DEFECTS = ["limit-ignored", "offset-ignored", "past-end-wraps", "string-id", "wrapped-list", "missing-field"];
/** Ids from here on are projects a run created. */
const firstNewProjectId = Math.max(...standInSeed().projects.map((p) => p.id)) + 1;
/** In this process nothing is slow: pace only where a test says so. */
const FAST = { rate: 10_000, concurrency: 8 };

async function standInRun(options: {
  defect?: string;
  writes: boolean;
  otherKey: boolean | string;
  inviteEmail?: string;
  only?: string[];
  level?: Level;
  seed?: SandboxSeed;
  wrap?: (handler: Handler) => Handler;
  limits?: Record<string, number>;
}) {
  const server = recordedStandIn({ defect: options.defect, seed: options.seed, wrap: options.wrap });
  const before = await server.state();
  const target: Target = {
    name: "the stand-in",
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    isMock: false,
    stateful: true,
    allowWrites: options.writes,
    checksKeys: true,
    disposable: false,
    fetch: server.fetch,
    ...(options.otherKey && { otherApiKey: typeof options.otherKey === "string" ? options.otherKey : server.otherApiKey }),
    ...(options.inviteEmail && { inviteEmail: options.inviteEmail }),
  };
  const run = await runContract({
    target,
    level: options.level ?? "documented",
    limits: { ...FAST, ...options.limits },
    ...(options.only && { only: options.only }),
  });
  return { run, requests: server.requests, before, after: await server.state(), emails: server.emailsSent() };
}

/** The failures that fail the run at its level (at the documented level, an assumption's is reported only). */
const failed = (run: RunResult) => findings(run).failures;
const failures = (run: RunResult) => failed(run).map((r) => `${r.title}: ${r.reason}`);
const byTitle = (run: RunResult, words: string) => run.results.filter((r) => r.title.includes(words));

describe("read-only: no request that can change data is sent, and nothing changes", () => {
  for (const otherKey of [true, false]) {
    it(`faithful stand-in${otherKey ? ", with a second key" : ""}: the documented level passes`, async () => {
      const { run, requests, before, after, emails } = await standInRun({ writes: false, otherKey });
      expect(requests.filter((r) => WRITE.test(r))).toEqual([]);
      expect(emails).toEqual([]);
      expect(requests.length).toBeGreaterThan(100);
      expect(failures(run)).toEqual([]);
      expect(after).toBe(before);
      expect(byTitle(run, "create, update, delete")[0]?.status, "the write workflows are not checked, with their reason").toBe(
        "not checked",
      );
    });
  }

  // The defects that bear on writes (the rest only shape answers to reads, which the guard never looks at).
  for (const defect of Object.keys(CAUGHT_BY).filter((d) => !READ_SHAPE_DEFECTS.includes(d))) {
    it(`defect ${defect}: nothing sent that can change data, nothing changed`, async () => {
      const { run, requests, before, after } = await standInRun({ defect, writes: false, otherKey: true, level: CAUGHT_BY[defect]!.level });
      expect(run.results.length).toBeGreaterThan(0);
      expect(requests.filter((r) => WRITE.test(r))).toEqual([]);
      expect(after).toBe(before);
    });
  }
});

describe("writes allowed: every stand-in ends in the state it started in", () => {
  for (const otherKey of [true, false]) {
    // With the second key, also an invite address (an existing account of the seed): the one email sent
    // is the side effect the user opted into; without it, adding by email is not checked and nothing is sent.
    const inviteEmail = otherKey ? "lee.park@northwind.example" : undefined;
    it(`faithful stand-in${otherKey ? ", with a second key and an invite address" : ""}: the documented level passes, writes included`, async () => {
      const { run, requests, before, after, emails } = await standInRun({ writes: true, otherKey, inviteEmail });
      expect(failures(run)).toEqual([]);
      expect(run.results.filter((r) => r.status === "passed").length).toBeGreaterThan(150);
      expect(findings(run).differences.length, "the assumptions the stand-in chose otherwise are reported").toBeGreaterThan(0);
      expect(verdict(run).code, "and do not fail the run at the documented level").toBe(0);
      const workflows = run.results.filter((r) => r.group === "write workflows");
      expect(workflows.filter((r) => r.status === "passed").length).toBe(inviteEmail ? 11 : 10);
      expect(emails, "emails sent: only to the invite address, once").toEqual(inviteEmail ? [inviteEmail] : []);
      const secondUser = byTitle(run, "a non-creator, non-administrator cannot delete it").concat(
        byTitle(run, "a non-administrator cannot update the organization"),
      );
      expect(secondUser.map((r) => r.status)).toEqual(otherKey ? ["passed", "passed"] : ["not checked", "not checked"]);
      expect(requests.some((r) => WRITE.test(r))).toBe(true);
      expect(after).toBe(before);
      // Coverage counts the statuses the checks received: the deletes of the run check deleteProject's 204.
      const covered = coverage(run.results, run.target.baseUrl);
      expect(covered.find((c) => c.operation === "deleteProject")?.checked).toContain(204);
      expect(covered.find((c) => c.operation === "addProjectUser")?.checked).toContain(201);
    });
  }

  it("a second user whose group may create (an Editor, not a company administrator) creates, reads and deletes its own project", async () => {
    const { run, before, after } = await standInRun({ writes: true, otherKey: STAND_IN_OWNER_KEY, only: ["deletes it as its creator"] });
    expect(run.results.map((r) => [r.title, r.status, r.reason])).toEqual([
      [expect.stringContaining("deletes it as its creator"), "passed", undefined],
    ]);
    expect(after).toBe(before);
  });

  for (const [defect, expected] of Object.entries(CAUGHT_BY)) {
    it(`defect ${defect}: caught by "${expected.check}", naming the operation and URL; left as found`, async () => {
      const { run, before, after, emails } = await standInRun({ defect, writes: true, otherKey: true, level: expected.level });
      expect(emails, "no email sent").toEqual([]);
      const caught = failed(run).filter((r) => r.title.includes(expected.check));
      expect(
        caught.length,
        `failures: ${
          failed(run)
            .map((r) => r.title)
            .join("\n") || "none"
        }`,
      ).toBeGreaterThan(0);
      for (const check of caught) {
        expect(check.reason, check.title).toMatch(URL_IN_MESSAGE);
        expect(check.reason, check.title).toMatch(/\b(list|get|create|update|delete|add|remove)[A-Z]\w+\b/);
        if (expected.rule) expect(check.reason, check.title).toMatch(/rule "[^"]+"/);
      }
      expect(after, "the stand-in's state after the run").toBe(before);
      // A person finds the first documented failure on the first screen.
      const lines = consoleReport(run).split("\n");
      if (!expected.level) expect(lines.findIndex((line) => line.startsWith("  ✗ [documented]"))).toBeLessThan(30);
    });
  }

  it("has an expectation for every defect the stand-in offers", () => {
    expect(Object.keys(CAUGHT_BY).sort()).toEqual(Object.keys(DEFECTS).sort());
  });
});

describe("production conditions: no false failure, no stopped run", () => {
  it("a rate limit of 10 requests a second, 429 with Retry-After: 1: nothing sent while told to wait", async () => {
    let limiter: ReturnType<typeof rateLimited> | undefined;
    const { run } = await standInRun({
      writes: false,
      otherKey: true,
      wrap: (h) => (limiter = rateLimited(h, 10)),
      limits: { rate: 20, concurrency: 4 },
    });
    expect(failures(run)).toEqual([]);
    expect(limiter!.limited(), "the limit was reached").toBeGreaterThan(0);
    expect(limiter!.violations(), "requests while the server had said to wait").toBe(0);
    expect(run.results.filter((r) => r.status === "not checked" && /busy/.test(r.reason ?? ""))).toEqual([]);
  }, 240_000);

  it("5% of reads answered 503: retried, never a failure", async () => {
    let server: ReturnType<typeof flaky> | undefined;
    const { run } = await standInRun({ writes: true, otherKey: true, wrap: (h) => (server = flaky(h, 0.05)) });
    expect(server!.failed(), "some reads were answered 503").toBeGreaterThan(5);
    expect(failures(run)).toEqual([]);
  });

  it("an account of 12,000 projects: sampled, not walked; no false failure", async () => {
    const { run, requests } = await standInRun({ writes: true, otherKey: true, seed: longAccountSeed(12_000) });
    expect(failures(run)).toEqual([]);
    expect(requests.length).toBeLessThan(2_000);
  }, 120_000);

  it("the only copy has its project's id: the run goes on, one check is not checked, with its reason", async () => {
    const { run } = await standInRun({ writes: false, otherKey: false, seed: sameIdSeed() });
    expect(failures(run)).toEqual([]);
    expect(run.ids.copy_id).toBe(run.ids.project_id);
    const skipped = byTitle(run, "reads by the copy's id, not the project's");
    expect(skipped.map((r) => [r.status, r.reason])).toEqual([["not checked", expect.stringContaining("has its project's id")]]);
  });

  it("a server that hides a created project from its creator: creating stops after the first, which is reported", async () => {
    const { run } = await standInRun({ writes: true, otherKey: false, wrap: (h) => hidesCreated(h, firstNewProjectId) });
    const creates = run.exchanges.filter((e) => e.method === "POST" && e.url.endsWith("/projects.json") && e.status === 201);
    expect(creates.length, "projects created").toBe(1);
    expect(failed(run).length).toBeGreaterThan(0);
    expect(run.cleanUpFailed).toBe(true);
    expect(run.cleanUp.join("\n")).toMatch(/left behind: its creator can neither read nor delete it/);
  });
});

describe("the checker against the reference sandbox behind Prism's validating proxy", () => {
  for (const level of ["documented", "full"] as const) {
    it(`${level} level: passes, write workflows included`, async () => {
      const sandbox = await startCheckedSandbox();
      try {
        const run = await runContract({
          target: {
            name: "the sandbox behind Prism",
            baseUrl: sandbox.url,
            apiKey: "sandbox-admin-key",
            otherApiKey: "sandbox-viewer-key",
            isMock: false,
            stateful: true,
            allowWrites: true,
            checksKeys: true,
            disposable: true,
          },
          level,
          limits: { rate: 10_000, concurrency: 4 },
        });
        expect(failures(run)).toEqual([]);
        const workflows = run.results.filter((r) => r.group === "write workflows");
        expect(workflows.length).toBeGreaterThanOrEqual(13);
        expect(workflows.every((r) => r.status === "passed")).toBe(true);
      } finally {
        await sandbox.stop();
      }
    });
  }
});

describe("the full level against the documented-only stand-in", () => {
  it("fails, and every failure names the assumption it checks", async () => {
    const { run } = await standInRun({ writes: true, otherKey: true, level: "full" });
    expect(failed(run).length).toBeGreaterThan(0);
    expect(
      failed(run)
        .filter((r) => r.entries.length === 0)
        .map((r) => `${r.title}: ${r.reason}`),
    ).toEqual([]);
    expect(consoleReport(run)).toContain("No documented fact fails: at --level documented (the default) this server passes.");
    for (const entry of ["problem-body", "invalid-input-400", "max-limit", "www-authenticate", "creator-removal-409"])
      expect(
        failed(run).some((r) => r.entries.includes(entry)),
        `a failure names ${entry}`,
      ).toBe(true);
  });
});
