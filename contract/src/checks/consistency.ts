// A list without paging says the same as reads by id: every group of the group list is read by its id
// (at most GROUPS_READ of them) and must answer 200 with the same fields and values. A documented fact:
// both operations return the one group resource of the interface.
import { expect } from "../expect.js";
import type { Suite } from "../suite.js";

const GROUPS_READ = 10;

export function consistencyChecks(suite: Suite) {
  const list = suite.checks("consistency");
  if (suite.target.isMock) return list.checks; // the mock's examples are not one data set
  list.documented.it(
    "listGroups (no paging) and getGroup agree: each listed group, read by its id, is the same",
    async () => {
      const listed = await suite.call("listGroups", { method: "get", path: "/groups.json" });
      expect(listed.status, listed.why).toBe(200);
      expect(Array.isArray(listed.json), `a JSON array: ${listed.why}`).toBe(true);
      for (const group of (listed.json as Array<{ id: number }>).slice(0, GROUPS_READ)) {
        const read = await suite.call("getGroup", { method: "get", path: `/groups/${group.id}.json` });
        expect(read.status, read.why).toBe(200);
        expect(read.json, `the group read by id differs from the group list's: ${read.why}`).toEqual(group);
      }
    },
    { operation: "getGroup", statuses: [200] },
  );
  return list.checks;
}
