#!/usr/bin/env node
// The last step of `npm run mutation:sandbox`: reads Stryker's JSON report (test/output/mutation/sandbox.json)
// and writes the score and every mutant the checker did not catch as Markdown, to the terminal and to
// test/output/mutation/sandbox-survivors.md.
//
// A mutant counts as caught at a level when the checker's verdict at that level failed (the test "level
// full: passes" or "level documented: passes" is in its killedBy), or when it hung the sandbox past
// Stryker's timeout. Every other one is a survivor — including a mutant that only the "leaves the server as
// it found it" test killed: the run left something behind and the checker did not say so.
//
// Each survivor is matched, by file, mutator, original text and replacement (not by line, which moves
// when the sandbox changes), against the classified lists: test/mutation/sandbox-equivalent-mutants.md —
// changes the interface allows or no client can observe, left out of the score (its table's last column
// is "Why") — and the checks to add in bench/RESULTS.md ("Sandbox mutants (issue 41)", the table whose
// last column is "Check to add"). A survivor in neither is new: classify it.
//
//   node test/mutation/sandbox-survivors.mjs [--report <stryker json>]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseOptions } from "../../scripts/lib/cli.mjs";

const root = new URL("../../", import.meta.url).pathname;
const EQUIVALENT_LIST = join(root, "test/mutation/sandbox-equivalent-mutants.md");
const RESULTS = join(root, "bench/RESULTS.md");
const RESULTS_SECTION = "## Sandbox mutants (issue 41)";
const OUT = join(root, "test/output/mutation/sandbox-survivors.md");
const FULL_TEST = "level full: passes";
const DOCUMENTED_TEST = "level documented: passes";
/** Stryker's statuses that are no verdict on the tests: left out of every count. */
const NOT_RUN = new Set(["CompileError", "RuntimeError", "Ignored", "Pending"]);
/** The longest text a cell quotes of a mutant's original or replacement. */
const CELL_CHARS = 70;

/** Code as a Markdown table cell: one line, at most CELL_CHARS, in a code span that survives backticks and pipes. */
function codeCell(text) {
  let line = text.replace(/\s+/g, " ").trim();
  if (line.length > CELL_CHARS) line = `${line.slice(0, CELL_CHARS - 1)}…`;
  const longestRun = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = line.startsWith("`") || line.endsWith("`") || line === "" ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`.replace(/\|/g, "\\|");
}

/** The source text between two report locations (lines from 1, columns from 1). */
function sourceAt(source, { start, end }) {
  const lines = source.split("\n");
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1].slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1].slice(0, end.column - 1),
  ].join("\n");
}

/** Table rows of a Markdown text, as their cells (a `\|` inside a cell is kept as written). */
function tableRows(markdown) {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[-| ]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** What identifies a mutant across runs: its file, mutator, original and replacement (cells as printed). */
const keyOf = (file, mutator, mutant) => `${file}\u0000${mutator}\u0000${mutant}`;

/** Classified survivors from the tables of a list whose columns are Place (file:line:column), Mutator,
 * Mutant and a fourth whose heading starts with `heading`. */
function classified(markdown, heading) {
  const known = new Map();
  let inTable = false;
  for (const [place, mutator, mutant, why] of tableRows(markdown)) {
    if (place === "Place") {
      inTable = (why ?? "").startsWith(heading);
      continue;
    }
    if (!inTable || !place || !mutant) continue;
    const file = place.replace(/^`|`$/g, "").replace(/:\d+(:\d+)?$/, "");
    known.set(keyOf(file, mutator, mutant), why ?? "");
  }
  return known;
}

function read(path, fallback = "") {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

const { values } = await parseOptions("mutation:sandbox", { options: { report: { type: "string" } } });
const reportPath = values.report ?? join(root, "test/output/mutation/sandbox.json");
const report = JSON.parse(readFileSync(reportPath, "utf8"));

const testNames = new Map();
for (const file of Object.values(report.testFiles ?? {})) for (const test of file.tests) testNames.set(test.id, test.name);
const idOf = (ending) => [...testNames].find(([, name]) => name.endsWith(ending))?.[0];
const fullId = idOf(FULL_TEST);
const documentedId = idOf(DOCUMENTED_TEST);
if (fullId === undefined || documentedId === undefined) throw new Error(`${reportPath}: no tests "${FULL_TEST}" and "${DOCUMENTED_TEST}"`);

const equivalent = classified(read(EQUIVALENT_LIST), "Why");
const results = read(RESULTS);
const sectionStart = results.indexOf(RESULTS_SECTION);
const sectionText = sectionStart < 0 ? "" : results.slice(sectionStart).split(/\n## /)[0];
const toAdd = classified(sectionText, "Check to add");

const counts = { total: 0, notRun: 0, timeout: 0, full: 0, documented: 0, equivalent: 0 };
const survivors = [];
for (const [path, file] of Object.entries(report.files)) {
  const name = path.replace(/^src\/sandbox\//, "");
  for (const mutant of file.mutants) {
    if (NOT_RUN.has(mutant.status)) {
      counts.notRun++;
      continue;
    }
    counts.total++;
    const killedBy = mutant.status === "Killed" ? (mutant.killedBy ?? []) : [];
    if (mutant.status === "Timeout") counts.timeout++;
    const atFull = mutant.status === "Timeout" || killedBy.includes(fullId);
    if (atFull) counts.full++;
    if (mutant.status === "Timeout" || killedBy.includes(documentedId)) counts.documented++;
    if (atFull) continue;
    const { line, column } = mutant.location.start;
    const mutantCell = `${codeCell(sourceAt(file.source, mutant.location))} → ${codeCell(mutant.replacement ?? "")}`;
    const key = keyOf(name, mutant.mutatorName, mutantCell);
    const status =
      mutant.status === "Killed"
        ? `left something behind (killed by: ${killedBy.map((id) => testNames.get(id)).join("; ")})`
        : mutant.status;
    const listed = equivalent.has(key) ? "(a)" : toAdd.has(key) ? "(b)" : "new";
    if (listed === "(a)") counts.equivalent++;
    survivors.push({
      place: `${name}:${line}:${column}`,
      mutator: mutant.mutatorName,
      mutantCell,
      status,
      listed,
      why: equivalent.get(key) ?? toAdd.get(key) ?? "",
    });
  }
}

survivors.sort((a, b) => a.place.localeCompare(b.place, "en", { numeric: true }));
const scored = counts.total - counts.equivalent;
const percent = (n) => `${((100 * n) / scored).toFixed(1)}%`;
const fresh = survivors.filter((s) => s.listed === "new").length;
const lines = [
  `# Sandbox mutants: ${basename(reportPath)}`,
  "",
  `${counts.total} mutants run (${counts.notRun} not run: compile or runtime errors); ${survivors.length} survivors, of which ${counts.equivalent} listed as allowed or unobservable (a), ${survivors.length - counts.equivalent - fresh} listed as checks to add (b), ${fresh} new.`,
  "",
  `- level full: **${percent(counts.full)}** caught (${counts.full} of ${scored} = ${counts.total} − ${counts.equivalent} equivalent; ${counts.timeout} by a timeout)`,
  `- level documented: **${percent(counts.documented)}** caught (${counts.documented} of ${scored})`,
  "",
  "| Place | Mutator | Mutant | Status | Listed | Why |",
  "|---|---|---|---|---|---|",
  ...survivors.map((s) => `| \`${s.place}\` | ${s.mutator} | ${s.mutantCell} | ${s.status} | ${s.listed} | ${s.why} |`),
  "",
];
const text = lines.join("\n");
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, text);
process.stdout.write(`${text}\nWritten to ${OUT.slice(root.length)}.\n`);
