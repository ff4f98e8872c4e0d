// The sandbox enforces exactly who may call each operation as the description says (each operation's
// `x-who-may-call`): the service's own rules, and the description's labelled choices where the service
// is silent. Each case below is written by hand, with the rule it rests on — the service's words
// ("stated") or an assumption entry — and that rule must be one the operation's description gives, so
// a case can neither drift from the description nor test a rule nobody wrote down. Every operation has
// cases. Accounts of the example seed: Dana (admin, Administrator of Northwind, creator of 48213,
// member of the agency's 48377), Sam (editor, Editor of the agency, creator of 48377, member of 48213),
// Lee (viewer, Viewer of Northwind, member of 48213 only).
import { beforeEach, describe, expect, it } from "vitest";
import { exampleSeed } from "../../src/sandbox/index.js";
import { operations } from "../support/openapi.js";
import { checkedSandbox, KEYS } from "./checked-sandbox.js";

type Who = keyof typeof KEYS;
interface Case {
  who: Who;
  method: string;
  path: string;
  body?: unknown;
  status: number;
  /** What the expectation rests on: "stated" (the service's words) or an assumption entry. */
  rule: string;
  why: string;
}

const NORTHWIND_PROJECT = 48213; // created by Dana; Dana, Sam and Lee are members
const AGENCY_PROJECT = 48377; // the agency's, created by Sam; Dana is a member, Lee is not

const CASES: Record<string, Case[]> = {
  listProjects: [
    { who: "viewer", method: "GET", path: "/projects.json", status: 200, rule: "stated", why: "any caller lists what it was added to" },
  ],
  createProject: [
    {
      who: "editor",
      method: "POST",
      path: "/projects.json",
      body: { name: "E" },
      status: 201,
      rule: "edit-permission",
      why: "an Editor may create",
    },
    {
      who: "viewer",
      method: "POST",
      path: "/projects.json",
      body: { name: "V" },
      status: 403,
      rule: "edit-permission",
      why: "a Viewer may not",
    },
  ],
  getProject: [
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${NORTHWIND_PROJECT}.json`,
      status: 200,
      rule: "read-permission",
      why: "a member reads, whatever its group",
    },
    { who: "viewer", method: "GET", path: `/projects/${AGENCY_PROJECT}.json`, status: 404, rule: "hidden-is-404", why: "not a member" },
  ],
  updateProject: [
    {
      who: "editor",
      method: "PATCH",
      path: `/projects/${NORTHWIND_PROJECT}.json`,
      body: { name: "E" },
      status: 204,
      rule: "edit-permission",
      why: "an Editor member may update",
    },
    {
      who: "viewer",
      method: "PATCH",
      path: `/projects/${NORTHWIND_PROJECT}.json`,
      body: { name: "V" },
      status: 403,
      rule: "edit-permission",
      why: "a Viewer may not",
    },
    {
      who: "viewer",
      method: "PATCH",
      path: `/projects/${AGENCY_PROJECT}.json`,
      body: { name: "V" },
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  deleteProject: [
    {
      who: "editor",
      method: "DELETE",
      path: `/projects/${NORTHWIND_PROJECT}.json`,
      status: 403,
      rule: "stated",
      why: "neither creator nor company administrator",
    },
    {
      who: "editor",
      method: "DELETE",
      path: `/projects/${AGENCY_PROJECT}.json`,
      status: 204,
      rule: "stated",
      why: "its creator, an Editor",
    },
    {
      who: "admin",
      method: "DELETE",
      path: `/projects/${NORTHWIND_PROJECT}.json`,
      status: 204,
      rule: "stated",
      why: "its creator and a company administrator",
    },
    {
      who: "admin",
      method: "DELETE",
      path: `/projects/${AGENCY_PROJECT}.json`,
      status: 403,
      rule: "company-administrator",
      why: "an administrator of another organization",
    },
    { who: "viewer", method: "DELETE", path: `/projects/${AGENCY_PROJECT}.json`, status: 404, rule: "hidden-is-404", why: "not a member" },
  ],
  listFiles: [
    {
      who: "viewer",
      method: "GET",
      path: `/v1/projects/${NORTHWIND_PROJECT}/files.json`,
      status: 200,
      rule: "read-permission",
      why: "a member reads",
    },
    {
      who: "viewer",
      method: "GET",
      path: `/v1/projects/${AGENCY_PROJECT}/files.json`,
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  listCapturedUrls: [
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${NORTHWIND_PROJECT}/urls.json`,
      status: 200,
      rule: "read-permission",
      why: "a member reads",
    },
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${AGENCY_PROJECT}/urls.json`,
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  listCopy: [
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${NORTHWIND_PROJECT}/copy.json`,
      status: 200,
      rule: "read-permission",
      why: "a member reads",
    },
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${AGENCY_PROJECT}/copy.json`,
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  listCopyRevisions: [
    {
      who: "viewer",
      method: "GET",
      path: "/copy/5520/revisions.json",
      status: 200,
      rule: "read-permission",
      why: "a member of the copy's project reads",
    },
  ],
  listProjectUsers: [
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${NORTHWIND_PROJECT}/users.json`,
      status: 200,
      rule: "read-permission",
      why: "a member reads",
    },
    {
      who: "viewer",
      method: "GET",
      path: `/projects/${AGENCY_PROJECT}/users.json`,
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  addProjectUser: [
    {
      who: "admin",
      method: "POST",
      path: `/projects/${NORTHWIND_PROJECT}/users.json`,
      body: { user: "1003" },
      status: 201,
      rule: "manage-users-permission",
      why: "an Administrator member",
    },
    {
      who: "admin",
      method: "POST",
      path: `/projects/${AGENCY_PROJECT}/users.json`,
      body: { user: "1003" },
      status: 201,
      rule: "manage-users-permission",
      why: "an Administrator member of another organization's project",
    },
    {
      who: "editor",
      method: "POST",
      path: `/projects/${NORTHWIND_PROJECT}/users.json`,
      body: { user: "1003" },
      status: 403,
      rule: "manage-users-permission",
      why: "an Editor may not",
    },
    {
      who: "viewer",
      method: "POST",
      path: `/projects/${NORTHWIND_PROJECT}/users.json`,
      body: { user: "1003" },
      status: 403,
      rule: "manage-users-permission",
      why: "a Viewer may not",
    },
    {
      who: "viewer",
      method: "POST",
      path: `/projects/${AGENCY_PROJECT}/users.json`,
      body: { user: "1003" },
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  removeProjectUser: [
    {
      who: "admin",
      method: "DELETE",
      path: `/projects/${NORTHWIND_PROJECT}/users/1003.json`,
      status: 204,
      rule: "manage-users-permission",
      why: "an Administrator member",
    },
    {
      who: "editor",
      method: "DELETE",
      path: `/projects/${NORTHWIND_PROJECT}/users/1003.json`,
      status: 403,
      rule: "manage-users-permission",
      why: "an Editor may not",
    },
    {
      who: "viewer",
      method: "DELETE",
      path: `/projects/${AGENCY_PROJECT}/users/2087.json`,
      status: 404,
      rule: "hidden-is-404",
      why: "not a member",
    },
  ],
  getOrganization: [
    { who: "viewer", method: "GET", path: "/organizations.json", status: 200, rule: "read-permission", why: "any caller reads its own" },
    {
      who: "editor",
      method: "GET",
      path: "/organizations.json",
      status: 200,
      rule: "stated",
      why: "the caller's own, the only one reachable",
    },
  ],
  updateOrganization: [
    {
      who: "admin",
      method: "PATCH",
      path: "/organizations.json",
      body: { phone: "+1 503 555 0100" },
      status: 204,
      rule: "stated",
      why: "a company administrator",
    },
    {
      who: "editor",
      method: "PATCH",
      path: "/organizations.json",
      body: { phone: "+1 503 555 0100" },
      status: 403,
      rule: "stated",
      why: "not a company administrator",
    },
    {
      who: "viewer",
      method: "PATCH",
      path: "/organizations.json",
      body: { phone: "+1 503 555 0100" },
      status: 403,
      rule: "stated",
      why: "not a company administrator",
    },
  ],
  listGroups: [{ who: "viewer", method: "GET", path: "/groups.json", status: 200, rule: "read-permission", why: "any caller" }],
  getGroup: [{ who: "viewer", method: "GET", path: "/groups/2.json", status: 200, rule: "read-permission", why: "any caller" }],
};

const { sandbox, send } = checkedSandbox();
/** A Northwind project created by someone else (Sam, as if he had been a Northwind member then). */
const otherCreator = checkedSandbox({
  seed: (() => {
    const seed = exampleSeed();
    seed.projects.find((p) => p.id === NORTHWIND_PROJECT)!.creator = 2087;
    return seed;
  })(),
});
beforeEach(() => sandbox.reset());
const described = new Map(operations().map((op) => [op.operationId, op.operation]));

describe("who may call each operation: the sandbox does what x-who-may-call says", () => {
  it("has cases for every operation of the description, and for no other", () => {
    expect(Object.keys(CASES).sort()).toEqual([...described.keys()].sort());
  });

  const rows = Object.entries(CASES).flatMap(([operationId, cases]) => cases.map((c) => [operationId, c] as const));
  it.each(rows.map(([operationId, c]) => [`${operationId}: ${c.who}, ${c.why} → ${c.status} (${c.rule})`, operationId, c] as const))(
    "%s",
    async (_name, operationId, c) => {
      // The rule the case rests on is one the operation's description gives.
      const rules: { stated?: string; "x-assumption"?: Record<string, string[]> }[] = described.get(operationId)!["x-who-may-call"];
      const given = c.rule === "stated" ? rules.some((r) => r.stated) : rules.some((r) => c.rule in (r["x-assumption"] ?? {}));
      expect(given, `${operationId}'s x-who-may-call gives no rule "${c.rule}"`).toBe(true);
      const response = await send(c.method, c.path, { key: KEYS[c.who], body: c.body });
      expect(response.status, await response.text()).toBe(c.status);
    },
  );

  it("a company administrator who did not create the project may delete it (stated)", async () => {
    expect((await otherCreator.send("DELETE", `/projects/${NORTHWIND_PROJECT}.json`, { key: KEYS.admin })).status).toBe(204);
  });
});
