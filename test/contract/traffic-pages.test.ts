// Pages of one list read in a recording contradict each other only when nothing that may change that
// list was written between them (contract/src/traffic/pages.ts): a project's own lists (its users,
// files, urls, copy) change with a write to that project, not with a write to another one — which a
// busy recording (a live run's, a team's test suite) holds between nearly every two pages.
import { describe, expect, it } from "vitest";
import { entry, failures, judged, project, TOKEN } from "../support/har-entries.js";

const AUTH = `Basic ${TOKEN}`;
const page = (offset: number) => entry("GET", `/projects/77/users.json?offset=${offset}&limit=1`, AUTH, 200, [{ id: 1001 }]);
const pageFailures = (judge: Awaited<ReturnType<typeof judged>>) =>
  failures(judge)
    .filter((r) => r.reason?.includes("both hold"))
    .map((r) => r.id);

describe("two pages of a project's users both holding user 1001", () => {
  it("with another project created between them: the pages still contradict each other", async () => {
    const judge = await judged([page(0), entry("POST", "/projects.json", AUTH, 201, project, { name: "Launch" }), page(1)]);
    expect(pageFailures(judge)).toEqual([expect.stringMatching(/^model\/listprojectusers\/caller-1/)]);
  });

  it("with another project created while the second page was read: still", async () => {
    const first = page(0);
    const second = page(1);
    const create = entry("POST", "/projects.json", AUTH, 201, project, { name: "Launch" });
    // The create began before the second page and ended after it.
    create.startedDateTime = new Date(Date.parse(second.startedDateTime) - 2).toISOString();
    create.time = 50;
    const judge = await judged([first, second, create]);
    expect(pageFailures(judge)).toEqual([expect.stringMatching(/^model\/listprojectusers\/caller-1/)]);
  });

  it("with a user added to that project between them: not judged against each other", async () => {
    const judge = await judged([page(0), entry("POST", "/projects/77/users.json", AUTH, 201, { id: 1003 }, { user: "1003" }), page(1)]);
    expect(pageFailures(judge)).toEqual([]);
  });
});
