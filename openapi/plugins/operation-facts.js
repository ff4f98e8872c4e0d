// What each operation says of itself (x-who-may-call, x-status-causes, x-id-sources; read through the
// toolkit's operationFacts), rendered into the reference where a reader of the operation looks:
// - "Who may call it", "Where its ids come from" and "What each status means here" at the end of the
//   operation's description, each rule labelled with the service's own words or a link to its
//   assumption in the appendix, each id with links to the operations that return it;
// - each status's cause for this operation as that response's description: the shared response is
//   copied into the operation (Redoc shows a response's description, not a reference's siblings), its
//   `x-assumption` marker with it, so the reader's markers (reader.js) label an assumed status;
// - links to the operation's Markdown twin (docs/reference/<operationId>.md) and to llms.txt.
// The three extensions (and the shared `x-status-cause` and `x-id-source`) are then removed from the
// rendered description: they are shown, and a marker left inside them would only collect labels nobody
// sees. Run by reader.js before its markers.
import { factLines } from "../../scripts/build/operation-facts-text.mjs";
import {
  ID_SOURCE,
  ID_SOURCES,
  operationFacts,
  operations,
  resolveRef,
  STATUS_CAUSE,
  STATUS_CAUSES,
  WHO_MAY_CALL,
} from "../../scripts/lib/openapi.mjs";

/** The route Redoc gives an operation: `#/<slug of its first tag>/<operationid in lower case>`. */
export const operationRoute = (slug, operation) => `#/${slug(operation.tags?.[0] ?? "")}/${String(operation.operationId).toLowerCase()}`;

/** The links to an operation's Markdown twin and to llms.txt. Raw HTML, so that Redoc's router leaves
 * them to the browser (they are files beside the page, not routes of it). */
export const markdownLinks = (operationId) =>
  `<p class="pcs-markdown-links">As Markdown, for assistants and tools: <a href="reference/${operationId}.md">this operation</a> · <a href="./llms.txt">llms.txt</a> (every operation) · <a href="llms-full.txt">the whole reference</a></p>`;

/**
 * Renders every operation's facts into `document` (the bundle being decorated for the page).
 * `label(entries)` is the reader's link text for assumption entries; `slug` its route slug.
 */
export function renderOperationFacts(document, { label, slug }) {
  const all = operations(document);
  const byId = new Map(all.map((op) => [op.operationId, op.operation]));
  for (const op of all) {
    const o = op.operation;
    const facts = operationFacts(document, op);
    const lines = factLines(facts, {
      text: (text) => String(text).trim(),
      code: (text) => `\`${text}\``,
      basis: (stated, entries) => (stated ? `*(The service's documentation: "${stated.trim()}")*` : label(entries)),
      giver: (from) => `[${byId.get(from)?.summary ?? from}](${operationRoute(slug, byId.get(from) ?? { operationId: from })})`,
      bullet: "- ",
    });
    const who = lines.who;
    const ids = lines.ids.length ? lines.ids : ["It takes no id."];
    // Each status at a glance (Redoc shows one response's description at a time, in its tab).
    const statuses = lines.statuses;
    // A part the operation does not give is left out (the lint, pcs-operation-facts, requires all three).
    const sections = [
      ...(who.length ? ["**Who may call it**", who.join("\n")] : []),
      ...(o[ID_SOURCES] ? ["**Where its ids come from**", ids.join("\n")] : []),
      ...(statuses.length ? ["**What each status means here**", statuses.join("\n")] : []),
      markdownLinks(o.operationId),
    ];
    o.description = [String(o.description ?? "").trimEnd(), ...sections].filter(Boolean).join("\n\n");

    for (const { status, cause, assumptions } of facts.statuses) {
      const { [STATUS_CAUSE]: _shown, ...shared } = structuredClone(resolveRef(document, o.responses[status]));
      o.responses[status] = {
        ...shared,
        description: `${cause.trim()}${assumptions.length ? `\n\n${label(assumptions)}` : ""}`,
      };
    }
    delete o[WHO_MAY_CALL];
    delete o[STATUS_CAUSES];
    delete o[ID_SOURCES];
  }
  // The shared responses' default causes and parameters' id sources are shown where they apply.
  for (const response of Object.values(document.components?.responses ?? {})) delete response[STATUS_CAUSE];
  for (const parameter of Object.values(document.components?.parameters ?? {})) delete parameter[ID_SOURCE];
}
