// A successful answer's body against the operation's success schema, as the model judges every answer
// it allows: fields the model cannot predict (thumbnail links, the server's own values) still have the
// form the description gives them. Where the documented-only description rejects the body too, a
// failure rests on the interface; otherwise on the assumptions that constrain the failing keyword.
import {
  assumedSchemaFailures,
  constrainingEntries,
  documentedBundle,
  type Json,
  operations,
  schemaFailures,
  successResponse,
} from "../description/description.js";
import type { Mismatch } from "./compare.js";

/** The most schema failures reported of one body: the first few say what is wrong. */
const REPORTED = 3;

/** Each operation's success schema in both descriptions, looked up once. */
let schemas: Map<string, { full: Json; documented: Json }> | undefined;
function schemasOf(operationId: string): { full: Json; documented: Json } | undefined {
  if (!schemas) {
    const documented = new Map(operations(documentedBundle).map((op) => [op.operationId, successResponse(op, documentedBundle).schema]));
    schemas = new Map(
      operations().flatMap((op) => {
        const full = successResponse(op).schema;
        const relaxed = documented.get(op.operationId);
        return full === undefined || relaxed === undefined ? [] : [[op.operationId, { full, documented: relaxed }]];
      }),
    );
  }
  return schemas.get(operationId);
}

const failureKey = (failure: { instancePath: string; keyword: string }) => `${failure.instancePath} ${failure.keyword}`;

export function schemaMismatches(operationId: string, body: unknown): Mismatch[] {
  const schema = schemasOf(operationId);
  if (!schema) return [];
  // The usual answer passes the full description: only a failing one is validated a second time.
  const failures = assumedSchemaFailures(schema.full, body).slice(0, REPORTED);
  if (failures.length === 0) return [];
  const stated = new Set(schemaFailures(schema.documented, body, documentedBundle).map(failureKey));
  return failures.map((failure) => ({
    field: failure.instancePath || "body",
    entries: stated.has(failureKey(failure)) ? [] : failure.entries.length > 0 ? failure.entries : constrainingEntries(schema.full),
    message: `the body at ${failure.instancePath || "/"} ${failure.message} (the description's ${operationId} response)`,
  }));
}
