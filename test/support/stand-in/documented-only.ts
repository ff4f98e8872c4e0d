// A server that follows only the service's documented facts, built from the reference sandbox: where
// the description makes a choice the documentation leaves open, this server makes another plausible one.
//   - Error bodies are not problem objects: a 401 has an empty body and no challenge header; a 404 is
//     {"error":"Not found"}; other errors {"message": …} or {"error": …} (JSON: "All bodies are JSON").
//   - A malformed id (not a positive integer) is answered 404, not 400.
//   - `limit` has no maximum: limit=150 answers up to 150 items.
// Every answer that is a documented fact (statuses 200/201/204/401/403/404, bodies of successes,
// pagination, the credential) is the sandbox's own.
import { walkPages } from "../pages.js";

export type Handler = (request: Request) => Promise<Response>;

const ID_SEGMENT = /^\/(?:v1\/)?(?:projects|copy|groups)\/([^/]+?)(?:\.json|\/|$)|\/users\/([^/]+?)\.json$/g;
const SANDBOX_MAX_LIMIT = 100; // the full description's maximum, which the sandbox enforces

function malformedId(pathname: string): boolean {
  for (const match of pathname.matchAll(ID_SEGMENT)) {
    const id = match[1] ?? match[2];
    if (id !== undefined && !/^[1-9][0-9]{0,15}$/.test(id)) return true;
  }
  return false;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Error answers in shapes other than problem+json, chosen by status. */
async function reshapeError(response: Response): Promise<Response> {
  const problem = (await response.json().catch(() => ({}))) as { detail?: string; title?: string };
  const what = problem.detail ?? problem.title ?? "Error";
  switch (response.status) {
    case 401:
      return new Response(null, { status: 401 });
    case 404:
      return json(404, { error: "Not found" });
    case 403:
      return json(403, { message: what });
    case 400:
      return json(400, { message: `Bad request: ${what}` });
    default:
      return json(response.status, { error: what });
  }
}

/** Asks the sandbox page by page (it stops at 100) and joins the pages up to `limit`. */
async function unboundedPage(handler: Handler, request: Request, url: URL, limit: number): Promise<Response> {
  let failed: Response | undefined;
  const items = await walkPages(
    async (offset, pageLimit) => {
      const pageUrl = new URL(url);
      pageUrl.searchParams.set("offset", String(offset));
      pageUrl.searchParams.set("limit", String(pageLimit));
      const page = await handler(new Request(pageUrl, { headers: request.headers }));
      if (page.status !== 200) failed = page;
      return failed ? undefined : ((await page.json()) as unknown[]);
    },
    { pageSize: SANDBOX_MAX_LIMIT, from: Number(url.searchParams.get("offset") ?? "0"), most: limit },
  );
  return failed ?? json(200, items);
}

export function documentedOnly(sandbox: Handler): Handler {
  return async (request) => {
    const url = new URL(request.url);
    if (malformedId(url.pathname)) {
      // The credential still comes first, as on any server.
      const probe = await sandbox(new Request(new URL("/groups.json", url), { headers: request.headers }));
      return reshapeError(probe.status === 401 ? probe : new Response(null, { status: 404 }));
    }
    const limit = Number(url.searchParams.get("limit"));
    const response =
      request.method === "GET" &&
      Number.isInteger(limit) &&
      limit > SANDBOX_MAX_LIMIT &&
      /^\d+$/.test(url.searchParams.get("offset") ?? "0")
        ? await unboundedPage(sandbox, request, url, limit)
        : await sandbox(request);
    return response.status >= 400 ? reshapeError(response) : response;
  };
}
