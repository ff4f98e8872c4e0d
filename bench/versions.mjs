// Installed versions, read from node_modules so labels in the table never go stale.
import { readFileSync } from "node:fs";

export function versionOf(pkg) {
  const file = new URL(`../node_modules/${pkg}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}
