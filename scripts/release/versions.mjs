// Version numbers: what a set of changes requires, and the four files that carry the version
// (package.json, package-lock.json, the description's info.version, the client's User-Agent constant).
import { readFileSync, writeFileSync } from "node:fs";
import semver from "semver";

export const LEVELS = ["patch", "minor", "major"];

/** A release version ("1.2.3", as semver parses it); a pre-release or build suffix is not supported by the release flow. */
function release(version) {
  const parsed = semver.parse(String(version));
  if (!parsed || parsed.version !== String(version) || parsed.prerelease.length > 0) {
    throw new Error(`"${version}" is not a release version (MAJOR.MINOR.PATCH)`);
  }
  return parsed;
}

export const compareVersions = (a, b) => semver.compare(release(a), release(b));

export function bump(version, level) {
  if (!LEVELS.includes(level)) throw new Error(`unknown release level "${level}" (major, minor or patch)`);
  return semver.inc(release(version), level);
}

/**
 * The smallest release level the changes need, from the released version: a breaking change needs a
 * major (a minor while 0.x, where semver lets the minor carry breaking changes); an addition needs a
 * minor from 1.0.0 on (a patch while 0.x); a documentation change a patch. null: nothing changed.
 */
export function requiredLevel(worst, releasedVersion) {
  if (worst === null) return null;
  const initial = release(releasedVersion).major === 0;
  if (worst === "breaking") return initial ? "minor" : "major";
  if (worst === "non-breaking") return initial ? "patch" : "minor";
  return "patch";
}

/** Does `version` carry at least a `level` release after `released`? */
export function isAtLeast(version, released, level) {
  return compareVersions(version, bump(released, level)) >= 0;
}

// --- the files -------------------------------------------------------------------------------

export const VERSION_FILES = {
  packageJson: "package.json",
  packageLock: "package-lock.json",
  description: "openapi/openapi.yaml",
  client: "src/version.ts",
};

// info.version is the first two-space-indented `version:` of the root file (info comes first);
// edited as text so the file's comments and layout stay as they are.
const DESCRIPTION_VERSION = /^( {2}version: )(['"]?)([^'"\s]+)\2$/m;
const CLIENT_VERSION = /^(export const PACKAGE_VERSION = ")([^"]+)(";)$/m;

/** The version each file states, read from `root` (a path ending in /). */
export function readVersions(root) {
  const read = (file) => readFileSync(`${root}${file}`, "utf8");
  const lock = JSON.parse(read(VERSION_FILES.packageLock));
  return {
    [VERSION_FILES.packageJson]: JSON.parse(read(VERSION_FILES.packageJson)).version,
    [VERSION_FILES.packageLock]: lock.packages?.[""]?.version ?? lock.version,
    [VERSION_FILES.description]: DESCRIPTION_VERSION.exec(read(VERSION_FILES.description))?.[3],
    [VERSION_FILES.client]: CLIENT_VERSION.exec(read(VERSION_FILES.client))?.[2],
  };
}

/** Writes `version` into every file that carries it. */
export function writeVersions(root, version) {
  const edit = (file, change) => writeFileSync(`${root}${file}`, change(readFileSync(`${root}${file}`, "utf8")));
  const setJsonVersion = (text, set) => {
    const json = JSON.parse(text);
    set(json);
    return `${JSON.stringify(json, null, 2)}\n`;
  };
  edit(VERSION_FILES.packageJson, (text) => setJsonVersion(text, (json) => (json.version = version)));
  edit(VERSION_FILES.packageLock, (text) =>
    setJsonVersion(text, (json) => {
      json.version = version;
      if (json.packages?.[""]) json.packages[""].version = version;
    }),
  );
  edit(VERSION_FILES.description, (text) => {
    if (!DESCRIPTION_VERSION.test(text)) throw new Error(`${VERSION_FILES.description}: no info.version line found`);
    return text.replace(DESCRIPTION_VERSION, `$1$2${version}$2`);
  });
  edit(VERSION_FILES.client, (text) => {
    if (!CLIENT_VERSION.test(text)) throw new Error(`${VERSION_FILES.client}: no PACKAGE_VERSION constant found`);
    return text.replace(CLIENT_VERSION, `$1${version}$3`);
  });
}
