// The clean-up's answers are evidence: a project the run made and never deleted that answers 404 to the
// key that created it at the clean-up has vanished from its creator — the server fails "the creator is
// added to it" and "a user sees the projects they were added to", and the run fails on it (not only a
// leftover). On the faithful stand-in the same check passes.
import { describe, expect, it } from "vitest";
import { verdict } from "../../contract/src/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";

const TITLE = "a project the run made and never deleted is still its creator's at the clean-up";

/** A server that hides a project from everyone once a user was added to it (a membership table that
 * replaces the creator's row), while the project stays in its store. */
const hiddenAfterAdding =
  (handler: Handler): Handler =>
  async (request) => {
    const { pathname } = new URL(request.url);
    const id = /^\/projects\/(\d+)(?:\.json$|\/)/.exec(pathname)?.[1];
    const answer = await handler(request);
    if (id && request.method === "POST" && pathname.endsWith("/users.json") && answer.status < 300) hidden.add(id);
    if (id && hidden.has(id) && pathname === `/projects/${id}.json`)
      return Response.json({ title: "Not Found", status: 404 }, { status: 404, headers: { "content-type": "application/problem+json" } });
    return answer;
  };
const hidden = new Set<string>();

describe("a project of the run that vanishes from its creator", () => {
  it("fails the run on the faithful stand-in's opposite, and passes on the stand-in as it is", async () => {
    const faithful = await standInRun({ writes: true, otherKey: true });
    expect(faithful.run.results.find((r) => r.title.includes(TITLE))?.status).toBe("passed");
    expect(faithful.after, "the faithful stand-in is left as it was").toBe(faithful.before);

    const { run } = await standInRun({ writes: true, otherKey: true, wrap: hiddenAfterAdding });
    const result = run.results.find((r) => r.title.includes(TITLE));
    expect(result?.status, result?.reason).toBe("failed");
    expect(result?.reason).toMatch(/made by this run and never deleted by it, answered 404 to the key that created it/);
    expect(verdict(run).code).toBe(1);
  });
});
