#!/usr/bin/env node
// `npm run release -- [major|minor|patch] [--summary "…"] [--dry-run]`: one step from "the
// description changed" to "released": compares the description in openapi/ with the last released
// bundle, checks the level against what the changes need (or picks that level when none is given),
// bumps the version in every file that carries it, rebuilds every artifact, snapshots the released
// bundle and writes the CHANGELOG.md entry. --dry-run prints the next version and the entry, and
// writes nothing.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { CHANGELOG, insertEntry, unreleasedSummary } from "./changelog.mjs";
import { parseOptions } from "../lib/cli.mjs";
import { compareDescriptions, overall } from "./compare.mjs";
import { CURRENT_BUNDLE, RELEASED_BUNDLE } from "./gate.mjs";
import { planRelease } from "./plan.mjs";
import { LEVELS, readVersions, requiredLevel, VERSION_FILES, writeVersions } from "./versions.mjs";

const root = new URL("../../", import.meta.url).pathname;
const USAGE = 'usage: npm run release -- [major|minor|patch] [--summary "text"] [--dry-run]';

/** Exit code 2 for a mistake in the command line, 1 for a release that must not happen. */
function fail(message, code = 1) {
  console.error(`release: ${message}`);
  process.exit(code);
}

/** The description as it is in openapi/ now, bundled to a temporary file (generated/ may be stale). */
function bundleSource() {
  const dir = mkdtempSync(join(tmpdir(), "pcs-release-"));
  try {
    const output = join(dir, "openapi.yaml");
    const result = spawnSync(`${root}node_modules/.bin/redocly`, ["bundle", "main", "--config", "openapi/redocly.yaml", "-o", output], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    });
    if (result.status !== 0) fail(`bundling openapi/ failed:\n${result.stderr}`);
    return parse(readFileSync(output, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const OPTIONS = {
  "dry-run": { type: "boolean", default: false, help: "print the next version and the CHANGELOG entry, write nothing" },
  summary: {
    type: "string",
    value: "text",
    help: 'the entry\'s summary for people (default: what is under "## Unreleased" in CHANGELOG.md)',
  },
  help: { type: "boolean", short: "h", help: "this help" },
};
const { values: options, positionals } = await parseOptions(
  "release",
  { options: OPTIONS, allowPositionals: true },
  {
    usage: 'npm run release -- [major|minor|patch] [--summary "text"] [--dry-run]',
    about: `From "the description changed" to "released": checks the level against the changes since the last release (or
picks it when none is given), bumps the version everywhere, rebuilds, snapshots the bundle, writes the CHANGELOG entry.`,
    examples: ["npm run release -- --dry-run", 'npm run release -- minor --summary "Projects can be archived."'],
  },
);
const [requested, ...extra] = positionals;
if (extra.length > 0 || (requested !== undefined && !LEVELS.includes(requested)))
  fail(`unexpected arguments: ${positionals.join(" ")}; ${USAGE}`, 2);
const dryRun = options["dry-run"];

const versions = readVersions(root);
const current = versions[VERSION_FILES.packageJson];
if (Object.values(versions).some((v) => v !== current)) {
  fail(
    `the version files disagree (${Object.entries(versions)
      .map(([f, v]) => `${f}: ${v}`)
      .join(", ")}); make them agree first.`,
  );
}
const released = JSON.parse(readFileSync(`${root}${RELEASED_BUNDLE}`, "utf8"));
const changelog = readFileSync(`${root}${CHANGELOG}`, "utf8");
const summary = options.summary?.trim() || unreleasedSummary(changelog);
if (!summary && !dryRun) fail(`write a summary for people first: under "## Unreleased" in ${CHANGELOG}, or --summary "…".`);
const changes = compareDescriptions(released, bundleSource());
if (dryRun && requested === undefined && !requiredLevel(overall(changes), released.info.version)) {
  console.log(`Nothing changed in the description since ${released.info.version}: nothing to release. (Name a level to release anyway.)`);
  process.exit(0);
}
let plan;
try {
  plan = planRelease({
    changes,
    releasedVersion: released.info.version,
    version: current,
    requested,
    summary,
    date: new Date().toISOString().slice(0, 10), // UTC, as CI's clock
  });
} catch (error) {
  fail(error.message);
}
const { level, required, next, entry } = plan;

console.log(
  `Next version: ${next} (${level}${required ? `; the changes need at least ${required}` : ""}; last release ${released.info.version})`,
);
console.log(`\nCHANGELOG.md entry:\n\n${entry}\n`);
if (dryRun) {
  console.log("Dry run: nothing was written.");
  process.exit(0);
}

writeVersions(root, next);
const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0)
  fail(`npm run build failed after the version files were set to ${next}; fix it and run npm run build, or undo with git checkout.`);
copyFileSync(`${root}${CURRENT_BUNDLE}`, `${root}${RELEASED_BUNDLE}`);
writeFileSync(`${root}${CHANGELOG}`, insertEntry(changelog, entry));
console.log(`Released ${next} in the working tree. Review, then: git add -A && git commit -m "Release ${next}" && git tag v${next}`);
