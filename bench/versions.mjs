// Installed versions, read from node_modules so labels in the table never go stale.
import { readFileSync } from "node:fs";

/** The version of `pkg` installed in the repository's node_modules, or in `folder`'s (relative to the repository). */
export function versionOf(pkg, folder = "") {
  const file = new URL(`../${folder}node_modules/${pkg}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}
