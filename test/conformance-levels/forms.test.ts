// Each form of a request the checker sends is data (contract/src/callers/disguises.ts,
// contract/src/sequences/matrix.ts), and each is needed: against a defect that only that form shows
// (test/support/stand-in/form-defects.ts) the documented level fails, naming the form; the faithful
// stand-in passes the same run.
import { describe, expect, it } from "vitest";
import { findings, type RunResult } from "../../contract/src/index.js";
import { FORM_DEFECTS } from "../support/stand-in/form-defects.js";
import { standInRun } from "../support/stand-in/run.js";

const SECOND_USER_EMAIL = "lee.park@northwind.example";
const failures = (run: RunResult) =>
  findings(run)
    .failures.map((r) => `${r.title}: ${r.reason}`)
    .join("\n");

describe.concurrent("forms of a request, each caught where only it shows a defect", () => {
  const cases: Array<[defect: string, writes: boolean, shows: RegExp, disposable?: true]> = [
    ["switch-user-by-name", false, /naming user \d+ by user name[^\n]*honoured alone: \?_switch_user=/],
    ["sudo-address-case-folded", false, /naming user \d+ by address in upper case[^\n]*honoured alone: \?sudo=/],
    ["limit-zero-everything", false, /paging out of range \(limit=0\)[^\n]*holds projects the caller was not added to/],
    ["by-id-own-organization-only", false, /project \d+ is in the caller's list but refused by id/],
    ["head-skips-membership", true, /HEAD succeeded where GET by the same caller is refused/],
    ["remove-takes-last-added", true, /removeProjectUser[^\n]*the users listed are/],
    ["brotli-unflushed", true, /accept-encoding: br — /],
    ["invite-exact-lookup", true, /addProjectUser[^\n]*the users listed are/, true],
  ];
  for (const [defect, writes, shows, disposable] of cases)
    it(`${defect}: the documented level fails, by the form that shows it`, async () => {
      const { run, before, after } = await standInRun({
        writes,
        otherKey: true,
        wrap: FORM_DEFECTS[defect],
        // Declared disposable, an invite address of a known account: the address is sent re-cased too.
        ...(disposable && { disposable, inviteEmail: SECOND_USER_EMAIL }),
      });
      expect(failures(run)).toMatch(shows);
      // A disposable server is changed as the sandbox is (and an invite may make an account there).
      if (!disposable) expect(after).toBe(before);
    });
});
