// Which operation produced a response ("GET /projects/{project_id}.json"), for error messages.
// openapi-fetch tells middleware the schema path; a Response does not carry it, so remember it here.
import type { Middleware } from "openapi-fetch";

const operations = new WeakMap<Response, string>();

/** Client middleware: notes the method and schema path of every response. */
export const recordOperation: Middleware = {
  onResponse({ request, schemaPath, response }) {
    operations.set(response, `${request.method} ${schemaPath}`);
  },
};

/** The operation of a response, or its URL path when it came from another client. */
export function operationOf(response: Response): string {
  const known = operations.get(response);
  if (known) return known;
  try {
    return new URL(response.url).pathname;
  } catch {
    return "unknown operation";
  }
}
