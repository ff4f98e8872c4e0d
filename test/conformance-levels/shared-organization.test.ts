// Runs that share an organization (two CI jobs against one staging server, or a run that stopped before
// its restore): the run's one change of the organization carries the run's tag in its name, and a run
// that finds another run's tag there stops judging the organization and leaves the restore to that run.
// Seen before: three runs with writes at once against one sandbox — in every round two of them failed
// getOrganization, each reading another's change. Here the other run is played by the stand-in, so the
// order is the same every time; without the tag and its reading, the second test fails on getOrganization.
import { describe, expect, it } from "vitest";
import { findings } from "../../contract/src/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";
import { STAND_IN_KEY, standInSeed } from "../support/stand-in/seed.js";

const OTHER_RUN = "pcs-contract-test zz9zz9";
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
const organizationWrites = (requests: readonly string[]) => requests.filter((r) => r.startsWith("PATCH /organizations.json"));
const stoppedNote = (notes: readonly string[] | undefined) =>
  (notes ?? []).find((n) => n.startsWith("The organization was not judged further") && n.includes(`(${OTHER_RUN})`));

/** The stand-in, where another checker run changes the organization right after this run's change lands
 * (the name it sets holds the other run's tag). */
function anotherRunChangesAfterThisOne(log: { changedAfter?: string }) {
  return (handler: Handler): Handler =>
    async (request) => {
      const url = new URL(request.url);
      const body = request.method === "PATCH" && url.pathname.endsWith("/organizations.json") ? await request.clone().text() : "";
      const answer = await handler(request);
      const name = body ? (JSON.parse(body) as { name?: unknown }).name : undefined;
      if (answer.ok && typeof name === "string" && name.startsWith("pcs-contract-test ") && !log.changedAfter) {
        log.changedAfter = name;
        await handler(
          new Request(url, {
            method: "PATCH",
            headers: { authorization: basic(STAND_IN_KEY), "content-type": "application/json" },
            body: JSON.stringify({ name: `${OTHER_RUN} its own change`, phone: "+1 503 555 0100" }),
          }),
        );
      }
      return answer;
    };
}

describe("runs that share an organization", () => {
  it("another run's change left in the organization: not changed, not judged, said so", async () => {
    const seed = standInSeed();
    seed.organizations[0]!.name = `${OTHER_RUN} a change never restored`;
    const { run, requests, before, after } = await standInRun({ seed, writes: true, otherKey: true });
    expect(findings(run).failures.map((r) => `${r.title}: ${r.reason}`)).toEqual([]);
    expect(organizationWrites(requests)).toEqual([]);
    const note = stoppedNote(run.notes);
    expect(note).toMatch(/not restored yet \(or that run stopped before its restore\)/);
    expect(note!.length).toBeLessThanOrEqual(200); // one line of the closing lines
    expect(after).toBe(before);
  });

  it("another run changes it after this run did: this run stops judging it and leaves the restore to that run", async () => {
    const log: { changedAfter?: string } = {};
    const { run, requests } = await standInRun({
      seed: standInSeed(),
      writes: true,
      otherKey: true,
      wrap: anotherRunChangesAfterThisOne(log),
    });
    expect(log.changedAfter).toMatch(new RegExp(`^${run.runTag} `));
    expect(findings(run).failures.map((r) => `${r.title}: ${r.reason}`)).toEqual([]);
    expect(stoppedNote(run.notes)).toMatch(/changed it after this run did, and restores it/);
    // The run's change and nothing after it: no refused caller's try, no restore over the other run's change.
    expect(organizationWrites(requests)).toHaveLength(1);
    expect(run.cleanUp.join("\n")).toMatch(/another checker run.s change \(pcs-contract-test zz9zz9\): left for that run to restore/);
  });
});
