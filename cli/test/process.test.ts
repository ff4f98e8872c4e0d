// pcs as a process, as people and programs run it: a table on a (pseudo-)terminal and JSON when piped;
// `pcs sandbox` serving HTTP that `pcs` itself then calls; exit codes.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/openapi.js";

const PCS = `${repoRoot}cli/bin/pcs.js`;
const dir = mkdtempSync(join(tmpdir(), "pcs-process-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clean = { PATH: process.env.PATH!, HOME: dir };

describe("pcs as a process", () => {
  it("prints a table on a terminal (a pseudo-terminal from script(1)) and JSON when piped", () => {
    const file = join(dir, "state.json");
    const command = `${process.execPath} ${PCS} --sandbox-file ${file} projects list --fields id,title`;
    const onTerminal = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", env: clean });
    expect(onTerminal.status).toBe(0);
    expect(onTerminal.stdout).toMatch(/ID\s+TITLE\r?\n48213\s+Spring 2025 launch campaign/);
    const piped = spawnSync(process.execPath, [PCS, "--sandbox-file", file, "projects", "list", "--fields", "id,title"], {
      encoding: "utf8",
      env: clean,
    });
    expect(JSON.parse(piped.stdout)).toEqual([
      { id: 48213, title: "Spring 2025 launch campaign" },
      { id: 48377, title: "Retail window displays" },
    ]);
  });

  it("a usage mistake: one line on stderr, exit 2, nothing on stdout", () => {
    const result = spawnSync(process.execPath, [PCS, "projects", "list"], { encoding: "utf8", env: clean });
    expect([result.status, result.stdout, result.stderr.trim().split("\n").length]).toEqual([2, "", 1]);
  });

  it("pcs sandbox serves HTTP on 127.0.0.1 that pcs then calls, until Ctrl-C", async () => {
    const server = spawn(process.execPath, [PCS, "sandbox", "--port", "0"], { env: clean });
    let printed = "";
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (chunk) => {
        printed += chunk;
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(printed);
        if (found) resolve(found[0]);
      });
      server.once("exit", (code) => reject(new Error(`pcs sandbox exited with ${code}: ${printed}`)));
    });
    try {
      const listed = spawnSync(process.execPath, [PCS, "groups", "list", "--fields", "name"], {
        encoding: "utf8",
        env: { ...clean, PCS_BASE_URL: url, PCS_API_KEY: "sandbox-admin-key" },
      });
      expect(listed.status, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
    } finally {
      server.kill("SIGINT");
    }
    expect(await new Promise((resolve) => server.once("exit", resolve))).toBe(0);
  });
});
