// pcs's words around the one did-you-mean of the project (the main package's didYouMean): the guess
// for a misspelt command, verb or flag; and for a flag the answer shows but the request does not take
// by that name — a project is created with `name` and read back as `title` — the flag that sends it,
// and why, in the description's own words.
import { didYouMean as closest } from "@project-collaboration/api";
import type { BodyFlag } from "./table.js";

/** `: did you mean "x"?`, or nothing. */
export function didYouMean(word: string, known: readonly string[], quote = (w: string) => JSON.stringify(w)): string {
  const found = closest(word, known);
  return found ? `: did you mean ${quote(found)}?` : "";
}

/** For `--title`, the body flag whose description names the field `title` (`Returned as \`title\``):
 * `: answers call it \`title\`, a request sends it as --name (--name: Name of the project… Returned as
 * \`title\` in responses.)`; or nothing. */
export function sentAs(flag: string, bodyFlags: readonly BodyFlag[]): string {
  const field = `\`${flag.replace(/-/g, "_")}\``;
  const sender = bodyFlags.find((f) => f.flag !== flag && f.description.includes(field));
  return sender ? `: answers call it ${field}, a request sends it as --${sender.flag} (--${sender.flag}: ${sender.description})` : "";
}
