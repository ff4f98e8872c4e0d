// What went wrong, in one line: the service's problem, a timeout (which limit, which URL), a network
// failure (the URL and its cause: ECONNREFUSED, ENOTFOUND, a certificate error…), a body too large.
// The caller redacts the line and makes it safe for a terminal.
import { networkFailureReason } from "@project-collaboration/api/network-failure";

export interface Limits {
  /** Per attempt, ms. */
  timeoutMs: number;
  /** Per call of a retried method, every attempt and wait included, ms. */
  maxElapsedMs: number;
}

/** The request a failure is about, as the transport saw it last. */
export interface Attempted {
  method: string;
  url: string;
  /** How many times it was sent. */
  attempts: number;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;

/** The service's answer to a failed request: "404 Not Found: No project with id 9." */
export function problemLine(status: number, problem: unknown): string {
  const { title, detail } = (problem && typeof problem === "object" ? problem : {}) as { title?: unknown; detail?: unknown };
  const said = [title, detail].filter((text) => typeof text === "string" && text !== "").join(": ");
  return `${status}${said ? ` ${said}` : ""}`;
}

/** A thrown error as one line, without the leading "pcs: <command>: ". */
export function failureLine(error: unknown, attempted: Attempted | undefined, limits: Limits): string {
  const request = attempted ? `${attempted.method} ${attempted.url}` : "the request";
  if ((error as { name?: unknown })?.name === "TimeoutError") {
    const retried = attempted && attempted.attempts > 1;
    return `${request} timed out: no complete answer within ${seconds(limits.timeoutMs)}${
      retried
        ? ` per attempt, ${attempted.attempts} attempts in at most ${seconds(limits.maxElapsedMs)} (the client's limits)`
        : " (the client's limit per attempt)"
    }`;
  }
  const unreachable = networkFailureReason(error);
  if (unreachable)
    return `cannot reach ${attempted?.url ?? "the server"}: ${unreachable}${attempted && attempted.attempts > 1 ? ` (${attempted.attempts} attempts)` : ""}`;
  if ((error as { name?: unknown })?.name === "ResponseTooLargeError") return `${request}: ${(error as Error).message}`;
  const message = error instanceof Error ? error.message : String(error);
  return `${error instanceof Error && error.name !== "Error" ? `${error.name}: ` : ""}${message.split("\n")[0]}`;
}
