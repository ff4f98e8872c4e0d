// The run's own writes never race its readings of a list: a faithful stand-in that holds its answer to
// the default page of the project list until one of the run's creates has landed (as a loaded machine
// may order them) is passed with no failure and nothing marked unstable. Without the write gate
// (contract/src/transport/write-gate.ts) the default page counts one project more than the page of 31
// read just before it (`expected 28 to be 27`), every time.
import { describe, expect, it } from "vitest";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";
import { standInSeed } from "../support/stand-in/seed.js";

/** How long a held answer waits for a create before it is given anyway (with the gate, none comes). */
const HOLD_MS = 1_500;

/** The stand-in, holding each answer to `GET …/projects.json` without `limit` (once the run has begun to
 * write) until a create of a project has been answered, or HOLD_MS. */
function createLandsDuringTheDefaultPage(held: { count: number; landed: number }): (handler: Handler) => Handler {
  let writing = false;
  let landed: Array<() => void> = [];
  return (handler) => async (request) => {
    const url = new URL(request.url);
    const projectList = url.pathname.endsWith("/projects.json");
    if (request.method === "POST" && projectList) {
      writing = true;
      const answer = await handler(request);
      for (const wake of landed) wake();
      landed = [];
      return answer;
    }
    if (request.method === "GET" && projectList && writing && !url.searchParams.has("limit")) {
      held.count++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HOLD_MS);
        landed.push(() => {
          held.landed++;
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return handler(request);
  };
}

describe("the run's own writes and its readings of a list's pages", () => {
  it("a create that would land during the default page's reading waits for it: no failure, nothing unstable", async () => {
    const held = { count: 0, landed: 0 };
    // A project list shorter than the default page (about 20 items), so one create more changes its count.
    const seed = standInSeed();
    seed.projects = seed.projects.filter((project) => project.id < 700_012 || project.id > 700_040);
    const { run, before, after } = await standInRun({
      seed,
      writes: true,
      otherKey: false,
      wrap: createLandsDuringTheDefaultPage(held),
    });
    const paging = run.results.filter((r) => r.group === "pagination" || r.group === "equivalence");
    const wrong = paging.filter((r) => r.status === "failed" || r.status === "unstable").map((r) => `${r.title}: ${r.status}: ${r.reason}`);
    expect(wrong).toEqual([]);
    const defaultPage = paging.find((r) => r.title.includes("listProjects") && r.title.includes("without limit, 30 items"));
    expect(defaultPage?.status).toBe("passed");
    // The holds happened, and creates landed during some of them (the model's own readings, which know
    // what it wrote): the race was there to be lost.
    expect(held.count).toBeGreaterThan(0);
    expect(held.landed).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});
