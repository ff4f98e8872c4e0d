// How the server's answer to a call compares with the model's (world.ts sends both): the judgement of
// one exchange, recorded in the ledger.
//   - both allow: the server answers the interface's status and what the model answers (a project's
//     fields exactly; the server's own choices — timestamps, `created_by` — held to what the interface
//     says of them);
//   - both refuse: right, whatever the code at the documented level (a refusal is judged by its
//     outcome, and reveals nothing); at --level full, the description's status and body;
//   - they disagree (after the world learned what it could): where the model's decision rests on a
//     stated rule, the server is wrong (documented), and where on one of the description's choices, the
//     server chose differently (those entries).
import { PERMISSION_ASSUMPTIONS, type StatedRuleId } from "@project-collaboration/api/sandbox/model";
import { documentedBundle, methodsAt, operations, successResponse } from "../description/description.js";
import { idOf } from "../runner/created.js";
import { compareOrganization, compareProject, compareRecord, type Mismatch } from "./compare.js";
import type { Aspect, Finding, Observation } from "./ledger.js";
import { schemaMismatches } from "./response-schema.js";
import { type Call, type Executed, isReadForm, type Tracker } from "./world.js";
import { authSchemes, isJsonMediaType, isProblemJson } from "../transport/media-type.js";

type Json = Record<string, unknown>;

const isSuccess = (status: number) => status >= 200 && status < 300;

/** What the interface states each operation answers when it succeeds: the documented-only description
 * keeps only the statuses the interface states. */
const SUCCESS_STATUS: Record<string, number> = Object.fromEntries(
  operations(documentedBundle).map((op) => [op.operationId, successResponse(op, documentedBundle).status]),
);

/** The stated rule an operation's success rests on (what it says it does). */
const SUCCESS_RULE: Partial<Record<string, StatedRuleId>> = {
  listProjects: "visible-when-added",
  createProject: "create-returns-project",
  getProject: "visible-when-added",
  updateProject: "update-changes-only-given",
  deleteProject: "delete-creator-or-administrator",
  listFiles: "visible-when-added",
  listCapturedUrls: "visible-when-added",
  listCopy: "visible-when-added",
  listCopyRevisions: "visible-when-added",
  listProjectUsers: "creator-is-member",
  addProjectUser: "add-existing-user",
  getOrganization: "organization-own-only",
  updateOrganization: "organization-update-administrator",
  listGroups: "groups-all",
  getGroup: "groups-all",
};

/** The stated rule a success rests on: adding by email (an account the model knows: the address of a
 * user it has seen) is the rule of an existing account's address, not of adding by id. */
const successRule = (call: Call): StatedRuleId | undefined =>
  call.operation === "addProjectUser" && typeof (call.body as Json | undefined)?.email === "string"
    ? "add-by-email-existing-account"
    : SUCCESS_RULE[call.operation];

/** The one place a verdict is recorded: a finding holds exactly when nothing is wrong; a failure keeps
 * its message and its reproduction. `into` is a world (which counts failures for a replay) or, before
 * any world exists (the cast), the ledger. */
export function judgeFinding(into: { record(observation: Observation): void }, finding: Finding): void {
  const { problem, reproduction, entries = [], aspect = "outcome", exchange, ...about } = finding;
  into.record({
    ...about,
    aspect,
    entries,
    ...(exchange && { exchange }),
    passed: problem === undefined,
    ...(problem !== undefined && { message: problem, ...(reproduction && { reproduction }) }),
  });
}

export function judge(world: Tracker, executed: Executed): void {
  for (const contradiction of executed.contradictions ?? []) judgeFinding(world, contradiction);
  const { call, response, answer, exchange } = executed;
  const role = world.roleOf(call.caller, call.project);
  const base = {
    operation: call.readBackOf?.operation ?? call.operation,
    role: call.readBackOf?.role ?? role,
    ...(exchange && { exchange }),
    status: response.status,
  };
  const readBack = call.readBackOf ? `read back (${call.operation} by ${role}): ` : "";
  const serverOk = isSuccess(response.status);
  const reproduction = () => world.reproduction(call.project, exchange);
  const fail = (aspect: Aspect, entries: string[], message: string, rule?: StatedRuleId) =>
    judgeFinding(world, { ...base, aspect, entries, problem: readBack + message, reproduction: reproduction(), ...(rule && { rule }) });
  const pass = (aspect: Aspect, entries: string[], rule?: StatedRuleId) =>
    judgeFinding(world, { ...base, aspect, entries, ...(rule && { rule }) });
  const what = `${call.method.toUpperCase()} ${response.url} → ${response.status}`;

  if (response.status >= 500) {
    fail(
      "outcome",
      [],
      `the server failed: ${world.explain(call.operation, response)} — the model ${"refused" in answer ? `refuses it (${answer.refused.status})` : "allows it"}`,
    );
    return;
  }
  if (isReadForm(call.method)) {
    judgeReadForm(world, executed, fail, pass);
    return;
  }
  if ("refused" in answer) {
    const basis = answer.refused.basis && { ...answer.refused.basis, rule: ruleOf(world, call, answer.refused.basis.rule) };
    if (!serverOk) {
      // Right at every level; nothing of what the caller may not see is in the answer.
      const leaked = call.method.toUpperCase() === "GET" ? world.leakedIn(response.text, call.project) : undefined;
      if (leaked)
        fail(
          "outcome",
          [],
          `refused, but the refusal's body holds ${JSON.stringify(leaked)}, a value of the project the caller may not see: ${what}`,
          basis?.rule,
        );
      else pass("outcome", [], basis?.rule);
      judgeRefusalForm(world, executed, role);
      return;
    }
    // RFC 9110 §9.2.2: DELETE is idempotent, so a repeat may answer 2xx as the first did; what is gone
    // stays gone, which the read-back after it judges (the stated rule: deleting is permanent).
    if (call.method.toUpperCase() === "DELETE" && call.operation === "deleteProject" && world.deleted.has(call.project ?? -1)) {
      pass("outcome", [], basis?.rule);
      return;
    }
    if (basis?.rule) {
      executed.diverged = true;
      fail(
        "outcome",
        [],
        `the server allowed what the interface refuses (${basis.rule}): ${world.explain(call.operation, response)} — the model refuses it: ${answer.refused.detail}`,
        basis.rule,
      );
    } else {
      fail(
        "decision",
        basis?.assumptions ?? ["invalid-input-400"],
        `the description refuses this (${answer.refused.status}: ${answer.refused.detail}), the server allowed it: ${world.explain(call.operation, response)}`,
      );
    }
    return;
  }
  // The model allows it.
  if (!serverOk) {
    const entries = whySuccessIsAssumed(world, executed);
    if (entries.length)
      fail("decision", entries, `the description allows this, the server refused it: ${world.explain(call.operation, response)}`);
    else fail("outcome", [], `the interface allows this, the server refused it: ${world.explain(call.operation, response)}`);
    return;
  }
  const mismatches = successMismatches(world, executed);
  const documented = mismatches.filter((m) => m.entries.length === 0);
  const rule = successRule(call);
  if (documented.length)
    fail("outcome", [], `${documented.map((m) => m.message).join("; ")} — ${world.explain(call.operation, response)}`, rule);
  else pass("outcome", [], rule);
  for (const [entries, group] of groupBy(
    mismatches.filter((m) => m.entries.length > 0),
    (m) => m.entries.join("+"),
  ))
    fail("answer", entries.split("+"), `${group.map((m) => m.message).join("; ")} — ${world.explain(call.operation, response)}`);
}

/** A read sent as HEAD or OPTIONS, judged as the GET it stands for, which the model answered: HEAD is
 * GET without the body and is authorized as it (RFC 9110 §9.3.2) — never a success where GET is
 * refused; neither answer holds a value of a project the caller may not see. A server may refuse
 * either where GET succeeds: the interface lists neither. */
function judgeReadForm(
  world: Tracker,
  { call, response, answer }: Executed,
  fail: (aspect: Aspect, entries: string[], message: string, rule?: StatedRuleId) => void,
  pass: (aspect: Aspect, entries: string[], rule?: StatedRuleId) => void,
): void {
  const method = call.method.toUpperCase();
  const refused = "refused" in answer ? answer.refused : undefined;
  const rule = refused ? ruleOf(world, call, refused.basis?.rule) : successRule(call);
  const leaked = refused ? world.leakedIn(response.text, call.project) : undefined;
  if (method === "HEAD" && refused && isSuccess(response.status))
    fail(
      "outcome",
      [],
      `HEAD succeeded where GET by the same caller is refused (${refused.status}: ${refused.detail}): HEAD is GET without the body and is authorized as it (RFC 9110 §9.3.2) — ${world.explain(call.operation, response)}`,
      rule,
    );
  else if (leaked)
    fail(
      "outcome",
      [],
      `${method} answered ${JSON.stringify(leaked)}, a value of the project the caller may not see: ${world.explain(call.operation, response)}`,
      rule,
    );
  else pass("outcome", [], rule);
}

/** The stated rule a refusal rests on, as the interface words it for this call: what is gone stays
 * gone, and the methods it does not list are refused on assets, groups and the organization because
 * those are read-only, or cannot be created or deleted. */
function ruleOf(world: Tracker, call: Call, rule: StatedRuleId | undefined): StatedRuleId | undefined {
  if (call.project !== undefined && world.deleted.has(call.project)) return "delete-is-permanent";
  if (rule !== "whole-interface") return rule;
  if (/\/(files|urls|copy)\.json$/.test(call.path)) return "assets-read-only";
  if (call.path.startsWith("/groups")) return "groups-read-only";
  if (call.path.startsWith("/organizations")) return "organization-not-created-or-deleted";
  return rule;
}

/** A method token (RFC 9110 §5.6.2). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** RFC 9110 §15.5.6, §10.2.1: a 405 carries Allow, a comma-separated list of the methods the resource
 * takes — here at least every method the description lists on the path, and not the one just refused
 * (a server may add HEAD or OPTIONS). */
export function allowProblems(call: Pick<Call, "method" | "path">, allow: string | null): string[] {
  if (allow === null) return ["a 405 without Allow"];
  const listed = allow.split(",").map((method) => method.trim());
  const described = methodsAt(call.path);
  const missing = described.filter((method) => !listed.includes(method));
  const malformed = listed.filter((method) => !TOKEN.test(method));
  if (missing.length === 0 && malformed.length === 0 && !listed.includes(call.method.toUpperCase())) return [];
  return [
    `Allow: ${JSON.stringify(allow.slice(0, 100))} is not a comma-separated list of the path's methods (the description's: ${described.join(", ")}; refused: ${call.method.toUpperCase()})`,
  ];
}

/** At --level full: the refusal's status and body as the description gives them. */
function judgeRefusalForm(world: Tracker, executed: Executed, role: string): void {
  const { call, response, answer, exchange } = executed;
  if (!("refused" in answer)) return;
  const basis = answer.refused.basis;
  const entries = [...new Set([...(basis?.status ?? []), "problem-body"])].sort();
  const problems: string[] = [];
  if (basis?.status.length && response.status !== answer.refused.status)
    problems.push(`status ${response.status}, the description's is ${answer.refused.status}`);
  if (!isProblemJson(response.contentType))
    problems.push(`content type ${JSON.stringify(response.contentType)}, not application/problem+json`);
  if (answer.refused.status === 401 && !authSchemes(response.headers.get("www-authenticate")).includes("basic"))
    problems.push("no WWW-Authenticate: Basic challenge");
  if (response.status === 405) problems.push(...allowProblems(call, response.headers.get("allow")));
  judgeFinding(world, {
    operation: call.operation,
    role,
    aspect: "answer",
    entries,
    ...(problems.length && { problem: `${problems.join("; ")}: ${world.explain(call.operation, response)}` }),
    exchange,
    status: response.status,
  });
}

/** Why the model's success rests on a choice of the description rather than the interface, if it
 * does. (A refusal that a group permission explains was learned before this: see execute.) */
function whySuccessIsAssumed(world: Tracker, executed: Executed): string[] {
  const { call } = executed;
  const project = call.project === undefined ? undefined : world.model.projects.get(call.project);
  switch (call.operation) {
    case "getOrganization":
    case "listProjects":
    case "listGroups":
    case "getGroup":
    case "removeProjectUser":
      return []; // stated: its own organization, its list, all groups, "Remove a user … 204"
    case "deleteProject":
      return project && project.creator === world.accounts.get(call.caller) ? [] : [PERMISSION_ASSUMPTIONS.deleteProject];
    case "createProject":
      return ["create-required"]; // which fields a create requires is not shown
    case "updateProject":
    case "updateOrganization":
      return ["patch-properties"]; // the names PATCH accepts are not shown
    case "addProjectUser": {
      const { user } = call.body as { user?: string };
      return project && user !== undefined && project.members.includes(Number(user)) ? ["add-user-twice"] : [];
    }
    default:
      return ["read-permission"];
  }
}

/** What a successful answer breaks: the interface's status, a body where it says none, the fields. */
function successMismatches(world: Tracker, executed: Executed): Mismatch[] {
  const { call, response, answer, at } = executed;
  const out: Mismatch[] = [];
  const status = SUCCESS_STATUS[call.operation];
  if (status !== undefined && response.status !== status)
    out.push({ field: "status", entries: [], message: `answered ${response.status}, the interface says ${status}` });
  if (response.status === 204 || status === 204) {
    if (response.text !== "")
      out.push({ field: "body", entries: [], message: `a body on a 204 ("no body"): ${JSON.stringify(response.text.slice(0, 80))}` });
    return out;
  }
  if (!isJsonMediaType(response.contentType))
    out.push({
      field: "content type",
      entries: [],
      message: `content type ${JSON.stringify(response.contentType)}, not JSON ("All bodies are JSON")`,
    });
  if (response.json === undefined && !response.truncated) {
    if (call.operation !== "addProjectUser" || response.text !== "")
      out.push({ field: "body", entries: [], message: `the body is not JSON: ${JSON.stringify(response.text.slice(0, 80))}` });
    return out;
  }
  if (!("body" in answer)) return out;
  const got = response.json as unknown;
  if (!response.truncated) out.push(...schemaMismatches(call.operation, got));
  const expected = answer.body;
  switch (call.operation) {
    case "createProject":
    case "getProject": {
      const fresh = call.operation === "createProject" ? "created" : world.pendingUpdate(call.project);
      const project = world.model.projects.get(idOf(got) ?? -1) ?? executed.trial.projects.get(idOf(got) ?? -1);
      const creator = project && executed.trial.users.get(project.creator);
      out.push(
        ...compareProject(got as Json, expected as Json, {
          ...(fresh && { fresh }),
          at,
          ...(creator && { creator }),
          ...(fresh !== undefined && fresh !== "created" && project && { before: world.lastModified.get(project.id) ?? project.created }),
        }),
      );
      break;
    }
    case "addProjectUser":
      // The body is not shown by the interface; the description assumes the added user.
      if (JSON.stringify(got) !== JSON.stringify(expected))
        out.push({
          field: "body",
          entries: ["add-user-response"],
          message: `the body is ${JSON.stringify(got)?.slice(0, 200)}, the description's is the added user`,
        });
      break;
    case "listProjectUsers":
      out.push(...compareList(got, expected, "user"));
      break;
    case "listProjects":
      break; // a page of a list the model knows only part of: see Scenario.readList
    case "getOrganization": {
      const updated = world.organizationBefore !== undefined;
      out.push(
        ...compareOrganization(got as Json, expected as Json, { updated, at, ...(updated && { before: world.organizationBefore }) }),
      );
      break;
    }
    case "getGroup":
      out.push(...compareRecord(got as Json, expected as Json));
      break;
    default:
      out.push(...compareList(got, expected, "item"));
  }
  return out;
}

/** Two lists of records as multisets by id, each record compared whole. */
function compareList(got: unknown, expected: unknown, what: string): Mismatch[] {
  if (!Array.isArray(got)) return [{ field: "body", entries: [], message: `not a JSON array: ${JSON.stringify(got)?.slice(0, 120)}` }];
  const want = expected as Json[];
  const out: Mismatch[] = [];
  const ids = (list: Json[]) => list.map((r) => r?.id).sort((a, b) => Number(a) - Number(b));
  if (JSON.stringify(ids(got)) !== JSON.stringify(ids(want)))
    out.push({
      field: "ids",
      entries: [],
      message: `the ${what}s listed are ${JSON.stringify(ids(got))}, the model's ${JSON.stringify(ids(want))}`,
    });
  for (const record of want) {
    const found = (got as Json[]).find((g) => g?.id === record.id);
    if (found) out.push(...compareRecord(found, record).map((m) => ({ ...m, message: `${what} ${String(record.id)}: ${m.message}` })));
  }
  return out;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
