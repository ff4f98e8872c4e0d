// Writes the latest results into README.md between two marker comments, so every run replaces the
// previous numbers and nothing else in the README is touched.
import { readFileSync, writeFileSync } from "node:fs";

const START = "<!-- bench:start (written by `npm run bench`; edits between these markers are overwritten) -->";
const END = "<!-- bench:end -->";
const readme = new URL("../README.md", import.meta.url);

export function writeReadmeSection(markdown) {
  const text = readFileSync(readme, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const block = `${START}\n${markdown.trim()}\n${END}`;
  if (start === -1 || end === -1 || end < start) {
    // First run: append a Benchmarks section holding the markers.
    writeFileSync(readme, `${text.trimEnd()}\n\n## Benchmarks\n\n${block}\n`);
  } else {
    writeFileSync(readme, text.slice(0, start) + block + text.slice(end + END.length));
  }
}
