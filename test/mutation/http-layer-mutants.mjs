#!/usr/bin/env node
// `npm run mutation:http`: the contract checker measured against HTTP-layer defects (issue 48, part 3).
// Every mutant of test/mutation/http-layer-operators.ts is put around the faithful stand-in and the
// checker is run against it in process (http-layer-run.ts) at the documented and the full level; then
// one run against the faithful stand-in with V8's coverage on gives the sandbox's branch coverage.
// Prints a Markdown report (the score by layer and by kind of rule, every survivor with whether the
// checker ever made the mutant answer differently). Not part of `npm test` or CI: 8–21 min on this 2-core machine, by its load.
//
//   npm run mutation:http                          everything
//   npm run mutation:http -- --only head-with-body:every-GET-path   one mutant (repeatable)
//   npm run mutation:http -- --level documented    one level
//   npm run mutation:http -- --list                the mutants and the faithful behaviours left out
//   npm run mutation:http -- --no-coverage         the score only
//   npm run mutation:http -- --resume              keep the last run's outcomes, run only what is missing
//   npm run mutation:http -- --full-for-all        the full level for every mutant, not only for those
//                                                  the documented level missed (see below)
//   npm run mutation:http -- --report              the report of the last run's outcomes so far, nothing run
//   npm run mutation:http -- --workers 2 --at 4    processes, and runs at once in each (the default)
//
// The TypeScript (the checker's source, the stand-in, the operators) is bundled with esbuild into
// node_modules/.cache/http-layer/; the sandbox itself is not bundled but imported from its compiled code,
// generated/lib/sandbox/ (run `npm run build` first), whose coverage is the one reported.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseOptions } from "../../scripts/lib/cli.mjs";
import { bundleEntry, sandboxCompiled } from "./bundle.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const out = join(root, "node_modules/.cache/http-layer");

/** The command line, parsed (one line and exit code 2 for a mistake; --help lists the options). */
async function options() {
  const { values } = await parseOptions(
    "mutation:http",
    {
      options: {
        only: { type: "string", multiple: true, value: "mutant", help: "only this mutant (repeatable; --list names them)" },
        level: { type: "string", value: "documented|full", help: "one level only (default both)" },
        workers: { type: "string", value: "n", help: "processes (default 2)" },
        at: { type: "string", value: "n", help: "runs at once in each process (default 4)" },
        "no-coverage": { type: "boolean", help: "the score only, without the sandbox's branch coverage" },
        list: { type: "boolean", help: "the mutants and the faithful behaviours left out, nothing run" },
        report: { type: "boolean", help: "the report of the last run's outcomes so far, nothing run" },
        resume: { type: "boolean", help: "keep the last run's outcomes, run only what is missing" },
        "full-for-all": { type: "boolean", help: "the full level for every mutant, not only those the documented level missed" },
      },
    },
    {
      usage: "npm run mutation:http -- [options]",
      about: "The contract checker measured against HTTP-layer defects of the faithful stand-in: a Markdown report (8–21 min).",
      examples: ["npm run mutation:http -- --list", "npm run mutation:http -- --only head-with-body:every-GET-path --level documented"],
    },
  );
  const o = {
    only: values.only ?? [],
    levels: values.level === undefined ? ["documented", "full"] : [values.level],
    workers: values.workers === undefined ? 2 : Number(values.workers),
    at: values.at === undefined ? 4 : Number(values.at),
    coverage: !values["no-coverage"],
    list: values.list ?? false,
    reportOnly: values.report,
    resume: values.resume,
    fullForAll: values["full-for-all"],
  };
  if (!o.levels.every((l) => l === "documented" || l === "full") || !(o.workers >= 1)) {
    console.error("mutation:http: --level is documented or full, --workers a positive number");
    process.exit(2);
  }
  return o;
}

async function bundle() {
  return bundleEntry(join(root, "test/mutation/http-layer-run.ts"), join(out, "run.mjs"));
}

/** Runs `job` in a child process (its own heap and core); resolves when it ends. */
function child(bundleFile, job, env = {}) {
  const code = "const m = await import(process.argv[1]); await m[process.argv[2]](JSON.parse(process.argv[3]));";
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--input-type=module", "-e", code, pathToFileURL(bundleFile).href, job.call, JSON.stringify(job)], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    p.on("exit", (status) => (status === 0 ? resolve() : reject(new Error(`a worker ended with ${status}`))));
  });
}

const readLines = (file) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

/** Branches as node --experimental-test-coverage and c8 count them from V8's block coverage: every
 * block range of a function is one, covered when it ran. Also functions and lines. */
function sandboxCoverage(dir) {
  const files = new Map();
  for (const name of readdirSync(dir)) {
    const { result } = JSON.parse(readFileSync(join(dir, name), "utf8"));
    for (const script of result) {
      if (!script.url.startsWith(pathToFileURL(sandboxCompiled).href)) continue;
      const path = fileURLToPath(script.url);
      const source = readFileSync(path, "utf8");
      const entry = { branches: 0, covered: 0, functions: 0, functionsCovered: 0, uncovered: [], source };
      for (const [i, fn] of script.functions.entries()) {
        if (i > 0) {
          entry.functions++;
          if (fn.ranges[0].count > 0) entry.functionsCovered++;
        }
        if (!fn.isBlockCoverage) continue;
        for (const range of fn.ranges) {
          entry.branches++;
          if (range.count > 0) entry.covered++;
          else entry.uncovered.push(range);
        }
      }
      files.set(relative(root, path), entry);
    }
  }
  const lineOf = (source, offset) => source.slice(0, offset).split("\n").length;
  const rows = [...files.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce(
    (t, [, e]) => ({ b: t.b + e.branches, c: t.c + e.covered, f: t.f + e.functions, fc: t.fc + e.functionsCovered }),
    {
      b: 0,
      c: 0,
      f: 0,
      fc: 0,
    },
  );
  return {
    total,
    rows: rows.map(([file, e]) => ({
      file,
      branches: e.branches,
      covered: e.covered,
      functions: `${e.functionsCovered}/${e.functions}`,
      // The blocks never run, by line, outermost only (an uncovered block inside another is the same miss).
      uncovered: e.uncovered
        .filter((r) => !e.uncovered.some((o) => o !== r && o.startOffset <= r.startOffset && o.endOffset >= r.endOffset))
        .map((r) => `${lineOf(e.source, r.startOffset)}: ${e.source.slice(r.startOffset, r.endOffset).replace(/\s+/g, " ").slice(0, 70)}`),
    })),
  };
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : "–");

async function main() {
  const o = await options();
  const bundleFile = await bundle();
  const { mutants, FAITHFUL, caught } = await import(pathToFileURL(bundleFile).href);
  const all = mutants();
  if (o.list) {
    for (const m of all) console.log(`${m.id}\t${m.layer}\t${m.breaks}`);
    for (const f of FAITHFUL) console.log(`(faithful, not run) ${f.name}\t${f.layer}\t${f.why}`);
    return;
  }
  const chosen = o.only.length ? all.filter((m) => o.only.includes(m.id)) : all;
  if (o.only.length && chosen.length !== o.only.length) {
    console.error(`mutation:http: no such mutant among ${o.only.join(", ")} (see --list)`);
    process.exit(2);
  }
  const file = join(out, "outcomes.jsonl");
  const coverageDir = join(out, "coverage");
  const started = Date.now();
  if (o.reportOnly) {
    const outcomes = readLines(file);
    const faithful = Object.fromEntries(o.levels.map((l) => [l, outcomes.find((x) => x.mutant === "faithful" && x.level === l)]));
    const ran = chosen.filter((m) => outcomes.some((x) => x.mutant === m.id));
    const coverage = o.coverage && existsSync(coverageDir) && sandboxCoverage(coverageDir);
    return report({ o, all: ran, FAITHFUL, caught, outcomes, faithful, minutes: 0, coverage });
  }
  if (!o.resume) rmSync(file, { force: true });
  rmSync(coverageDir, { recursive: true, force: true });
  const outcomeOf = (id, level) => readLines(file).find((x) => x.mutant === id && x.level === level);
  const runLevel = async (level, ids) => {
    const todo = ids.filter((id) => !outcomeOf(id, level));
    const shares = Array.from({ length: o.workers }, (_, w) => todo.filter((_, i) => i % o.workers === w)).filter((s) => s.length);
    await Promise.all(shares.map((share) => child(bundleFile, { call: "worker", ids: share, levels: [level], file, at: o.at })));
  };
  const ids = ["faithful", ...chosen.map((m) => m.id)];
  if (o.levels.includes("documented")) await runLevel("documented", ids);
  if (o.levels.includes("full")) {
    // A catch at documented is a documented fact failing, which the faithful stand-in passes at both
    // levels (its facts field says so): caught at full as well, so only documented survivors run at full.
    const faithful = outcomeOf("faithful", "documented");
    const again = o.fullForAll || !faithful ? ids : ids.filter((id) => id === "faithful" || !caught(outcomeOf(id, "documented"), faithful));
    await runLevel("full", again);
  }
  // One run against the faithful stand-in, alone, with V8's coverage: what one checker run reaches.
  if (o.coverage)
    await child(
      bundleFile,
      { call: "worker", ids: ["faithful"], levels: ["full"], file: join(out, "coverage-run.jsonl") },
      { NODE_V8_COVERAGE: coverageDir },
    );
  const outcomes = readLines(file);
  const faithful = Object.fromEntries(o.levels.map((l) => [l, outcomes.find((x) => x.mutant === "faithful" && x.level === l)]));
  writeFileSync(join(out, "outcomes.json"), JSON.stringify(outcomes, null, 1));
  report({
    o,
    all: chosen,
    FAITHFUL,
    caught,
    outcomes,
    faithful,
    minutes: (Date.now() - started) / 60000,
    coverage: o.coverage && sandboxCoverage(coverageDir),
  });
}

function report({ o, all, FAITHFUL, caught, outcomes, faithful, minutes, coverage }) {
  const lines = [];
  const say = (s = "") => lines.push(s);
  const commit = process.env.HTTP_LAYER_COMMIT ?? "";
  say(
    `HTTP-layer mutants: ${all.length} (${all.filter((m) => m.breaks === "stated").length} break a stated rule, ${all.filter((m) => m.breaks === "assumption").length} an assumption); ${FAITHFUL.length} faithful behaviours left out. ${minutes.toFixed(1)} min.${commit ? ` Commit ${commit}.` : ""}`,
  );
  for (const level of o.levels) {
    const f = faithful[level];
    say();
    say(
      `Faithful stand-in, ${level}: exit ${f?.code}, ${f?.failing.length ?? "?"} failing checks, ${f?.facts ?? "?"} of them documented facts (${level === "full" ? "the assumptions it chose otherwise; a mutant is caught at full only by another check" : "a mutant is caught by any failure"}), ${f?.requests} requests, ${((f?.ms ?? 0) / 1000).toFixed(1)} s.`,
    );
  }
  const of = (m, level) => outcomes.find((x) => x.mutant === m.id && x.level === level);
  // Not run at full because caught at documented: a documented fact failing is caught at full too.
  const caughtAt = (m, level) =>
    level === "full" && !of(m, "full") && o.levels.includes("documented")
      ? caughtAt(m, "documented")
      : Boolean(of(m, level) && caught(of(m, level), faithful[level]));
  say();
  say(`| layer | breaks | mutants | ${o.levels.map((l) => `caught at ${l}`).join(" | ")} |`);
  say(`|---|---|---|${o.levels.map(() => "---").join("|")}|`);
  const groups = new Map();
  for (const m of all)
    for (const key of [`${m.layer}|${m.breaks}`, `all|${m.breaks}`, "all|all"]) groups.set(key, [...(groups.get(key) ?? []), m]);
  for (const [key, ms] of [...groups.entries()].sort(
    ([a], [b]) => (a.startsWith("all") ? 1 : 0) - (b.startsWith("all") ? 1 : 0) || a.localeCompare(b),
  )) {
    const [layer, breaks] = key.split("|");
    const cells = o.levels.map((l) => {
      const n = ms.filter((m) => caughtAt(m, l)).length;
      return `${n}/${ms.length} (${pct(n, ms.length)})`;
    });
    say(`| ${layer} | ${breaks} | ${ms.length} | ${cells.join(" | ")} |`);
  }
  say();
  say("Survivors (not caught at full; at documented too unless said), with how often the mutant answered differently (hits):");
  say();
  const last = o.levels.at(-1);
  for (const m of all) {
    if (caughtAt(m, last)) continue;
    const x = of(m, last);
    const docNote = last === "full" && caughtAt(m, "documented") ? " (caught at documented only)" : "";
    say(
      `- ${m.id} [${m.layer}, ${m.breaks}]${docNote}: ${x.hits === 0 ? "never hit — the checker sends nothing that shows it" : `hit ${x.hits}×, not judged`}. ${m.rule}.`,
    );
  }
  const caughtOnlyDoc = all.filter((m) => o.levels.length > 1 && caughtAt(m, "documented") && !caughtAt(m, "full"));
  if (caughtOnlyDoc.length)
    say(
      `\n(${caughtOnlyDoc.length} caught at documented but not at full: their failure adds to a check the faithful stand-in already fails at full.)`,
    );
  say();
  say("Caught, with the first failure (documented level, else full):");
  say();
  for (const m of all) {
    const x = o.levels.map((l) => of(m, l)).find((y) => y && caught(y, faithful[y.level]));
    if (!x) continue;
    // At full the first failure may be one the faithful stand-in shares: name the checks it does not.
    const added = x.failing.filter((id) => !faithful[x.level]?.failing.includes(id));
    const what =
      x.setupError ??
      (x.level === "documented" ? x.first : added.length ? `new failing: ${added.slice(0, 3).join(", ")}` : "clean-up failed");
    say(`- ${m.id} [${x.level}]: ${String(what).replace(/\s+/g, " ").slice(0, 240)}`);
  }
  if (coverage) {
    const { total, rows } = coverage;
    say();
    say(
      `Sandbox branch coverage of one checker run (full level, faithful stand-in, generated/lib/sandbox): ${total.c}/${total.b} branches (${pct(total.c, total.b)}), ${total.fc}/${total.f} functions (${pct(total.fc, total.f)}).`,
    );
    // The request validators are generated (Ajv's standalone code): their branches are the schemas' keywords.
    const own = rows.filter((r) => !r.file.endsWith("request-validators.js"));
    const [c, b] = own.reduce(([c, b], r) => [c + r.covered, b + r.branches], [0, 0]);
    say(`Without the generated request validators (request-validators.js): ${c}/${b} branches (${pct(c, b)}).`);
    say();
    say("| file | branches | functions | never run (line: code) |");
    say("|---|---|---|---|");
    const cell = (u) => `\`${u.replace(/\|/g, "\\|").replace(/`/g, "'")}\``;
    for (const r of rows) {
      const more = r.uncovered.length > 6 ? `; and ${r.uncovered.length - 6} more` : "";
      say(
        `| ${r.file.replace("generated/lib/sandbox/", "")} | ${r.covered}/${r.branches} | ${r.functions} | ${r.uncovered.slice(0, 6).map(cell).join("; ")}${more} |`,
      );
    }
  }
  const text = lines.join("\n");
  writeFileSync(join(out, "report.md"), `${text}\n`);
  console.log(text);
}

await main();
