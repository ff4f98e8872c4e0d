// What a person must know before reading any failure: the run was cut short, or it was shallow — most
// requests answered 404 (a base URL or prefix the server serves differently), nearly all answered 401
// (the key), requests that did not finish in time. Each warning names what was seen and its likely cause.
import type { RunResult } from "./run-result.js";
import { statusHint } from "./hints.js";
import { REACHED_MAX_TIME } from "../transport/transport.js";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A share of the requests that says the run checked little, from this many requests on. */
const MIN_REQUESTS = 20;

export function warnings(run: RunResult): string[] {
  const lines: string[] = [];
  const notEnded = run.results.filter((r) => r.status === "not checked" && r.reason === REACHED_MAX_TIME);
  if (run.endedBy === "max-time")
    lines.push(
      `The run was stopped by --max-time (${run.limits.maxTimeMs / 1000} s): ${notEnded.length} checks did not end and are not checked. Give it more time (--max-time) or fewer checks (--only).`,
    );
  const total = run.exchanges.length;
  const share = (status: number) => run.exchanges.filter((e) => e.status === status).length;
  if (total >= MIN_REQUESTS) {
    const notFound = share(404);
    if (notFound / total >= 0.5)
      lines.push(
        `Most requests were answered 404 (${notFound} of ${total}): the run checked little. ${capitalized(statusHint(404, "run"))}.`,
      );
    const refused = share(401);
    if (refused / total >= 0.9)
      lines.push(`Nearly every request was answered 401 (${refused} of ${total}): is PCS_API_KEY the key of this server?`);
  }
  if (run.timedOut > 0)
    lines.push(
      `${run.timedOut} request${run.timedOut > 1 ? "s" : ""} did not finish within --timeout (${run.limits.timeoutMs / 1000} s): the checks that made them are not checked.`,
    );
  return lines.map((line) => `⚠ ${line}`);
}
