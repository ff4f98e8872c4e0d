// Turns one differ diff (a JSON path into the compared documents, an action, the values before and
// after) into what a consumer reads in the changelog: the operation it concerns and one line saying
// where and what. The differ's own descriptions are not used: for a schema reached through several
// operations it repeats them with placeholder text ("annotation (6)").

import { isHttpMethod } from "../lib/openapi.mjs";

/** "GET /projects.json" for a diff inside an operation; the path for path-level ones; otherwise
 *  "components" or "document". */
export function operationOf(path, diff) {
  if (path[0] === "paths") {
    if (path.length === 1) return String(diff.before ?? diff.after); // a renamed path: the old template
    if (path.length >= 3 && isHttpMethod(path[2])) return `${String(path[2]).toUpperCase()} ${path[1]}`;
    return String(path[1]);
  }
  if (path[0] === "webhooks") return `webhook ${path[1]}`;
  return path[0] === "components" ? "components" : "document";
}

/** A value in backticks, cut short: the changelog names values, it does not quote paragraphs. */
function show(value) {
  if (value === undefined) return "nothing";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `\`${text.length > 60 ? `${text.slice(0, 57)}…` : text}\``;
}
/** Prose keywords: their old and new text belongs in the diff of the description, not the changelog. */
const PROSE = new Set(["description", "summary", "title"]);
const changedFromTo = (diff) =>
  PROSE.has(String(diff.path.at(-1))) ? "changed" : `changed from ${show(diff.before)} to ${show(diff.after)}`;

/** `[].owner.name` from the part of a path below a schema; the rest is the keyword that changed. */
function schemaLocation(rest) {
  let field = "";
  let i = 0;
  for (; i < rest.length; i++) {
    const key = rest[i];
    if (key === "properties" && i + 1 < rest.length) field += `.${rest[++i]}`;
    else if (key === "items") field += "[]";
    else if ((key === "allOf" || key === "oneOf" || key === "anyOf") && typeof rest[i + 1] === "number")
      i++; // a branch: same value
    else break;
  }
  return { field: field.replace(/^\./, ""), keyword: rest.slice(i) };
}

/** "response 200 (application/json)", "request body", "query parameter `limit`"… and what below it. */
function locate(path, merged, renamed) {
  const at = path.slice(3);
  if (at[0] === "responses") {
    const status = at[1];
    if (at.length <= 2) return { where: `response ${status}`, rest: [] };
    const schemaAt = at.indexOf("schema");
    if (at[2] === "content" && schemaAt === 4) return { where: `response ${status} body`, schema: at.slice(5) };
    return { where: `response ${status}`, rest: at.slice(2) };
  }
  if (at[0] === "requestBody") {
    const schemaAt = at.indexOf("schema");
    if (at[1] === "content" && schemaAt === 3) return { where: "request body", schema: at.slice(4) };
    return { where: "request body", rest: at.slice(1) };
  }
  if (at[0] === "parameters" && typeof at[1] === "number") {
    // The merged document holds both versions' parameters, under the path's new name if it was renamed.
    const parameter = merged?.paths?.[renamed.get(path[1]) ?? path[1]]?.[path[2]]?.parameters?.[at[1]];
    const name = parameter ? `${parameter.in} parameter \`${parameter.name}\`` : `parameter ${at[1]}`;
    return at[2] === "schema" ? { where: name, schema: at.slice(3) } : { where: name, rest: at.slice(2) };
  }
  return { where: "", rest: at };
}

const VERB = { add: "added", remove: "removed", replace: "changed", rename: "renamed" };

/** One line: where, what, and the values involved. `renamed`: old path template → new one. */
export function describeChange(diff, merged, renamed = new Map()) {
  const { path, action } = diff;
  const verb = VERB[action] ?? action;
  if (path[0] === "paths" && path.length === 1) return `path renamed to \`${diff.after}\``;
  if (path[0] === "paths" && path.length === 3 && isHttpMethod(path[2])) return `operation ${verb}`;
  if (path[0] === "paths" && path.length === 2) return `path ${verb}`;
  if (path[0] !== "paths") {
    const subject = path.map(String).join(".");
    return action === "replace" ? `\`${subject}\` ${changedFromTo(diff)}` : `\`${subject}\` ${verb}`;
  }
  if (path.length === 4) {
    return action === "replace" ? `${path[3]} ${changedFromTo(diff)}` : `${path[3]} ${verb}`;
  }
  const { where, schema, rest } = locate(path, merged, renamed);
  if (!schema) {
    const what = (rest ?? []).map(String).join(".");
    const prefix = where ? `${where}${what ? ": " : ""}` : "";
    if (!what) return `${where} ${verb}`;
    if (what === "required") return `${prefix}${diff.after === true ? "now required" : "no longer required"}`;
    return action === "replace" ? `${prefix}${what} ${changedFromTo(diff)}` : `${prefix}${what} ${verb}`;
  }
  const { field, keyword } = schemaLocation(schema);
  const subject = field ? ` \`${field}\`` : "";
  const [key, index] = keyword;
  if (key === undefined) return `${where}: ${field ? `property${subject}` : "schema"} ${verb}`;
  if (key === "required" && index !== undefined) {
    const name = diff.before ?? diff.after;
    const property = field ? `\`${field}.${name}\`` : `\`${name}\``;
    return action === "remove" ? `${where}: ${property} no longer required` : `${where}: ${property} now required`;
  }
  if (key === "enum" && index !== undefined) {
    return `${where}:${subject} enum value ${show(diff.before ?? diff.after)} ${verb}`;
  }
  const keywordText = keyword.map(String).join(".");
  if (action === "replace") return `${where}:${subject} ${keywordText} ${changedFromTo(diff)}`;
  const value = diff.after ?? diff.before;
  const scalar = value !== null && typeof value !== "object";
  const valueText = scalar && !PROSE.has(keywordText) ? ` ${show(value)}` : "";
  return `${where}:${subject} ${keywordText}${valueText} ${verb}`;
}
