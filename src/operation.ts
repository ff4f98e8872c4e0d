// What an ApiError needs to know about a response that the Response itself does not carry: the
// operation that produced it ("GET /projects/{project_id}.json") and how to scrub the client's
// credential out of its body.
import type { Redactor } from "./redact.js";

export interface ResponseOrigin {
  operation: string;
  redact: Redactor;
}

const origins = new WeakMap<Response, ResponseOrigin>();

/** Remembers which operation produced a (failed) response, for the ApiError made from it. */
export function recordOrigin(response: Response, origin: ResponseOrigin): void {
  origins.set(response, origin);
}

/** The origin of a response; for one from a client this package did not create, its URL path. */
export function originOf(response: Response): ResponseOrigin {
  return origins.get(response) ?? { operation: urlPath(response.url), redact: (text) => text };
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "unknown operation";
  }
}
