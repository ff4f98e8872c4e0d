#!/usr/bin/env node
// `npm run mutation:app`: the contract checker measured against application-layer defects of our own
// making (test/mutation/app-layer-defects.ts, each citing its public source): every defect is put around
// the faithful stand-in and the checker run against it in process (app-layer-run.ts) at the documented
// level, with writes, the second key and an invite address. Prints a Markdown report: the score, and
// every survivor with whether the checker ever made the defect answer differently (hits) and why.
// Not part of `npm test` or CI: about 2 min on this 2-core machine.
//
//   npm run mutation:app                            every defect
//   npm run mutation:app -- --only cache-keyed-without-user   one (repeatable)
//   npm run mutation:app -- --at 3                  runs at once in each of the two processes
//   npm run mutation:app -- --corpus blind-1        another set (app-layer-run.ts CORPORA; default ours)
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntry } from "./bundle.mjs";
import { parseOptions } from "../../scripts/lib/cli.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const out = join(root, "node_modules/.cache/app-layer");
const WORKERS = 2;

// Only to refuse a mistake and answer --help; the options are read below.
await parseOptions(
  "mutation:app",
  {
    options: {
      only: { type: "string", multiple: true, value: "defect", help: "only this defect (repeatable)" },
      at: { type: "string", value: "n", help: "runs at once in each of the two processes (default 3)" },
      corpus: { type: "string", value: "name", help: "another set of defects (app-layer-run.ts CORPORA; default ours)" },
    },
  },
  {
    usage: "npm run mutation:app -- [options]",
    about: "The contract checker measured against application-layer defects of the faithful stand-in: a Markdown report (about 2 min).",
    examples: ["npm run mutation:app", "npm run mutation:app -- --only cache-keyed-without-user"],
  },
);

const argv = process.argv.slice(2);
const only = argv.flatMap((a, i) => (argv[i - 1] === "--only" ? [a] : []));
const at = Number(argv[argv.indexOf("--at") + 1] ?? 3) || 3;
const corpus = argv.includes("--corpus") ? argv[argv.indexOf("--corpus") + 1] : "ours";

const bundleFile = await bundleEntry(join(root, "test/mutation/app-layer-run.ts"), join(out, "run.mjs"));
const { CORPORA, caught } = await import(pathToFileURL(bundleFile).href);
if (!Object.hasOwn(CORPORA, corpus)) {
  console.error(`mutation:app: no corpus ${corpus} (${Object.keys(CORPORA).join(", ")})`);
  process.exit(2);
}
const defects = CORPORA[corpus];
const chosen = only.length ? defects.filter((d) => only.includes(d.id)) : defects;
if (only.length && chosen.length !== only.length) {
  console.error(`mutation:app: no such defect among ${only.join(", ")}`);
  process.exit(2);
}
const file = join(out, "outcomes.jsonl");
rmSync(file, { force: true });
const started = Date.now();
const ids = ["faithful", ...chosen.map((d) => d.id)];
const shares = Array.from({ length: WORKERS }, (_, w) => ids.filter((_, i) => i % WORKERS === w)).filter((s) => s.length);
const code = "const m = await import(process.argv[1]); await m.worker(JSON.parse(process.argv[2]));";
await Promise.all(
  shares.map(
    (share) =>
      new Promise((resolve, reject) =>
        spawn(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            code,
            pathToFileURL(bundleFile).href,
            JSON.stringify({ ids: share, level: "documented", file, at, corpus }),
          ],
          {
            stdio: ["ignore", "inherit", "inherit"],
          },
        ).on("exit", (status) => (status === 0 ? resolve() : reject(new Error(`a worker ended with ${status}`)))),
      ),
  ),
);
const outcomes = existsSync(file)
  ? readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const of = (id) => outcomes.find((x) => x.mutant === id);
const faithful = of("faithful");
const lines = [];
const caughtOnes = chosen.filter((d) => of(d.id) && caught(of(d.id), faithful));
lines.push(
  `Application-layer defects${corpus === "ours" ? "" : ` (${corpus})`}: ${caughtOnes.length}/${chosen.length} caught at the documented level (with writes, the second key and an invite address), ${((Date.now() - started) / 60000).toFixed(1)} min.`,
  "",
  `Faithful stand-in: exit ${faithful?.code}, ${faithful?.failing.length} failing checks, ${faithful?.requests} requests, ${((faithful?.ms ?? 0) / 1000).toFixed(1)} s.`,
  "",
  "Survivors, with how often the defect answered differently (hits):",
  "",
);
for (const d of chosen.filter((d) => !caughtOnes.includes(d)))
  lines.push(
    `- ${d.id}: ${of(d.id)?.hits ? `hit ${of(d.id).hits}×, not judged` : "never hit — the checker sends nothing that shows it"}. ${d.what} (${d.source}).`,
  );
lines.push("", "Caught, with the first failure:", "");
for (const d of caughtOnes)
  lines.push(
    `- ${d.id}: ${String(of(d.id).setupError ?? of(d.id).first ?? "clean-up failed")
      .replace(/\s+/g, " ")
      .slice(0, 240)}`,
  );
const text = lines.join("\n");
writeFileSync(join(out, "report.md"), `${text}\n`);
console.log(text);
