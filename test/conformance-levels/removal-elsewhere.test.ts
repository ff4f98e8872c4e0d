// A removal that reaches past its project: the run removes the second key's user from its own projects
// only, so every project that user was in before the run, and the run never wrote to, is still in the
// second key's list at the end. Not among realistic-defects.ts: this defect changes a project the run
// did not make (the seed's 48213 loses its viewer), which no run could put back.
import { describe, expect, it } from "vitest";
import { findings, type RunResult } from "../../contract/src/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";

/** Removing a user deletes their memberships by user alone (the project of the URL lost from the
 * query): they leave every project the caller lists, not only the one named. */
const removalLeavesEveryProject =
  (h: Handler): Handler =>
  async (request) => {
    const match = /^\/projects\/(\d+)\/users\/(\d+)\.json$/.exec(new URL(request.url).pathname);
    const response = await h(request);
    if (request.method !== "DELETE" || !match || response.status !== 204) return response;
    const headers = { authorization: request.headers.get("authorization") ?? "" };
    const listed = await h(new Request(new URL("/projects.json?limit=100", request.url), { headers }));
    const projects = listed.status === 200 ? ((await listed.json()) as Array<{ id: number }>) : [];
    for (const { id } of projects)
      if (String(id) !== match[1])
        await h(new Request(new URL(`/projects/${id}/users/${match[2]}.json`, request.url), { method: "DELETE", headers }));
    return response;
  };

const sweep = (run: RunResult) =>
  run.results.filter((r) => r.operation === "removeProjectUser" && r.title.includes("on projects the run never wrote to"));

describe("a removal from the run's project takes the user off projects the run never wrote to", () => {
  it("fails, naming the project the second key no longer lists and the list's request", async () => {
    const { run } = await standInRun({ writes: true, otherKey: true, wrap: removalLeavesEveryProject });
    const [result] = sweep(run);
    expect(result?.status).toBe("failed");
    expect(result?.reason).toMatch(/no longer holds project 48213.*GET https:\/\/stand-in\.invalid\/projects\.json/s);
    expect(findings(run).failures.map((f) => f.id)).toContain(result!.id);
  });

  it("a faithful server passes it", async () => {
    const { run } = await standInRun({ writes: true, otherKey: true });
    expect(sweep(run).map((r) => r.status)).toEqual(["passed"]);
  });
});
