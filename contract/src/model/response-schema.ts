// A successful answer's body against the operation's success schema, as the model judges every answer
// it allows: fields the model cannot predict (thumbnail links, the server's own values) still have the
// form the description gives them. Where the documented-only description accepts the body, a failure
// rests on the assumptions that constrain the failing keyword; where it too rejects it, on the interface.
import {
  documentedBundle,
  type Json,
  markersUnder,
  operations,
  type Operation,
  schemaFailures,
  successResponse,
  constrainingEntries,
} from "../description/description.js";
import type { Mismatch } from "./compare.js";

/** The most schema failures reported of one body: the first few say what is wrong. */
const REPORTED = 3;

const byOperationId = (document?: Json) => new Map(operations(document).map((op): [string, Operation] => [op.operationId, op]));
let indexes: { full: Map<string, Operation>; documented: Map<string, Operation> } | undefined;

export function schemaMismatches(operationId: string, body: unknown): Mismatch[] {
  indexes ??= { full: byOperationId(), documented: byOperationId(documentedBundle) };
  const full = indexes.full.get(operationId);
  const documented = indexes.documented.get(operationId);
  if (!full || !documented) return [];
  const fullSchema = successResponse(full).schema;
  const documentedSchema = successResponse(documented, documentedBundle).schema;
  if (fullSchema === undefined || documentedSchema === undefined) return [];
  const stated = new Set(schemaFailures(documentedSchema, body, documentedBundle).map((e) => `${e.instancePath} ${e.keyword}`));
  const markers = markersUnder(fullSchema);
  return schemaFailures(fullSchema, body)
    .slice(0, REPORTED)
    .map((error) => {
      const onKeyword = [...new Set(markers.filter((m) => m.keyword === error.keyword).map((m) => m.entry))];
      const entries = stated.has(`${error.instancePath} ${error.keyword}`)
        ? []
        : onKeyword.length > 0
          ? onKeyword
          : constrainingEntries(fullSchema);
      return {
        field: error.instancePath || "body",
        entries,
        message: `the body at ${error.instancePath || "/"} ${error.message} (the description's ${operationId} response)`,
      };
    });
}
