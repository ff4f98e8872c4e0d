// What an operation says of itself (the toolkit's operationFacts: x-who-may-call, x-status-causes,
// x-id-sources) as plain text, for the readers that take no Markdown links: the MCP tool descriptions
// (mcp-tools.mjs) and `pcs <command> --help` (cli-commands.mjs). Each rule and cause says what it rests
// on: the service's documentation, or the description's assumption entries, by id (the reference's
// Assumptions appendix explains each).
import { bodyChoice, choiceSentence, ID_SOURCES, operationFacts, requestBodySchema } from "../lib/openapi.mjs";

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
  const facts = operationFacts(document, op);
  const choice = bodyChoice(document, requestBodySchema(document, op.operation));
  return {
    who: facts.whoMayCall.map((rule) => `${line(rule.rule)} ${basis(rule.stated, rule.assumptions)}`),
    ids: op.operation[ID_SOURCES]
      ? facts.ids.map((id) => `${id.name} (${id.in}): ${line(id.text)} From ${id.from.map(nameOf).join(", ")}.`)
      : undefined,
    statuses: facts.statuses
      .filter((fact) => typeof fact.cause === "string")
      .map(({ status, cause, assumptions, statusAssumptions }) => {
        const entries = [...new Set([...statusAssumptions, ...assumptions])];
        return `${status}: ${line(cause)}${entries.length ? ` ${basis(false, entries)}` : ""}`;
      }),
    choice: choice
      ? `${choiceSentence(choice).replace(/^e/, "E")}: ${choice.map((a) => `${a.title ?? "a shape"} (${a.required.join(", ")})`).join("; ")}.`
      : undefined,
  };
}

/** The facts as one compact paragraph per part, for an MCP tool's description (a part the operation
 * does not give is left out; the lint pcs-operation-facts requires all three of the description's). */
export function factsParagraphs(document, op) {
  const text = factsText(document, op);
  return [
    ...(text.who.length ? [`Who may call it: ${text.who.join(" ")}`] : []),
    ...(text.ids ? [`Ids it takes: ${text.ids.length ? text.ids.join(" ") : "none."}`] : []),
    ...(text.statuses.length ? [`Statuses: ${text.statuses.join(" | ")}`] : []),
  ];
}
