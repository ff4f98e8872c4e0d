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
/** One call and what the sandbox must answer: who calls, the request ("METHOD path"), the status, the
 * rule it rests on — "stated" (the service's words) or an assumption entry — why, and the body sent. */
type Case = [who: Who, request: string, status: number, rule: string, why: string, body?: unknown];

const NORTHWIND_PROJECT = 48213; // created by Dana; Dana, Sam and Lee are members
const AGENCY_PROJECT = 48377; // the agency's, created by Sam; Dana is a member, Lee is not
const NORTHWIND = `/projects/${NORTHWIND_PROJECT}`;
const AGENCY = `/projects/${AGENCY_PROJECT}`;
const USER_1003 = { user: "1003" };

const CASES: Record<string, Case[]> = {
  listProjects: [["viewer", "GET /projects.json", 200, "stated", "any caller lists what it was added to"]],
  createProject: [
    ["editor", "POST /projects.json", 201, "edit-permission", "an Editor may create", { name: "E" }],
    ["viewer", "POST /projects.json", 403, "edit-permission", "a Viewer may not", { name: "V" }],
  ],
  getProject: [
    ["viewer", `GET ${NORTHWIND}.json`, 200, "read-permission", "a member reads, whatever its group"],
    ["viewer", `GET ${AGENCY}.json`, 404, "hidden-is-404", "not a member"],
  ],
  updateProject: [
    ["editor", `PATCH ${NORTHWIND}.json`, 204, "edit-permission", "an Editor member may update", { name: "E" }],
    ["viewer", `PATCH ${NORTHWIND}.json`, 403, "edit-permission", "a Viewer may not", { name: "V" }],
    ["viewer", `PATCH ${AGENCY}.json`, 404, "hidden-is-404", "not a member", { name: "V" }],
  ],
  deleteProject: [
    ["editor", `DELETE ${NORTHWIND}.json`, 403, "stated", "neither creator nor company administrator"],
    ["editor", `DELETE ${AGENCY}.json`, 204, "stated", "its creator, an Editor"],
    ["admin", `DELETE ${NORTHWIND}.json`, 204, "stated", "its creator and a company administrator"],
    ["admin", `DELETE ${AGENCY}.json`, 403, "company-administrator", "an administrator of another organization"],
    ["viewer", `DELETE ${AGENCY}.json`, 404, "hidden-is-404", "not a member"],
  ],
  listFiles: [
    ["viewer", `GET /v1${NORTHWIND}/files.json`, 200, "read-permission", "a member reads"],
    ["viewer", `GET /v1${AGENCY}/files.json`, 404, "hidden-is-404", "not a member"],
  ],
  listCapturedUrls: [
    ["viewer", `GET ${NORTHWIND}/urls.json`, 200, "read-permission", "a member reads"],
    ["viewer", `GET ${AGENCY}/urls.json`, 404, "hidden-is-404", "not a member"],
  ],
  listCopy: [
    ["viewer", `GET ${NORTHWIND}/copy.json`, 200, "read-permission", "a member reads"],
    ["viewer", `GET ${AGENCY}/copy.json`, 404, "hidden-is-404", "not a member"],
  ],
  listCopyRevisions: [["viewer", "GET /copy/5520/revisions.json", 200, "read-permission", "a member of the copy's project reads"]],
  listProjectUsers: [
    ["viewer", `GET ${NORTHWIND}/users.json`, 200, "read-permission", "a member reads"],
    ["viewer", `GET ${AGENCY}/users.json`, 404, "hidden-is-404", "not a member"],
  ],
  addProjectUser: [
    ["admin", `POST ${NORTHWIND}/users.json`, 201, "manage-users-permission", "an Administrator member", USER_1003],
    ["admin", `POST ${AGENCY}/users.json`, 201, "manage-users-permission", "a member, Administrator in another organization", USER_1003],
    ["editor", `POST ${NORTHWIND}/users.json`, 403, "manage-users-permission", "an Editor may not", USER_1003],
    ["viewer", `POST ${NORTHWIND}/users.json`, 403, "manage-users-permission", "a Viewer may not", USER_1003],
    ["viewer", `POST ${AGENCY}/users.json`, 404, "hidden-is-404", "not a member", USER_1003],
  ],
  removeProjectUser: [
    ["admin", `DELETE ${NORTHWIND}/users/1003.json`, 204, "manage-users-permission", "an Administrator member"],
    ["editor", `DELETE ${NORTHWIND}/users/1003.json`, 403, "manage-users-permission", "an Editor may not"],
    ["viewer", `DELETE ${AGENCY}/users/2087.json`, 404, "hidden-is-404", "not a member"],
  ],
  getOrganization: [
    ["viewer", "GET /organizations.json", 200, "read-permission", "any caller reads its own"],
    ["editor", "GET /organizations.json", 200, "stated", "the caller's own, the only one reachable"],
  ],
  updateOrganization: [
    ["admin", "PATCH /organizations.json", 204, "stated", "a company administrator", { phone: "+1 503 555 0100" }],
    ["editor", "PATCH /organizations.json", 403, "stated", "not a company administrator", { phone: "+1 503 555 0100" }],
    ["viewer", "PATCH /organizations.json", 403, "stated", "not a company administrator", { phone: "+1 503 555 0100" }],
  ],
  listGroups: [["viewer", "GET /groups.json", 200, "read-permission", "any caller"]],
  getGroup: [["viewer", "GET /groups/2.json", 200, "read-permission", "any caller"]],
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

  const rows = Object.entries(CASES).flatMap(([operationId, cases]) =>
    cases.map((c) => [`${operationId}: ${c[0]}, ${c[4]} → ${c[2]} (${c[3]})`, operationId, c] as const),
  );
  it.each(rows)("%s", async (_name, operationId, [who, request, status, rule, _why, body]) => {
    // The rule the case rests on is one the operation's description gives.
    const rules: { stated?: string; "x-assumption"?: Record<string, string[]> }[] = described.get(operationId)!["x-who-may-call"];
    const given = rule === "stated" ? rules.some((r) => r.stated) : rules.some((r) => rule in (r["x-assumption"] ?? {}));
    expect(given, `${operationId}'s x-who-may-call gives no rule "${rule}"`).toBe(true);
    const [method, path] = request.split(" ") as [string, string];
    const response = await send(method, path, { key: KEYS[who], body });
    expect(response.status, await response.text()).toBe(status);
  });

  it("a company administrator who did not create the project may delete it (stated)", async () => {
    expect((await otherCreator.send("DELETE", `/projects/${NORTHWIND_PROJECT}.json`, { key: KEYS.admin })).status).toBe(204);
  });
});
