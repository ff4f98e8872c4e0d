// The contract checker (contract/) as an implementer gets it and uses it:
// - installed size: the main package's and the checker's tarballs (npm pack) installed into an empty
//   folder with their dependencies, every byte of node_modules counted;
// - runs against the sandbox over HTTP on 127.0.0.1 at the default settings: read-only (the sandbox
//   as a user's server) and writing (writes allowed), each with its run time and requests sent;
// - the read-only run again behind 150 ms of added latency per request (a server across a continent).
// Built first: contract/dist and generated/lib (`npm run build`).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runContract } from "../contract/dist/index.js";
import { createSandbox } from "../generated/lib/sandbox/index.js";
import { serveSandbox } from "../scripts/servers/sandbox-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const LATENCY_MS = 150;

export function bytesUnder(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The main package's and the checker's tarballs installed into a new empty folder: its path (remove it after). */
export function installPackedChecker() {
  return installPacked(["contract"]);
}

/** The main package's tarball and those of `workspaces` (cli, contract…) installed into a new empty
 * folder with their dependencies, as a user gets them: its path (remove it after) and size. */
export function installPacked(workspaces) {
  const dir = mkdtempSync(join(tmpdir(), "pcs-packed-install-"));
  const tarballs = ["", ...workspaces].map((workspace) => {
    const run = spawnSync(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", dir, ...(workspace ? ["-w", workspace] : [])],
      { cwd: root, encoding: "utf8" },
    );
    if (run.status !== 0) throw new Error(`npm pack failed:\n${run.stderr}`);
    return join(dir, JSON.parse(run.stdout)[0].filename);
  });
  const project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "implementer", private: true }));
  const install = spawnSync(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", ...tarballs],
    { cwd: project, encoding: "utf8" },
  );
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  return {
    dir,
    project,
    installedBytes: bytesUnder(join(project, "node_modules")),
    packages: readdirSync(join(project, "node_modules")).length,
  };
}

export function installedSize() {
  const installed = installPackedChecker();
  rmSync(installed.dir, { recursive: true, force: true });
  return { installedBytes: installed.installedBytes, packages: installed.packages };
}

async function timedRun({ allowWrites, latencyMs = 0 }) {
  const sandbox = createSandbox();
  const server = await serveSandbox(sandbox, { port: 0 });
  const delay = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
  try {
    const started = performance.now();
    const run = await runContract({
      target: {
        name: "sandbox",
        baseUrl: server.url,
        apiKey: "sandbox-admin-key",
        otherApiKey: "sandbox-viewer-key",
        isMock: false,
        stateful: true,
        allowWrites,
        checksKeys: true,
        disposable: false,
        ...(latencyMs && { fetch: async (request) => (await delay(), fetch(request)) }),
      },
      level: "full",
    });
    const failed = run.results.filter((r) => r.status === "failed").length;
    return { seconds: (performance.now() - started) / 1000, requests: run.requests, checks: run.results.length, failed };
  } finally {
    await server.close();
  }
}

export async function benchChecker({ log = () => {} } = {}) {
  log("checker: installed size from the packed tarballs");
  const size = installedSize();
  log("checker: a read-only run against the sandbox");
  const readOnly = await timedRun({ allowWrites: false });
  log("checker: a writing run against the sandbox");
  const writing = await timedRun({ allowWrites: true });
  log(`checker: a read-only run with ${LATENCY_MS} ms of latency`);
  const slow = await timedRun({ allowWrites: false, latencyMs: LATENCY_MS });
  return { size, readOnly, writing, slow, latencyMs: LATENCY_MS };
}

export function checkerTable({ size, readOnly, writing, slow, latencyMs }) {
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const run = (r) => `${r.seconds.toFixed(1)} s, ${r.requests} requests, ${r.checks} checks, ${r.failed} failed`;
  return [
    "| The contract checker | Measured | Goal |",
    "| --- | --- | --- |",
    `| Installed from the packed tarballs (node_modules, ${size.packages} entries) | ${mb(size.installedBytes)} | ≤ 10 MB |`,
    `| Read-only run against the sandbox (default settings) | ${run(readOnly)} | |`,
    `| Writing run against the sandbox | ${run(writing)} | |`,
    `| Read-only run, ${latencyMs} ms added to every request | ${run(slow)} | ≤ 15 s |`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await benchChecker({ log: (m) => console.error(`bench: ${m}`) });
  console.log(checkerTable(results));
}
