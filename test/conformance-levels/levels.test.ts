// The contract suite, checked against servers whose behaviour is known:
//   - the documented-only stand-in (test/support/stand-in/) follows every documented fact and none of
//     the description's assumptions. Served as a server that is NOT disposable (recorded.ts: the suite
//     sees a user's server through PCS_BASE_URL), it records every request and reads its whole state:
//     without PCS_ALLOW_WRITES the suite sends it no request that can change data; with
//     PCS_ALLOW_WRITES=1 it leaves it exactly as it found it; the documented level passes it with
//     0 failures, with and without a second user's key (PCS_OTHER_API_KEY). As a disposable target,
//     the full level fails it, and every failure there names an assumption;
//   - each deliberately broken stand-in breaks one rule: its level fails it, in the check written for
//     that rule, with a message naming the operation and the URL (and the rule, for authorization) —
//     and it too is left as it was found, written to or not;
//   - the reference sandbox behind Prism's validating proxy follows everything: both levels pass,
//     the write workflows included.
import { describe, expect, it } from "vitest";
import { DEFECTS } from "../support/stand-in/defects.js";
import { startRecordedStandIn } from "../support/stand-in/recorded.js";
import { contractRun, type NestedRun } from "./nested-run.js";

const AUTHORIZATION_FILE = ["test/contract/authorization.test.ts"];

/** For each defect, the check that must catch it (by the words of its name), the level that holds that
 * check, and the files that hold it (default: the whole suite). Written here, by hand. */
const CAUGHT_BY: Record<string, { check: string; level?: "full"; files?: string[]; rule?: true }> = {
  "limit-ignored": { check: "never more items than limit" },
  "offset-ignored": { check: "offset pages" },
  "any-key": { check: "a well-formed but wrong API key gets 401" },
  "string-id": { check: "the documented status and body" },
  "wrapped-list": { check: "the documented status and body" },
  "missing-field": { check: "the documented status and body" },
  "create-200": { check: "a project: create" },
  "create-bad-body": { check: "a project: create" },
  "list-not-members": { check: "listProjects holds only projects the caller was added to", files: AUTHORIZATION_FILE, rule: true },
  "other-project-readable": {
    check: "projects the caller's list does not return, and their assets, are refused",
    files: AUTHORIZATION_FILE,
    rule: true,
  },
  "other-revisions-readable": {
    check: "copy revisions of copy the caller's lists do not return are refused",
    files: AUTHORIZATION_FILE,
    rule: true,
  },
  "non-creator-may-delete": { check: "a non-creator, non-administrator cannot delete it", files: AUTHORIZATION_FILE, rule: true },
  "non-admin-may-update-organization": {
    check: "a non-administrator cannot update the organization",
    files: AUTHORIZATION_FILE,
    rule: true,
  },
  // The mechanism is the description's choice (credential-basic): caught at the full level.
  "key-elsewhere": { check: "[assumption: credential-basic]", level: "full", files: AUTHORIZATION_FILE },
};
const URL_IN_MESSAGE = /\b(GET|POST|PATCH|DELETE) http:\/\/127\.0\.0\.1:\d+\/.*? → \d{3}/;
const WRITE = /^(POST|PUT|PATCH|DELETE) /;
const READ_SHAPE_DEFECTS = ["limit-ignored", "offset-ignored", "string-id", "wrapped-list", "missing-field"];

/** A nested run against a recorded, non-disposable stand-in: the run, what it sent, and the state before and after. */
async function recordedRun(options: {
  defect?: string;
  writes: boolean;
  otherKey: boolean;
  inviteEmail?: string;
  level?: "documented" | "full";
  files?: string[];
}) {
  const server = await startRecordedStandIn(options.defect);
  try {
    const before = await server.state();
    const run = await contractRun("", options.level ?? "documented", {
      files: options.files,
      env: {
        PCS_BASE_URL: server.url,
        PCS_API_KEY: server.apiKey,
        ...(options.otherKey && { PCS_OTHER_API_KEY: server.otherApiKey }),
        ...(options.writes && { PCS_ALLOW_WRITES: "1" }),
        ...(options.inviteEmail && { PCS_INVITE_EMAIL: options.inviteEmail }),
      },
    });
    return { run, requests: server.requests, before, after: await server.state(), emails: server.emailsSent() };
  } finally {
    await server.stop();
  }
}

const failures = (run: NestedRun) => run.failed.map((c) => `${c.name}: ${c.message}`);

describe("read-only: without PCS_ALLOW_WRITES no request that can change data is sent, and nothing changes", () => {
  for (const otherKey of [true, false]) {
    it.concurrent(`faithful stand-in${otherKey ? ", with PCS_OTHER_API_KEY" : ""}: documented level passes with no failure`, async () => {
      const { run, requests, before, after, emails } = await recordedRun({ writes: false, otherKey });
      expect(requests.filter((r) => WRITE.test(r))).toEqual([]);
      expect(emails).toEqual([]);
      expect(requests.length).toBeGreaterThan(100);
      expect(failures(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(after).toBe(before);
      expect(run.output).toMatch(/documented facts: \d+ passed, 0 failed/);
      expect(
        run.checks.find((c) => c.name.includes("create, update, delete"))?.status,
        "the write workflows are skipped, with their reason",
      ).toBe("skipped");
    });
  }

  // The defects that bear on writes (the rest only shape answers to reads, which the guard never looks at).
  for (const defect of Object.keys(CAUGHT_BY).filter((d) => !READ_SHAPE_DEFECTS.includes(d))) {
    it.concurrent(`defect ${defect}: nothing sent that can change data, nothing changed`, async () => {
      const { run, requests, before, after } = await recordedRun({
        defect,
        writes: false,
        otherKey: true,
        level: CAUGHT_BY[defect]!.level,
        files: CAUGHT_BY[defect]!.files,
      });
      expect(run.checks.length, run.output.slice(-2000)).toBeGreaterThan(0);
      expect(requests.filter((r) => WRITE.test(r))).toEqual([]);
      expect(after).toBe(before);
    });
  }
});

describe("writes: with PCS_ALLOW_WRITES=1 every stand-in ends in the state it started in", () => {
  for (const otherKey of [true, false]) {
    // With the second key, also PCS_INVITE_EMAIL (an existing account of the seed): the one email sent is
    // the side effect the user opted into; without it, adding by email is skipped and nothing is sent.
    const inviteEmail = otherKey ? "lee.park@northwind.example" : undefined;
    it.concurrent(`faithful stand-in${otherKey ? ", with PCS_OTHER_API_KEY and PCS_INVITE_EMAIL" : ""}: documented level passes with no failure, writes included`, async () => {
      const { run, requests, before, after, emails } = await recordedRun({ writes: true, otherKey, inviteEmail });
      expect(failures(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(run.passed.length).toBeGreaterThan(150);
      expect(
        run.checks.some((c) => c.name.includes("[assumption:")),
        "no assumption is checked at the documented level",
      ).toBe(false);
      const workflows = run.checks.filter((c) => c.name.startsWith("write workflows"));
      expect(workflows.filter((c) => c.status === "failed")).toEqual([]);
      // Without PCS_INVITE_EMAIL, adding a user by email is skipped with its reason.
      expect(workflows.filter((c) => c.status === "passed").length).toBe(inviteEmail ? 5 : 4);
      expect(emails, "emails sent: only to PCS_INVITE_EMAIL, once").toEqual(inviteEmail ? [inviteEmail] : []);
      const authorization = run.checks.filter((c) => c.name.startsWith("authorization: what a second user"));
      expect(authorization.map((c) => c.status)).toEqual(otherKey ? ["passed", "passed"] : ["skipped", "skipped"]);
      expect(requests.some((r) => WRITE.test(r))).toBe(true);
      expect(after).toBe(before);
    });
  }

  for (const [defect, expected] of Object.entries(CAUGHT_BY)) {
    it.concurrent(`defect ${defect}: caught by "${expected.check}", naming the operation and URL; left as found`, async () => {
      const { run, before, after, emails } = await recordedRun({
        defect,
        writes: true,
        otherKey: true,
        level: expected.level,
        files: expected.files,
      });
      expect(emails, "no email sent").toEqual([]);
      expect(run.exitCode).not.toBe(0);
      const caught = run.failed.filter((c) => c.name.includes(expected.check));
      expect(caught.length, `failures: ${run.failed.map((c) => c.name).join("\n") || "none"}\n${run.output.slice(-2000)}`).toBeGreaterThan(
        0,
      );
      for (const check of caught) {
        expect(check.message, check.name).toMatch(URL_IN_MESSAGE);
        expect(check.message, check.name).toMatch(/\b(list|get|create|update|delete|add|remove)[A-Z]\w+\b/);
        if (expected.rule) expect(check.message, check.name).toMatch(/rule "[^"]+"/);
      }
      expect(after, "the stand-in's state after the run").toBe(before);
    });
  }

  it("has an expectation for every defect the stand-in offers", () => {
    expect(Object.keys(CAUGHT_BY).sort()).toEqual(Object.keys(DEFECTS).sort());
  });
});

describe("the full level against the documented-only stand-in", () => {
  it.concurrent("fails, and every failure names the assumption it checks", async () => {
    const run = await contractRun("stand-in", "full");
    expect(run.exitCode).not.toBe(0);
    expect(run.failed.length).toBeGreaterThan(0);
    expect(run.failed.filter((c) => !/\[assumption: [a-z0-9-]+(, [a-z0-9-]+)*\]/.test(c.name)).map((c) => c.name)).toEqual([]);
    // The stand-in's known differences from the description, each reported under its entry.
    expect(run.output).toMatch(/assumptions the server does not follow: .*problem-body/);
    for (const entry of ["problem-body", "invalid-input-400", "max-limit", "www-authenticate", "creator-removal-409"]) {
      expect(
        run.failed.some((c) => c.name.includes(entry)),
        `a failure names ${entry}`,
      ).toBe(true);
    }
  });
});

describe("the contract suite against the reference sandbox behind Prism's validating proxy", () => {
  for (const level of ["documented", "full"] as const) {
    it.concurrent(`${level} level: passes, write workflows included`, async () => {
      const run = await contractRun("sandbox", level, { env: { PCS_OTHER_API_KEY: "sandbox-viewer-key" } });
      expect(failures(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      const workflows = run.checks.filter((c) => c.name.startsWith("write workflows"));
      expect(workflows.length).toBeGreaterThanOrEqual(level === "full" ? 5 : 4);
      expect(workflows.every((c) => c.status === "passed")).toBe(true);
    });
  }
});
