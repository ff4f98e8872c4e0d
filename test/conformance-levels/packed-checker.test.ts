// The checker as an implementer installs it: the main package's and the checker's tarballs (npm pack)
// installed into an empty folder — at most 10 MB with their dependencies — and its command run from
// there against `npm run sandbox` (the sandbox behind Prism's validating proxy, on a free port), as a
// user's server: read-only, it passes and exits 0, and --junit writes a test case per check; without a
// base URL it exits 2.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPackedChecker } from "../../bench/checker.mjs";
import { startSandbox } from "../../scripts/servers/sandbox-server.mjs";
import { run } from "../support/run.js";

let installed: ReturnType<typeof installPackedChecker>;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  installed = installPackedChecker();
  sandbox = await startSandbox();
}, 240_000);
afterAll(async () => {
  await sandbox?.stop();
  if (installed) rmSync(installed.dir, { recursive: true, force: true });
});

const npx = (args: string[], env: Record<string, string> = {}) =>
  run("npx", ["--no-install", "@project-collaboration/contract", ...args], {
    cwd: installed.project,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...env },
  });

describe("the checker from its packed tarballs", () => {
  it("installs in at most 10 MB", () => {
    expect(installed.installedBytes).toBeLessThanOrEqual(10 * 1024 * 1024);
  });

  it("checks `npm run sandbox` read-only and exits 0, with a JUnit test case per check", async () => {
    const report = join(installed.dir, "junit.xml");
    const json = join(installed.dir, "report.json");
    const checked = await npx(["--base-url", sandbox.url, "--junit", report, "--json", json], { PCS_API_KEY: "sandbox-admin-key" });
    expect(checked.status, `${checked.stdout.slice(-3000)}\n${checked.stderr}`).toBe(0);
    expect(checked.stdout.split("\n")[0]).toContain(`checking ${sandbox.url} — level documented, read-only`);
    const checks = JSON.parse(readFileSync(json, "utf8")).checks as Array<{ status: string }>;
    expect(checks.filter((c) => c.status === "failed")).toEqual([]);
    expect(readFileSync(report, "utf8").match(/<testcase /g)?.length).toBe(checks.length);
  }, 120_000);

  it("exits 2 and checks nothing without a base URL", async () => {
    const refused = await npx([], { PCS_API_KEY: "sandbox-admin-key" });
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe("");
    // npx itself may warn about this machine's npm configuration; the checker says one line.
    expect(refused.stderr.split("\n").filter((line) => line && !line.startsWith("npm warn"))).toHaveLength(1);
  });
});
