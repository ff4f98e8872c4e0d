// The checker against application-layer defects (test/mutation/app-layer-defects.ts: ownership, tenancy,
// identity, views that disagree), with writes, the second key and an invite address, at the documented
// level: the faithful stand-in passes, read-only and with writes, and a sample of the corpus fails —
// each by a request that shows it. The whole corpus is scored by `npm run mutation:app`.
import { describe, expect, it } from "vitest";
import { findings } from "../../contract/src/index.js";
import { standInRun } from "../support/stand-in/run.js";
import { STAND_IN_OWNER_KEY } from "../support/stand-in/seed.js";
import { APP_LAYER_DEFECTS } from "../mutation/app-layer-defects.js";

const INVITE_EMAIL = "lee.park@northwind.example";
const failures = (run: Awaited<ReturnType<typeof standInRun>>["run"]) => findings(run).failures.map((r) => `${r.title}: ${r.reason}`);

describe.concurrent("application-layer defects", () => {
  it("the faithful stand-in, read-only with the second key: the documented level passes", async () => {
    const { run } = await standInRun({ writes: false, otherKey: true });
    expect(failures(run)).toEqual([]);
  });
  it("the faithful stand-in, with writes, the second key and an invite address: the documented level passes", async () => {
    const { run } = await standInRun({ writes: true, otherKey: true, inviteEmail: INVITE_EMAIL });
    expect(failures(run)).toEqual([]);
    expect(run.cleanUpFailed).toBe(false);
  });
  it("the faithful stand-in, with writes and a second key of another organization who may create: the documented level passes", async () => {
    const { run } = await standInRun({ writes: true, otherKey: STAND_IN_OWNER_KEY });
    expect(failures(run)).toEqual([]);
    expect(run.cleanUpFailed).toBe(false);
  });
  it("the access matrix on the second key's project: the run's key, never added, deleting it is caught", async () => {
    const defect = APP_LAYER_DEFECTS.find((d) => d.id === "administrator-deletes-any-project")!;
    const { run } = await standInRun({ writes: true, otherKey: STAND_IN_OWNER_KEY, wrap: (h) => defect.wrap(h, () => {}) });
    expect(failures(run).join("\n")).toMatch(/deleteProject by a user never added to it/);
  });
  for (const id of (
    process.env.APP_DEFECTS ??
    "impersonation-header,list-honours-user-id,no-key-trusts-remote-user,method-override-checked-as-read,mass-assignment-members,body-id-authorizes"
  ).split(","))
    it(`defect ${id}: the documented level fails`, async () => {
      const defect = APP_LAYER_DEFECTS.find((d) => d.id === id);
      if (!defect) throw new Error(`no application-layer defect ${id}`);
      const { run } = await standInRun({ writes: true, otherKey: true, inviteEmail: INVITE_EMAIL, wrap: (h) => defect.wrap(h, () => {}) });
      expect(failures(run).length, "failures").toBeGreaterThan(0);
    });
});
