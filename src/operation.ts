// What an ApiError needs to know about a response that the Response itself does not carry: the
// operation that produced it ("GET /projects/{project_id}.json": openapi-fetch tells middleware the
// schema path) and how to scrub the client's credential out of its body.
import type { Middleware } from "openapi-fetch";
import type { Redactor } from "./redact.js";

export interface ResponseOrigin {
  operation: string;
  redact: Redactor;
}

const origins = new WeakMap<Response, ResponseOrigin>();

/** Client middleware: notes the method, schema path and redactor of every response. */
export function recordOrigin(redact: Redactor): Middleware {
  return {
    onResponse({ request, schemaPath, response }) {
      origins.set(response, { operation: `${request.method} ${schemaPath}`, redact });
    },
  };
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
