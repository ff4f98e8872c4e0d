#!/usr/bin/env node
// `npm run bench`: every benchmark of issue 7 in one run, one table on stdout, and the latest results
// (machine, date, load) written into bench/RESULTS.md. Progress goes to stderr. Its options: --help.
import { parseOptions } from "../scripts/lib/cli.mjs";

const sections = ["pipeline", "requests", "typecheck", "size", "sandbox", "docs", "checker", "mcp", "code-mode"];
const { values: options } = await parseOptions(
  "bench",
  {
    options: {
      only: {
        type: "string",
        value: "sections",
        help: `run these sections only, comma-separated (${sections.join(", ")}); RESULTS.md is then left alone`,
      },
      "no-results": { type: "boolean", help: "print the table without touching bench/RESULTS.md" },
    },
  },
  {
    usage: "npm run bench -- [options]",
    about: "Every benchmark in one run: one table on stdout, progress on stderr, the results written into bench/RESULTS.md.",
    examples: ["npm run bench", "npm run bench -- --only=sandbox,checker --no-results"],
  },
);
const only = options.only?.split(",") ?? sections;
const unknown = only.filter((section) => !sections.includes(section));
if (unknown.length) {
  console.error(`bench: no section ${unknown.join(", ")}; the sections are ${sections.join(", ")}`);
  process.exit(2);
}
// Loaded once the options are read: --help needs none of them (nor test/interop/tools, which npm run bench installs).
const { contenders } = await import("./contenders.mjs");
const { evaluateGoals } = await import("./goals.mjs");
const { load, machine } = await import("./machine.mjs");
const { generatePeer } = await import("./peer/generate.mjs");
const { benchDocs } = await import("./docs.mjs");
const { benchChecker, checkerTable } = await import("./checker.mjs");
const { benchMcp, mcpTable } = await import("./mcp.mjs");
const { benchCodeMode, codeModeTable } = await import("./code-mode.mjs");
const { benchBuild, benchTest } = await import("./pipeline.mjs");
const { writeResultsSection } = await import("./results-file.mjs");
const { benchRequests } = await import("./requests.mjs");
const { benchSandbox, sandboxTable } = await import("./sandbox.mjs");
const { benchSize } = await import("./size.mjs");
const { resultsTable } = await import("./table.mjs");
const { benchTypecheck } = await import("./typecheck.mjs");
const wanted = (s) => only.includes(s);
const log = (message) => console.error(`bench: ${message}`);
const started = performance.now();

const loadBefore = load();
log(`load averages (1/5/15 min) at start: ${loadBefore}`);
const results = { labels: Object.fromEntries(contenders.map((c) => [c.id, c.label])) };

// The peer is a contender of these three sections only.
if (["requests", "typecheck", "size"].some(wanted)) {
  log("generating and compiling the peer SDK");
  await generatePeer();
}
if (wanted("pipeline")) {
  // First, so every artifact the other sections read is fresh.
  log("npm run build");
  results.build = benchBuild();
}
if (wanted("requests")) {
  log("per-request overhead");
  results.requests = await benchRequests(contenders, { log });
  for (const { id, reason } of results.requests.missing) log(`contender ${id} unavailable: ${reason}`);
}
if (wanted("typecheck")) {
  log("type-check cost");
  results.typecheck = benchTypecheck();
}
if (wanted("size")) {
  log("size");
  results.size = await benchSize();
}
if (wanted("sandbox")) {
  log("the sandbox against Prism's mock");
  results.sandbox = await benchSandbox({ log });
}
if (wanted("docs")) {
  log("rendered reference vs Redoc's floor");
  results.docs = await benchDocs({ log });
  if (results.docs.missing) log(`docs not measured: ${results.docs.missing}`);
}
if (wanted("checker")) {
  log("the contract checker");
  results.checker = await benchChecker({ log });
}
if (wanted("mcp")) {
  log("the MCP server's tool list and a default page, in characters");
  results.mcp = await benchMcp();
}
if (wanted("code-mode")) {
  log("the MCP server's code mode: tokens, calls, time, install size");
  results.codeMode = await benchCodeMode({ log });
}
if (wanted("pipeline")) {
  log("npm test");
  results.test = benchTest();
}
const loadAfter = load();

const goals = evaluateGoals(results);
const table = resultsTable(results, goals);
const m = machine();
const settings = results.requests?.settings;
const report = [
  `Measured ${m.date} on ${m.cpu}, ${m.memoryGiB} GiB, ${m.os}, Node.js ${m.node}; ` +
    `load averages (1/5/15 min) ${loadBefore} at the start, ${loadAfter} at the end.`,
  settings
    ? `Requests: ${settings.rounds} interleaved rounds of ${settings.requestsPerRound.toLocaleString("en-US")} requests per client ` +
      `(${settings.concurrency} in flight, after ${settings.warmupRequests.toLocaleString("en-US")} warm-up requests) to an in-process node:http server on 127.0.0.1.`
    : "",
  "",
  table,
  "",
  ...(results.sandbox
    ? [
        `The sandbox and Prism's mock, each started ${results.sandbox.settings.startups} times, then ${results.sandbox.settings.rounds} interleaved rounds of ` +
          `${results.sandbox.settings.requestsPerRound.toLocaleString("en-US")} requests (${results.sandbox.settings.concurrency} in flight) through this package's client:`,
        "",
        sandboxTable(results.sandbox),
        "",
      ]
    : []),
  ...(results.checker ? [checkerTable(results.checker), ""] : []),
  ...(results.mcp ? [mcpTable(results.mcp), ""] : []),
  ...(results.codeMode ? [codeModeTable(results.codeMode), ""] : []),
  `Goals: ${goals.filter((g) => g.met === "met").length} of ${goals.length} met` +
    (goals.some((g) => g.met !== "met")
      ? ` — not met: ${goals
          .filter((g) => g.met !== "met")
          .map((g) => `${g.text} (${g.met}${g.detail ? `, ${g.detail}` : ""})`)
          .join("; ")}.`
      : "."),
].join("\n");

console.log(report);
log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const complete = sections.every(wanted) && !results.requests?.missing.length && !results.docs?.missing;
if (options["no-results"]) log("bench/RESULTS.md left alone (--no-results)");
else if (!complete) log("bench/RESULTS.md left alone: not every section and contender ran");
else {
  writeResultsSection(report);
  log("bench/RESULTS.md updated");
}
