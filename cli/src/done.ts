// What pcs says after a write the service accepted, on standard error: the change in words ("Deleted
// project 48213."), so a command whose answer is empty (204) still says what it did. Standard output
// keeps the answer alone, so JSON piped on stays valid.
import type { Command } from "./table.js";

const PAST: Record<string, string> = { create: "Created", update: "Updated", delete: "Deleted", add: "Added", remove: "Removed" };

/** `projects delete 48213` → "Deleted project 48213."; `project-users remove 5 7` → "Removed project user 7 (project 5)." */
export function doneLine(command: Command, path: Record<string, unknown>, data: unknown): string {
  const [resource = "", verb = ""] = command.name.split(" ");
  const noun = resource.replace(/s$/, "").replaceAll("-", " ");
  // The argument naming the thing itself (project_id for a project), else the id the answer gives it.
  const own = command.positionals.find((p) => p.name === `${noun.split(" ").at(-1)}_id`);
  const answered = data !== null && typeof data === "object" ? (data as { id?: unknown }).id : undefined;
  const id = own ? path[own.name] : typeof answered === "number" || typeof answered === "string" ? answered : undefined;
  const context = command.positionals
    .filter((p) => p !== own)
    .map((p) => `${p.name.replace(/_id$/, "").replaceAll("_", " ")} ${path[p.name]}`);
  const what = `${noun}${id === undefined ? "" : ` ${id}`}${context.length ? ` (${context.join(", ")})` : ""}`;
  return PAST[verb] ? `${PAST[verb]} ${what}.` : `${command.name}: done.`;
}
