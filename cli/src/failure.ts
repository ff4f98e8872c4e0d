// What went wrong, in one line: the service's problem; a thrown failure (a timeout, a network failure,
// a body too large) in the words the MCP server uses too (src/network-failure.ts). The caller redacts
// the line and makes it safe for a terminal.
export { type Attempted, failureLine, type Limits } from "@project-collaboration/api/network-failure";

/** The service's answer to a failed request: "404 Not Found: No project with id 9." */
export function problemLine(status: number, problem: unknown): string {
  const { title, detail } = (problem && typeof problem === "object" ? problem : {}) as { title?: unknown; detail?: unknown };
  const said = [title, detail].filter((text) => typeof text === "string" && text !== "").join(": ");
  return `${status}${said ? ` ${said}` : ""}`;
}
