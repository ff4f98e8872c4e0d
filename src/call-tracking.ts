// What the client knows of each call and of each response it handed out: the one per-response side
// channel (the timer guarding an unread body; a failed response's operation and how to scrub it) and
// the wrapper of the client's methods that keeps it (withErrorPath).
import type { Redactor } from "./redaction.js";
import { HTTP_METHODS, type HttpMethod } from "./methods.js";
import { callNoting } from "./caller-signal.js";

// The one per-response side channel: what the client knows of a response it handed out that the
// Response does not carry. While its body is unread, the attempt's timer guarding it; once the call
// has failed, the operation that produced it and how to scrub this client's credential, for the
// ApiError made from it.
interface ResponseRecord {
  releaseBody?: () => void;
  operation?: string;
  redact?: Redactor;
}

const records = new WeakMap<Response, ResponseRecord>();

/** Keeps `release` (the attempt's timer) until the call that reads the body of `response` is done. */
export function guardUntilRead(response: Response, release: () => void): void {
  records.set(response, { releaseBody: release });
}

/** The origin of a response; for one from a client this package did not create, its URL path. */
export function originOf(response: Response): Required<Omit<ResponseRecord, "releaseBody">> {
  const { operation = urlPath(response.url), redact = (text: string) => text } = records.get(response) ?? {};
  return { operation, redact };
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "unknown operation";
  }
}

type Init = { parseAs?: string; signal?: AbortSignal | null } | undefined;
type Result = { response: Response };
type Call = (path: string, init?: Init) => Promise<Result>;
type Request = (method: string, path: string, init?: Init) => Promise<Result>;

/**
 * Wraps the client's call methods. Once a call is done: the timer guarding a body it has read stops;
 * a failed response remembers its operation; what the call threw is scrubbed of the credential. A
 * wrapper rather than openapi-fetch middleware, which runs before the body is read (a parse error
 * would pass it by) and adds bookkeeping to every request.
 */
export function withErrorPath<C extends Record<HttpMethod | "request", unknown>>(client: C, redact: Redactor): C {
  const finish = async (method: string, path: string, init: Init, pending: Promise<Result>): Promise<Result> => {
    let result: Result;
    try {
      result = await pending;
    } catch (error) {
      throw scrubbed(error, `${method.toUpperCase()} ${path}`, redact);
    }
    const { response } = result;
    // A streamed body is read by the caller after the call returns, so its timer keeps guarding it;
    // a failure's body is read by openapi-fetch whatever parseAs says.
    if (init?.parseAs !== "stream" || !response.ok) records.get(response)?.releaseBody?.();
    if (!response.ok) records.set(response, { operation: `${method.toUpperCase()} ${path}`, redact });
    return result;
  };
  for (const method of HTTP_METHODS) {
    const call = client[method] as Call;
    (client as Record<string, Call>)[method] = (path, init) =>
      finish(
        method,
        path,
        init,
        callNoting(Boolean(init?.signal), () => call(path, init)),
      );
  }
  // client.request("get", path, init): the same calls by another door.
  const request = client.request as Request;
  (client as Record<string, Request>).request = (method, path, init) =>
    finish(
      method,
      path,
      init,
      callNoting(Boolean(init?.signal), () => request(method, path, init)),
    );
  return client;
}

/** What a call threw, without the credential. A JSON parse error quotes the body, so a key at the start
 * of a 2xx body would leak in part: it is replaced by one that quotes nothing. */
function scrubbed(error: unknown, operation: string, redact: Redactor): unknown {
  if (error instanceof SyntaxError) return new SyntaxError(`${operation}: the response body is not valid JSON`);
  // The error and its causes (a network error's cause, say), each once.
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    for (const key of ["message", "stack"] as const) {
      const text = current[key];
      if (typeof text === "string" && redact(text) !== text) {
        Object.defineProperty(current, key, { value: redact(text), writable: true, configurable: true, enumerable: false });
      }
    }
  }
  return error;
}
