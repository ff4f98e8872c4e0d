// `npm ci` prints no warning on the Node.js that runs this suite (CI runs it on the machine's, 22, 24
// and 26), read from package-lock.json the way npm decides: no installed package's `engines` refuses
// this Node.js or this npm (npm's EBADENGINE warning), and every install script is decided in
// `allowScripts` (npm's "install scripts not yet covered" notice).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";

// semver ships no types (scripts/release/ uses it from JavaScript); this is the one function used.
const semver = createRequire(import.meta.url)("semver") as { satisfies(version: string, range: string): boolean };

interface LockEntry {
  version?: string;
  engines?: { node?: string; npm?: string } | string[];
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  hasInstallScript?: boolean;
  link?: boolean;
}

const manifest = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
const lock: Record<string, LockEntry> = JSON.parse(readFileSync(`${repoRoot}package-lock.json`, "utf8")).packages;

/** Whether an os, cpu or libc list admits `value` (npm's rule: a "!x" entry excludes x; else it must be listed). */
function admits(list: string[] | undefined, value: string): boolean {
  if (!list?.length) return true;
  if (list.includes(`!${value}`)) return false;
  return list.some((entry) => !entry.startsWith("!")) ? list.includes(value) : true;
}
const libc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime ? "glibc" : "musl";

/** The lock's packages npm installs here: the optional ones for another platform are left out. */
const installed = Object.entries(lock).filter(
  ([path, entry]) =>
    path.includes("node_modules/") &&
    !entry.link &&
    admits(entry.os, process.platform) &&
    admits(entry.cpu, process.arch) &&
    (process.platform !== "linux" || admits(entry.libc, libc)),
);

it("reads a lock of the whole install", () => {
  expect(installed.length).toBeGreaterThan(300);
});

it(`no package npm ci installs refuses Node.js ${process.versions.node} or this npm (no EBADENGINE)`, async () => {
  // npm says its version to the scripts it runs ("npm/11.19.1 node/v20.20.2 …"); asked otherwise.
  const npm = /\bnpm\/(\S+)/.exec(process.env.npm_config_user_agent ?? "")?.[1] ?? (await run("npm", ["--version"])).stdout.trim();
  const refusing = installed.flatMap(([path, { engines }]) => {
    if (!engines || Array.isArray(engines)) return [];
    const refuses = [
      engines.node && !semver.satisfies(process.versions.node, engines.node) ? `node ${engines.node}` : "",
      engines.npm && !semver.satisfies(npm, engines.npm) ? `npm ${engines.npm}` : "",
    ].filter(Boolean);
    return refuses.length ? [`${path}: ${refuses.join(", ")}`] : [];
  });
  expect(refusing).toEqual([]);
});

it("every install script of the install is decided in allowScripts (no install-script notice)", () => {
  const decided = new Set(Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@[^@]*$/, "$1")));
  const undecided = installed
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length))
    .filter((name) => !decided.has(name));
  expect(undecided).toEqual([]);
});
