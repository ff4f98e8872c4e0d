// What MCP clients are told about a tool's effects, and the warnings its description opens with.
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import { READ_ONLY_METHODS as READ_METHODS } from "@project-collaboration/api";

/** The HTTP methods that only read (every other one may change data): the main package's one list. */
export { READ_METHODS };

/** A description saying an effect cannot be undone makes the tool destructive whatever its method. */
const IRREVERSIBLE = /\bpermanent(ly)?\b|cannot be (reversed|undone)/i;

/**
 * From the method: GET reads; POST adds (not destructive, not idempotent); PATCH and PUT overwrite what
 * they are sent (destructive, and sending the same again changes nothing more); DELETE removes
 * (destructive, idempotent). From the description: an irreversible effect is destructive.
 * Every tool talks to the service, outside the client's own world (openWorldHint).
 */
export function annotationsOf(method: string, description: string): ToolAnnotations {
  if (READ_METHODS.has(method)) return { readOnlyHint: true, openWorldHint: true };
  const overwrites = method === "PUT" || method === "PATCH" || method === "DELETE";
  return {
    readOnlyHint: false,
    destructiveHint: overwrites || IRREVERSIBLE.test(description),
    idempotentHint: overwrites,
    openWorldHint: true,
  };
}

/**
 * The operations the interface warns about, by operationId: an agent reads the tool's description,
 * often nothing else, so the warning comes first there. Each must name an operation of the
 * description (checked when the tools are built).
 */
export const WARNINGS: Readonly<Record<string, string>> = {
  deleteProject:
    "WARNING: deletion is permanent. The project and all of its files, comments and assets are deleted and cannot be restored. Confirm with the user before calling.",
  addProjectUser:
    "WARNING: adding by `email` an address that has no account creates a new account with full administrator access. Add people of your own organization by `user` id, never by email.",
};
