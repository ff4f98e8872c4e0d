// The release gate: may the repository be merged (mode "commit") or published (mode "publish") at
// the version it states? Checked by test/release/release.test.ts in every `npm test` (so in CI), by
// `npm run release:check`, and before `npm publish` (prepublishOnly).
//
// - The version files agree (package.json, package-lock.json, info.version, the client's constant).
// - A breaking change since the last release needs the version raised by a major (a minor while 0.x).
// - Any other change may wait for the next release on a commit, but not at publish time: what is
//   published must be exactly the released snapshot that `npm run release` took.
import { readFileSync } from "node:fs";
import { compareDescriptions, overall } from "./compare.mjs";
import { bump, compareVersions, isAtLeast, requiredLevel } from "./versions.mjs";
import { readVersions } from "./versions.mjs";

export const RELEASED_BUNDLE = "openapi/released/openapi.json";
export const CURRENT_BUNDLE = "generated/openapi.json";
const SHOWN = 5; // changes listed in a message; the dry run lists them all

const listed = (changes) =>
  changes
    .slice(0, SHOWN)
    .map((c) => `  - ${c.operation}: ${c.text}${c.reason ? ` (${c.reason})` : ""}`)
    .join("\n") +
  (changes.length > SHOWN ? `\n  - … and ${changes.length - SHOWN} more (\`npm run release -- --dry-run\` lists them all)` : "");

/**
 * @param {object} input
 * @param {import("./compare.mjs").Change[]} input.changes  current bundle against the released one
 * @param {string} input.releasedVersion  info.version of the released bundle
 * @param {Record<string, string | undefined>} input.versions  file → the version it states
 * @param {"commit" | "publish"} [input.mode]
 * @returns {{ problems: string[], notes: string[], required: string | null }}
 */
export function gate({ changes, releasedVersion, versions, mode = "commit" }) {
  const problems = [];
  const notes = [];
  const stated = Object.entries(versions);
  const [, version] = stated[0];
  const disagreeing = stated.filter(([, v]) => v !== version);
  if (disagreeing.length > 0) {
    problems.push(
      `The version files disagree: ${stated.map(([file, v]) => `${file} says ${v ?? "nothing"}`).join(", ")}. ` +
        "Change versions only with `npm run release`, which writes all of them.",
    );
    return { problems, notes, required: null };
  }
  const required = requiredLevel(overall(changes), releasedVersion);
  if (compareVersions(version, releasedVersion) < 0) {
    problems.push(`The version ${version} is lower than the last release, ${releasedVersion} (${RELEASED_BUNDLE}).`);
  }
  const breaking = changes.filter((c) => c.classification === "breaking");
  if (breaking.length > 0 && !isAtLeast(version, releasedVersion, required)) {
    const rule =
      required === "minor"
        ? "while the version is 0.x, a breaking change needs a minor release (from 1.0.0 on, a major)"
        : "a breaking change needs a major release";
    problems.push(
      `Breaking change${breaking.length > 1 ? "s" : ""} since ${releasedVersion}, but the version is ${version}:\n${listed(breaking)}\n` +
        `${rule[0].toUpperCase()}${rule.slice(1)}. Run \`npm run release -- ${required}\` (next version ${bump(releasedVersion, required)}), ` +
        "or undo the change. What counts as breaking: scripts/release/README.md.",
    );
  } else if (changes.length > 0 && version === releasedVersion) {
    const message = `Unreleased ${overall(changes)} changes since ${releasedVersion} (${changes.length}); the next release needs at least \`npm run release -- ${required}\`.`;
    if (mode === "publish") problems.push(`${message} Publishing them as ${version} would ship them unannounced.`);
    else notes.push(message);
  }
  if (mode === "publish" && version !== releasedVersion) {
    problems.push(
      `The version is ${version} but the last release snapshot is ${releasedVersion}: run \`npm run release\` rather than editing versions by hand.`,
    );
  }
  return { problems, notes, required };
}

/** The gate on the repository at `root` (a path ending in /), as it is on disk. */
export function checkRepository(root, mode = "commit") {
  const released = JSON.parse(readFileSync(`${root}${RELEASED_BUNDLE}`, "utf8"));
  const current = JSON.parse(readFileSync(`${root}${CURRENT_BUNDLE}`, "utf8"));
  const versions = { ...readVersions(root), [CURRENT_BUNDLE]: current.info.version };
  const changes = compareDescriptions(released, current);
  return { ...gate({ changes, releasedVersion: released.info.version, versions, mode }), changes };
}
