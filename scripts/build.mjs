#!/usr/bin/env node
// `npm run build`: every artifact, in dependency order, each step timed so a slow one is visible.
// A step is an npm script; the list is the single place that says what a build is.
import { spawnSync } from "node:child_process";

const steps = [
  "lint:redocly", // the split source: structure and example validation
  "bundle", // generated/openapi.{yaml,json}: what every other step consumes
  "lint:spectral", // the bundle (content rules) and the source (layout rules)
  "build:types", // generated/lib/schema.d.ts: openapi-typescript's types of the bundle (flags explained in the script)
  "build:lib", // generated/lib/*.js + *.d.ts: the client in src/, compiled by tsc (src/tsconfig.json)
  "docs:build", // docs/index.html (+ docs/openapi.{json,yaml}): the offline reference (scripts/build-docs.mjs)
];

const timings = [];
for (const step of steps) {
  const started = performance.now();
  const result = spawnSync("npm", ["run", "-s", step], { stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off" } });
  const seconds = (performance.now() - started) / 1000;
  timings.push([step, seconds]);
  if (result.status !== 0) {
    console.error(`\nbuild: step "${step}" failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}
const total = timings.reduce((sum, [, s]) => sum + s, 0);
console.log("\nbuild: " + timings.map(([step, s]) => `${step} ${s.toFixed(1)}s`).join(", ") + ` — total ${total.toFixed(1)}s`);
