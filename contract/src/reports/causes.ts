// Root causes: failures that one thing explains, so a person reads the cause once instead of each of
// its failures. One kind for now, the commonest: every request to one operation of the description got
// the same error status — with the valid key too — so each check about that operation fails for the
// same reason ("every request to GET /v1/projects/{project_id}/files.json answered 404 — is the path or
// the base URL right?"). Found in the exchanges of the run, not in the checks' messages.
import { statusHint } from "./hints.js";
import { basicAuthorization } from "../transport/http.js";
import { operationOf } from "../description/description.js";
import type { CheckResult } from "../runner/result.js";
import type { RunResult } from "./run-result.js";

export interface RootCause {
  operation: string;
  /** "GET /v1/projects/{project_id}/files.json" */
  request: string;
  status: number;
  /** Requests sent to the operation. */
  requests: number;
  /** One sentence: what was seen and what it likely means. */
  text: string;
  /** The failed checks it explains (ids). */
  explains: string[];
}

/** At least this many requests, all answered alike, to call it a cause. */
const MIN_REQUESTS = 3;

const hint = (status: number) => {
  const text = statusHint(status, "operation");
  return text && ` — ${text}`;
};

/** The root causes among `failed` (the failures the caller shows), from the run's exchanges. */
export function rootCauses(run: RunResult, failed: CheckResult[]): RootCause[] {
  const validKeys = new Set([run.target.apiKey, run.target.otherApiKey].filter((k): k is string => !!k).map(basicAuthorization));
  const byOperation = new Map<string, { request: string; statuses: Set<number>; requests: number; withValidKey: boolean }>();
  for (const exchange of run.exchanges) {
    const op = operationOf(exchange.method, exchange.url, run.target.baseUrl);
    if (!op) continue;
    const seen = byOperation.get(op.operationId) ?? {
      request: `${op.method.toUpperCase()} ${op.path}`,
      statuses: new Set(),
      requests: 0,
      withValidKey: false,
    };
    seen.statuses.add(exchange.status);
    seen.requests++;
    seen.withValidKey ||= validKeys.has(exchange.requestHeaders.authorization ?? "");
    byOperation.set(op.operationId, seen);
  }
  const causes: RootCause[] = [];
  for (const [operation, seen] of byOperation) {
    const [status] = seen.statuses;
    if (seen.statuses.size !== 1 || status === undefined || status < 400 || status === 429 || status === 503) continue;
    if (seen.requests < MIN_REQUESTS || !seen.withValidKey) continue;
    const explains = failed.filter((r) => r.operation === operation).map((r) => r.id);
    if (explains.length === 0) continue;
    causes.push({
      operation,
      request: seen.request,
      status,
      requests: seen.requests,
      text: `every request to ${seen.request} answered ${status} (${seen.requests} requests, with the valid key too)${hint(status)}`,
      explains,
    });
  }
  return causes;
}
