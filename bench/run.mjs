#!/usr/bin/env node
// `npm run bench`: every benchmark of issue 7 in one run, one table on stdout, and the latest results
// (machine, date, load) written into bench/RESULTS.md. Progress goes to stderr.
//   --only=requests,typecheck,size,sandbox,docs,checker,mcp,code-mode,pipeline   run some sections (RESULTS.md is then left alone)
//   --no-results                              print the table without touching RESULTS.md
import { contenders } from "./contenders.mjs";
import { evaluateGoals } from "./goals.mjs";
import { load, machine } from "./machine.mjs";
import { generatePeer } from "./peer/generate.mjs";
import { benchDocs } from "./docs.mjs";
import { benchChecker, checkerTable } from "./checker.mjs";
import { benchMcp, mcpTable } from "./mcp.mjs";
import { benchCodeMode, codeModeTable } from "./code-mode.mjs";
import { benchBuild, benchTest } from "./pipeline.mjs";
import { writeResultsSection } from "./results-file.mjs";
import { benchRequests } from "./requests.mjs";
import { benchSandbox, sandboxTable } from "./sandbox.mjs";
import { benchSize } from "./size.mjs";
import { resultsTable } from "./table.mjs";
import { benchTypecheck } from "./typecheck.mjs";

const sections = ["pipeline", "requests", "typecheck", "size", "sandbox", "docs", "checker", "mcp", "code-mode"];
const only =
  process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",") ?? sections;
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
if (process.argv.includes("--no-results")) log("bench/RESULTS.md left alone (--no-results)");
else if (!complete) log("bench/RESULTS.md left alone: not every section and contender ran");
else {
  writeResultsSection(report);
  log("bench/RESULTS.md updated");
}
