// What went wrong, in one line: the service's problem; a thrown failure (a timeout, a network failure,
// a body too large) in the words the MCP server uses too (src/network-failure.ts). The caller redacts
// the line and makes it safe for a terminal.
import { SERVICE_BASE_PATH } from "./base-path.js";

export { type Attempted, failureLine, type Limits } from "@project-collaboration/api/network-failure";

/** The service's answer to a failed request: "404 Not Found: No project with id 9." */
export function problemLine(status: number, problem: unknown): string {
  const { title, detail } = (problem && typeof problem === "object" ? problem : {}) as { title?: unknown; detail?: unknown };
  const said = [title, detail].filter((text) => typeof text === "string" && text !== "").join(": ");
  return `${status}${said ? ` ${said}` : ""}`;
}

/**
 * After a 404: when the base URL does not end in the service's base path and the answer does not already
 * say where the paths are, the question to ask — "" otherwise (a 404 there is about the thing asked for).
 */
export function baseUrlHint(baseUrl: string, problem: unknown): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return "";
  }
  if (url.pathname.replace(/\/+$/, "").endsWith(SERVICE_BASE_PATH)) return "";
  if (JSON.stringify(problem ?? "").includes(SERVICE_BASE_PATH)) return "";
  return ` (is the base URL right? On the service, npm run sandbox and npm run mock alike it ends in ${SERVICE_BASE_PATH}, e.g. ${url.origin}${SERVICE_BASE_PATH})`;
}
