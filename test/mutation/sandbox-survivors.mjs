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
// when the sandbox changes), against the two classified tables of bench/RESULTS.md's "Sandbox mutants
// (issue 41)": changes the interface allows or no client can observe, left out of the score (the table
// whose last column is "Why…"), and the checks to add (last column "Check to add"). A survivor in
// neither is new: classify it.
//
//   node test/mutation/sandbox-survivors.mjs [--report <stryker json>]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseOptions } from "../../scripts/lib/cli.mjs";

const root = new URL("../../", import.meta.url).pathname;
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

/** A classified list: its rows by exact place, and by file, mutator and Mutant cell — the way to find a
 * row again after its line moved, used only when every row with that text gives the same reason. */
function classified(markdown, heading) {
  const byPlace = new Map();
  const byText = new Map();
  let inTable = false;
  for (const [place, mutator, mutant, why = ""] of tableRows(markdown)) {
    if (place === "Place") {
      inTable = why.startsWith(heading);
      continue;
    }
    if (!inTable || !place || !mutant) continue;
    const at = place.replace(/^`|`$/g, "");
    byPlace.set(`${at}\u0000${mutator}\u0000${mutant}`, why);
    const text = `${at.replace(/:\d+:\d+$/, "")}\u0000${mutator}\u0000${mutant}`;
    byText.set(text, [...(byText.get(text) ?? []), why]);
  }
  return {
    exact: (at, mutator, mutant) => byPlace.get(`${at}\u0000${mutator}\u0000${mutant}`),
    moved(file, mutator, mutant) {
      const whys = byText.get(`${file}\u0000${mutator}\u0000${mutant}`) ?? [];
      return whys.length > 0 && whys.every((why) => why === whys[0]) ? whys[0] : undefined;
    },
  };
}

/** Where a survivor is listed — "(a)" or "(b)", "(moved)" when found by its text only — and why. */
function listedIn(lists, at, file, mutator, mutant) {
  for (const [mark, list] of lists) {
    const why = list.exact(at, mutator, mutant);
    if (why !== undefined) return { mark, why };
  }
  const moved = lists.map(([mark, list]) => ({ mark, why: list.moved(file, mutator, mutant) })).filter((found) => found.why !== undefined);
  return moved.length === 1 ? { mark: `${moved[0].mark} (moved)`, why: moved[0].why } : { mark: "new", why: "" };
}

function read(path, fallback = "") {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

const { values } = await parseOptions(
  "mutation:sandbox",
  {
    options: {
      report: { type: "string", value: "file", help: "Stryker's JSON report to read (default test/output/mutation/sandbox.json)" },
    },
  },
  {
    usage: "node test/mutation/sandbox-survivors.mjs [options]   (the last step of npm run mutation:sandbox)",
    about: "The score and every mutant the checker did not catch, as Markdown, from Stryker's report of the sandbox.",
    examples: ["node test/mutation/sandbox-survivors.mjs --report test/output/mutation/sandbox.json"],
  },
);
const reportPath = values.report ?? join(root, "test/output/mutation/sandbox.json");
const report = JSON.parse(readFileSync(reportPath, "utf8"));

const testNames = new Map();
for (const file of Object.values(report.testFiles ?? {})) for (const test of file.tests) testNames.set(test.id, test.name);
const idOf = (ending) => [...testNames].find(([, name]) => name.endsWith(ending))?.[0];
const fullId = idOf(FULL_TEST);
const documentedId = idOf(DOCUMENTED_TEST);
if (fullId === undefined || documentedId === undefined) throw new Error(`${reportPath}: no tests "${FULL_TEST}" and "${DOCUMENTED_TEST}"`);

const results = read(RESULTS);
const sectionStart = results.indexOf(RESULTS_SECTION);
const sectionText = sectionStart < 0 ? "" : results.slice(sectionStart).split(/\n## /)[0];
const lists = [
  ["(a)", classified(sectionText, "Why")],
  ["(b)", classified(sectionText, "Check to add")],
];

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
    const place = `${name}:${line}:${column}`;
    const listed = listedIn(lists, place, name, mutant.mutatorName, mutantCell);
    const status =
      mutant.status === "Killed"
        ? `left something behind (killed by: ${killedBy.map((id) => testNames.get(id)).join("; ")})`
        : mutant.status;
    if (listed.mark.startsWith("(a)")) counts.equivalent++;
    survivors.push({ place, mutator: mutant.mutatorName, mutantCell, status, listed: listed.mark, why: listed.why });
  }
}

survivors.sort((a, b) => a.place.localeCompare(b.place, "en", { numeric: true }));
const scored = counts.total - counts.equivalent;
const percent = (n) => `${((100 * n) / scored).toFixed(1)}%`;
const fresh = survivors.filter((s) => s.listed === "new").length;
const moved = survivors.filter((s) => s.listed.endsWith("(moved)")).length;
const lines = [
  `# Sandbox mutants: ${basename(reportPath)}`,
  "",
  `${counts.total} mutants run (${counts.notRun} not run: compile or runtime errors); ${survivors.length} survivors, of which ${counts.equivalent} listed as allowed or unobservable (a), ${survivors.length - counts.equivalent - fresh} listed as checks to add (b), ${fresh} new${moved ? ` (${moved} found by their text after their line moved: update their place)` : ""}.`,
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
