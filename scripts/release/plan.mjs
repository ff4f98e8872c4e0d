// What `npm run release` would do, decided without touching any file: the level (asked for, or the
// least the changes need), the next version and the CHANGELOG.md entry. Throws, with what to do,
// when the release must not happen. release.mjs does the writing; the tests call this directly.
import { renderEntry } from "./changelog.mjs";
import { overall } from "./compare.mjs";
import { bump, compareVersions, LEVELS, requiredLevel } from "./versions.mjs";

export const NO_SUMMARY = '_(No summary yet: write one under "## Unreleased" in CHANGELOG.md, or pass --summary.)_';

/**
 * @param {object} input
 * @param {import("./compare.mjs").Change[]} input.changes  the source against the released bundle
 * @param {string} input.releasedVersion
 * @param {string} input.version        what the version files say now (they must agree)
 * @param {string} [input.requested]    "major" | "minor" | "patch"; default: what the changes need
 * @param {string} input.summary        may be "" for a dry run
 * @param {string} input.date           YYYY-MM-DD
 */
export function planRelease({ changes, releasedVersion, version, requested, summary, date }) {
  if (requested !== undefined && !LEVELS.includes(requested)) throw new Error(`unknown level "${requested}" (${LEVELS.join(", ")})`);
  const required = requiredLevel(overall(changes), releasedVersion);
  const level = requested ?? required;
  if (!level)
    throw new Error(`nothing changed in the description since ${releasedVersion}; name a level to release anyway (${LEVELS.join(", ")}).`);
  if (required && LEVELS.indexOf(level) < LEVELS.indexOf(required)) {
    const breaking = changes.filter((c) => c.classification === "breaking").map((c) => `  - ${c.operation}: ${c.text}`);
    throw new Error(`these changes need at least a ${required} release, not ${level}:\n${breaking.join("\n")}`);
  }
  const next = bump(releasedVersion, level);
  if (compareVersions(version, next) > 0)
    throw new Error(`the version is already ${version}, past ${next}; the last release is ${releasedVersion}.`);
  const entry = renderEntry({ version: next, date, summary: summary || NO_SUMMARY, changes, previousVersion: releasedVersion });
  return { level, required, next, entry };
}
