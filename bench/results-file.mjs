// Writes the latest results into bench/RESULTS.md between two marker comments, so every run replaces
// the previous numbers and nothing else in the file (the commentary, the mutation scores) is touched.
import { readFileSync, writeFileSync } from "node:fs";

const START = "<!-- bench:start (written by `npm run bench`; edits between these markers are overwritten) -->";
const END = "<!-- bench:end -->";
const results = new URL("./RESULTS.md", import.meta.url);

export function writeResultsSection(markdown) {
  const text = readFileSync(results, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error("bench/RESULTS.md has lost its bench:start/bench:end markers");
  writeFileSync(results, `${text.slice(0, start)}${START}\n${markdown.trim()}\n${END}${text.slice(end + END.length)}`);
}
