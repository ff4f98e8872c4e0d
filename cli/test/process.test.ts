// pcs as a process, as people and programs run it: a table on a (pseudo-)terminal and JSON when piped;
// `pcs sandbox` serving HTTP that `pcs` itself then calls; exit codes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/openapi.js";
import { run, startServer } from "../../test/support/run.js";

const PCS = `${repoRoot}cli/bin/pcs.js`;
const dir = mkdtempSync(join(tmpdir(), "pcs-process-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clean = { PATH: process.env.PATH!, HOME: dir };

describe("pcs as a process", () => {
  it("prints a table on a terminal (a pseudo-terminal from script(1)) and JSON when piped", async () => {
    const file = join(dir, "state.json");
    const command = `${process.execPath} ${PCS} --sandbox-file ${file} projects list --fields id,title`;
    const onTerminal = await run("script", ["-qec", command, "/dev/null"], { env: clean });
    expect(onTerminal.status).toBe(0);
    expect(onTerminal.stdout).toMatch(/ID\s+TITLE\r?\n48213\s+Spring 2025 launch campaign/);
    const piped = await run(process.execPath, [PCS, "--sandbox-file", file, "projects", "list", "--fields", "id,title"], { env: clean });
    expect(JSON.parse(piped.stdout)).toEqual([
      { id: 48213, title: "Spring 2025 launch campaign" },
      { id: 48377, title: "Retail window displays" },
    ]);
  });

  it("a usage mistake: one line on stderr, exit 2, nothing on stdout", async () => {
    const result = await run(process.execPath, [PCS, "projects", "list"], { env: clean });
    expect([result.status, result.stdout, result.stderr.trim().split("\n").length]).toEqual([2, "", 1]);
  });

  it("pcs sandbox serves HTTP on 127.0.0.1 that pcs then calls, until Ctrl-C", async () => {
    const server = await startServer(process.execPath, [PCS, "sandbox", "--port", "0"], { env: clean, ready: /http:\/\/127\.0\.0\.1:\d+/ });
    try {
      const listed = await run(process.execPath, [PCS, "groups", "list", "--fields", "name"], {
        env: { ...clean, PCS_BASE_URL: server.ready, PCS_API_KEY: "sandbox-admin-key" },
      });
      expect(listed.status, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
    } finally {
      server.child.kill("SIGINT");
    }
    expect(await server.exited).toBe(0);
  });
});
