// What a status most likely says, as the question a person should ask next: one function for the
// set-up's refusal (runner/discover.ts), the root causes (causes.ts) and the opening warnings
// (warnings.ts), so the advice on a wrong base URL is written once.

/** Where the base URL is wrong, every path of the description answers 404 (or 405). */
const BASE_URL =
  "is the base URL right? It is the service root, to which each path of the description (/projects.json, /groups.json…) is appended — it ends in /public/api, on the service as on npm run sandbox and npm run mock (which also answer at their root)";

/**
 * The likely meaning of `status`, or "" when there is nothing useful to say. `seen`: on every request
 * of the run (a 404 there is the base URL), or on every request to one operation (a 404 there is the
 * path, or the base URL).
 */
export function statusHint(status: number, seen: "run" | "operation"): string {
  if (status === 404) return seen === "run" ? BASE_URL : "is the path or the base URL right?";
  if (status === 405) return seen === "run" ? BASE_URL : "the server takes no such method there";
  if (status >= 300 && status < 400)
    return "the server redirects (the checker does not follow): is the base URL the one the server answers on (https, host, prefix)?";
  if (status === 401 || status === 403) return "may this key use it at all?";
  if (status >= 500) return "the server fails on this path";
  return "";
}
