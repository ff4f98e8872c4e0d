// Before a request that may change data: --yes, or the user's answer on a terminal. One place for
// `pcs <resource> delete` and `pcs api POST|PUT|PATCH|DELETE`.
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";

/** Off a terminal pcs cannot ask: without --yes, `change` (what would happen) is a usage mistake. */
export function requireYesOffTerminal(io: Io, yes: boolean | undefined, change: string): void {
  if (!yes && !io.isTTY) throw new UsageError(`${change}: add --yes to confirm (not a terminal, so pcs cannot ask)`);
}

/** Asks `question` (made safe for the terminal: it may quote the server); unless the answer is yes,
 * says `declined` and resolves false. */
export async function confirmed(io: Io, question: string, declined: string): Promise<boolean> {
  const { safeCiText } = await import("@project-collaboration/api");
  if (await io.confirm(safeCiText(question))) return true;
  io.err(declined);
  return false;
}
