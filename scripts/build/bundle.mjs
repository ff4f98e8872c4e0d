#!/usr/bin/env node
// `npm run bundle`: the split source in openapi/ as one file, generated/openapi.yaml (Redocly's bundle:
// every external $ref turned into a component, named after its file) and the same document as
// generated/openapi.json. The JSON is written from the YAML rather than by a second Redocly run,
// which would cost another second of start-up for the same content. Then the documented-only bundle,
// generated/openapi.documented.json, derived from it by scripts/build/documented-only.mjs.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { documentedOnly } from "./documented-only.mjs";
import { noOptions } from "../lib/cli.mjs";

await noOptions(
  "bundle",
  "The split source in openapi/ as one file: generated/openapi.yaml and generated/openapi.json (a step of npm run build).",
);

const root = new URL("../..", import.meta.url).pathname;
const result = spawnSync(
  process.execPath,
  [`${root}scripts/build/redocly.mjs`, "bundle", "main", "--config", "openapi/redocly.yaml", "-o", "generated/openapi.yaml"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
  },
);
if (result.status !== 0) process.exit(result.status ?? 1);
const document = parse(readFileSync(`${root}generated/openapi.yaml`, "utf8"));
writeFileSync(`${root}generated/openapi.json`, JSON.stringify(document, null, 2) + "\n");
writeFileSync(`${root}generated/openapi.documented.json`, JSON.stringify(documentedOnly(document), null, 2) + "\n");
