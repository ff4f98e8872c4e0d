#!/usr/bin/env node
// `npm run build`: every artifact, each step timed so a slow one is visible. A step is an npm script;
// this list is the single place that says what a build is. Steps whose inputs are ready run side by
// side, a core each (most are Node start-up and single-threaded work: more at once only share the
// cores), those that others wait for first; each step's output is printed in one piece when it ends,
// so logs never interleave. A step's command is run as npm would (sh, node_modules/.bin on the PATH)
// without npm itself, whose start-up costs more CPU than some steps.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { helpText } from "../lib/cli.mjs";

/** name → the steps it needs first. */
const steps = {
  "lint:redocly": [], // the split source: structure and example validation
  bundle: [], // generated/openapi.{yaml,json}: what every later step consumes
  "bundle:3.0": ["bundle"], // generated/openapi.3.0.{json,yaml}: the OpenAPI 3.0.3 form (scripts/build/bundle-3.0.mjs)
  "lint:3.0": ["bundle:3.0"], // the 3.0 form: Redocly's rules
  "lint:workflows": [], // openapi/workflows.arazzo.yaml, the Arazzo workflows: Redocly's rules
  "build:postman": ["bundle"], // generated/postman-collection.json: the Postman collection (scripts/build/build-postman.mjs)
  "lint:documented": ["bundle"], // generated/openapi.documented.json, the documented-only bundle: Redocly's rules
  "lint:spectral": ["bundle"], // the bundle (content rules) and the source (layout rules)
  "build:types": ["bundle"], // generated/lib/schema.d.ts and calls.d.ts: openapi-typescript's types of the bundle (flags explained in the script) and the client's call table
  "build:sandbox": ["bundle"], // generated/lib/sandbox/{request-validators,description}.js: what the sandbox takes from the bundle (scripts/build/build-sandbox.mjs)
  "build:code": ["build:types", "build:sandbox"], // every TypeScript project in one tsc: generated/lib/ (the client and sandbox in src/), mcp/, cli/ and contract/ dist/, and the tables those packages read (scripts/build/compile.mjs)
  "api:report": ["build:code"], // src/public-api.api.md: API Extractor's report of the public surface (src/api-extractor.json)
  "docs:markdown": ["bundle"], // docs/llms.txt, docs/llms-full.txt, docs/reference/*.md: the reference as Markdown, for assistants (scripts/build/build-markdown.mjs)
  "docs:codes": ["build:code"], // docs/guides/checking-a-server.md, its table of check codes: from the checker's one table (scripts/build/check-codes.mjs)
  "docs:build": ["bundle", "bundle:3.0", "build:postman", "build:code"], // docs/index.html (+ the files to download beside it): the offline reference with its console and in-page sandbox (scripts/docs-page/build-docs.mjs)
};

const root = new URL("../..", import.meta.url).pathname;
const { scripts } = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const env = { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH}`, REDOCLY_TELEMETRY: "off" };

/** How many steps wait for `name`, directly or not: the more, the sooner it starts. */
function waitingOn(name, seen = new Set()) {
  for (const [other, needs] of Object.entries(steps)) {
    if (needs.includes(name) && !seen.has(other)) {
      seen.add(other);
      waitingOn(other, seen);
    }
  }
  return seen.size;
}
const priority = Object.fromEntries(Object.keys(steps).map((name) => [name, waitingOn(name)]));

// Steps whose inputs are ready wait here for a core, the one most others wait for first.
const slots = { free: availableParallelism(), waiting: [] };
function whenFree(name) {
  if (slots.free > 0) {
    slots.free--;
    return Promise.resolve();
  }
  return new Promise((resolve) => slots.waiting.push({ priority: priority[name], resolve }));
}
function release() {
  if (slots.waiting.length === 0) return void slots.free++;
  slots.waiting.sort((a, b) => b.priority - a.priority);
  slots.waiting.shift().resolve();
}

async function runStep(name) {
  await whenFree(name);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", scripts[name]], { cwd: root, env: { ...env, npm_lifecycle_event: name } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      release();
      process.stdout.write(output);
      resolve({ name, ok: code === 0, exit: code ?? signal, seconds: (performance.now() - started) / 1000 });
    });
  });
}

if (process.argv.length === 3 && process.argv[2] === "--help") {
  console.log(
    helpText({
      usage: "npm run build",
      about: `Every artifact (generated/, docs/), each step timed; steps whose inputs are ready run side by side. One step
alone: npm run <step> (${Object.keys(steps).join(", ")}).`,
      options: [["--help", "this help"]],
      examples: ["npm run build", "npm run bundle"],
    }),
  );
  process.exit(0);
}
if (process.argv.length > 2) {
  console.error(
    `build: takes no arguments (got ${process.argv.slice(2).join(" ")}); run one step with npm run <step>, e.g. npm run bundle`,
  );
  process.exit(2);
}
const started = performance.now();
const running = new Map(); // name → promise of its result
function start(name) {
  if (!running.has(name)) {
    running.set(
      name,
      Promise.all(steps[name].map(start)).then(async (needs) => {
        const failed = needs.find((n) => !n.ok);
        return failed ? { name, ok: false, skipped: true, seconds: 0 } : runStep(name);
      }),
    );
  }
  return running.get(name);
}

// The first steps to start are those most others wait for (their order here decides who waits).
for (const name of Object.keys(steps).sort((a, b) => priority[b] - priority[a])) start(name);
const results = await Promise.all(Object.keys(steps).map(start));
const wall = (performance.now() - started) / 1000;
for (const failed of results.filter((r) => !r.ok && !r.skipped)) {
  console.error(`\nbuild: step "${failed.name}" failed (exit ${failed.exit}).`);
}
if (results.some((r) => !r.ok)) process.exit(1);
console.log("\nbuild: " + results.map((r) => `${r.name} ${r.seconds.toFixed(1)}s`).join(", ") + ` — total ${wall.toFixed(1)}s`);
