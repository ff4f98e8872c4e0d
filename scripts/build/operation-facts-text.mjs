// What an operation says of itself (the toolkit's operationFacts: x-who-may-call, x-status-causes,
// x-id-sources) as plain text, for the readers that take no Markdown links: the MCP tool descriptions
// (mcp-tools.mjs) and `pcs <command> --help` (cli-commands.mjs). Each rule and cause says what it rests
// on: the service's documentation, or the description's assumption entries, by id (the reference's
// Assumptions appendix explains each). factLines, the lines themselves, is shared with the reference and
// its Markdown, which label and link them their own way.
import { bodyChoice, choiceSentence, ID_SOURCES, operationFacts, requestBodySchema } from "../lib/openapi.mjs";

/**
 * The one wording of an operation's facts (the toolkit's operationFacts), as lines; each renderer — the
 * reference (openapi/plugins/operation-facts.js), its Markdown (build-markdown.mjs) and the plain text
 * below — gives its own words through these hooks:
 *   text(s)                  free text as the renderer writes it (trimmed, a table cell, one line)
 *   code(s)                  a status or an id's name (`…` in Markdown; as it is by default)
 *   basis(stated, entries)   what a rule or a cause rests on: the service's words, or assumption entries
 *   giver(operationId)       an operation that returns an id (a link, a command)
 *   returnedBy, bullet       the words before the givers ("Returned by"), and before each line ("")
 * Returns { who, ids, statuses }: "<rule> <basis>", "<name> (<in>): <text> Returned by <givers>." and
 * "<status>: <cause> <basis of its assumed status and cause>", one line each.
 */
export function factLines(facts, { text, code = (s) => s, basis, giver, returnedBy = "Returned by", bullet = "" }) {
  return {
    who: facts.whoMayCall.map((rule) => `${bullet}${text(rule.rule)} ${basis(rule.stated, rule.assumptions)}`),
    ids: facts.ids.map((id) => `${bullet}${code(id.name)} (${id.in}): ${text(id.text)} ${returnedBy} ${id.from.map(giver).join(", ")}.`),
    statuses: facts.statuses.map(
      ({ status, cause, allAssumptions }) =>
        `${bullet}${code(status)}: ${text(cause)}${allAssumptions.length ? ` ${basis(undefined, allAssumptions)}` : ""}`,
    ),
  };
}

/** One line: descriptions wrap in YAML, a terminal and a tool list want them whole. */
const line = (text) =>
  String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();
/** "(assumption: a, b)" or "(the service's documentation)". */
const basis = (stated, entries) => (stated ? "(the service's documentation)" : `(assumption: ${entries.join(", ")})`);

/**
 * The facts of one operation (an item of the toolkit's operations()) as lines, the operations that
 * return an id named by `nameOf` (an operationId by default; `pcs` names its commands):
 *   who       one line per rule, with what it rests on
 *   ids       "<name> (<in>): <text> From <operationIds>." per id ([] when it takes none; undefined
 *             when the operation does not say)
 *   statuses  "<status>: <cause>" per declared status with a cause, assumed causes and statuses labelled
 *   choice    "Exactly one of `user` or `email`: By user id (user); By email address (email)." or undefined
 */
export function factsText(document, op, { nameOf = (operationId) => operationId } = {}) {
  const lines = factLines(operationFacts(document, op), { text: line, basis, giver: nameOf, returnedBy: "From" });
  const choice = bodyChoice(document, requestBodySchema(document, op.operation));
  return {
    who: lines.who,
    ids: op.operation[ID_SOURCES] ? lines.ids : undefined,
    statuses: lines.statuses,
    choice: choice
      ? `${choiceSentence(choice, { capital: true })}: ${choice.map((a) => `${a.title ?? "a shape"} (${a.required.join(", ")})`).join("; ")}.`
      : undefined,
  };
}

/** The facts (factsText's) as one compact paragraph per part, for an MCP tool's description (a part the
 * operation does not give is left out; the lint pcs-operation-facts requires all three of the description's). */
export function factsParagraphs(text) {
  return [
    ...(text.who.length ? [`Who may call it: ${text.who.join(" ")}`] : []),
    ...(text.ids ? [`Ids it takes: ${text.ids.length ? text.ids.join(" ") : "none."}`] : []),
    ...(text.statuses.length ? [`Statuses: ${text.statuses.join(" | ")}`] : []),
  ];
}
