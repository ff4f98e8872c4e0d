// Another client of the server writes while the run reads: a colleague with the same key (another run,
// a person) creates a project right after a walk of the project list ends, so the project is next to
// the largest id that walk saw and not in it. Read by id afterwards it answers, and its creator is the
// run's user: the list left nothing out, it changed. Seen with three runs at once against one sandbox:
// "listProjects holds every project the caller was added to" failed on another run's project. The check
// confirms a left-out project with a walk made after its reading (steady: no write of the run lands in
// it) and a reading after that walk; without it this fails (`leaves out … "A colleague's project"`).
import { describe, expect, it } from "vitest";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";
import { STAND_IN_KEY, standInSeed } from "../support/stand-in/seed.js";

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** The stand-in, where a colleague with the same key (another run, a person) creates a project each time
 * a walk of the run's project list reaches its last page (up to CREATES times): right after the page
 * is answered, so the project is the id next to the largest the walk saw, and the walk does not hold it. */
const CREATES = 30; // the list stays under the 100 projects the checker walks (else the check is skipped)
function colleagueCreatesAfterEachWalk(made: number[]): (handler: Handler) => Handler {
  return (handler) => async (request) => {
    const url = new URL(request.url);
    const answer = await handler(request);
    const walkEnds =
      request.method === "GET" &&
      url.pathname.endsWith("/projects.json") &&
      request.headers.get("authorization") === basic(STAND_IN_KEY) &&
      url.searchParams.has("offset") &&
      answer.status === 200 &&
      ((await answer.clone().json()) as unknown[]).length < Number(url.searchParams.get("limit") ?? 30);
    if (walkEnds && made.length < CREATES) {
      const created = await handler(
        new Request(url.origin + url.pathname, {
          method: "POST",
          headers: { authorization: basic(STAND_IN_KEY), "content-type": "application/json" },
          body: JSON.stringify({ name: "A colleague's project" }),
        }),
      );
      made.push(((await created.json()) as { id: number }).id);
    }
    return answer;
  };
}

describe("another client's writes during the run", () => {
  it("a project the caller was added to after its list was walked is not 'left out' of the list", async () => {
    const made: number[] = [];
    const { run } = await standInRun({ seed: standInSeed(), writes: true, otherKey: true, wrap: colleagueCreatesAfterEachWalk(made) });
    // The colleague's projects were made, after walks, and the run read one of them by id.
    expect(made.length).toBeGreaterThan(0);
    expect(run.exchanges.some((x) => made.some((id) => x.url.endsWith(`/projects/${id}.json`)))).toBe(true);
    const check = run.results.find((r) => r.title.includes("listProjects holds every project the caller was added to"));
    expect(check?.status, check?.reason).toBe("passed");
  });
});
