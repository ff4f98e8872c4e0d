#!/usr/bin/env node
// `npm run api:report` (a step of `npm run build`, after build:code): API Extractor reads the compiled
// declarations (generated/lib/index.d.ts) and writes the public surface to src/public-api.api.md
// (configuration: src/api-extractor.json). Locally the report is rewritten, to be committed with the
// change that caused it; in CI (CI set) a report that differs from the committed one fails the build,
// as does a type used in a public signature but not exported.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { noOptions } from "../lib/cli.mjs";

await noOptions(
  "api:report",
  "The package's public API surface written to src/public-api.api.md by API Extractor (a step of npm run build).",
);

const config = fileURLToPath(new URL("../../src/api-extractor.json", import.meta.url));
const local = process.env.CI ? [] : ["--local"];
const bin = fileURLToPath(new URL("../../node_modules/@microsoft/api-extractor/bin/api-extractor", import.meta.url));
const { status } = spawnSync(process.execPath, [bin, "run", ...local, "--config", config], { stdio: "inherit" });
process.exit(status ?? 1);
