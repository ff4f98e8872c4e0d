// pcs as a process, as people and programs run it: a table on a (pseudo-)terminal and JSON when piped;
// `pcs sandbox` serving HTTP that `pcs` itself then calls (and a --dry-run's curl command too), for this
// machine's names only, warning when bound beyond it; exit codes; a silent and a trickling server end
// the process within the client's limits.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startHostileServer } from "../../test/support/hostile-server.js";
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

  it("pcs sandbox serves HTTP on 127.0.0.1 that pcs then calls, and --dry-run's curl too, for this machine's names only, until Ctrl-C", async () => {
    const server = await startServer(process.execPath, [PCS, "sandbox", "--port", "0"], { env: clean, ready: /http:\/\/127\.0\.0\.1:\d+/ });
    try {
      const env = { ...clean, PCS_BASE_URL: server.ready, PCS_API_KEY: "sandbox-admin-key" };
      const listed = await run(process.execPath, [PCS, "groups", "list", "--fields", "name"], { env });
      expect(listed.status, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
      const curl = await run(process.execPath, [PCS, "groups", "list", "--fields", "name", "--dry-run"], { env });
      expect(curl.stdout).toMatch(/^curl .*\n {2}-u "\$PCS_API_KEY:"/s);
      expect(curl.stdout).not.toContain(btoa("sandbox-admin-key:"));
      const sent = await run("sh", ["-c", `${curl.stdout.trim()} --silent --show-error`], { env });
      expect([sent.status, JSON.parse(sent.stdout)]).toEqual([
        0,
        JSON.parse((await run(process.execPath, [PCS, "groups", "list"], { env })).stdout),
      ]);
      // A page whose domain was rebound to 127.0.0.1 sends its own name: refused.
      const { port } = new URL(server.ready);
      const rebound = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/public/api/groups.json",
            headers: { host: `rebound.example:${port}`, authorization: `Basic ${btoa("sandbox-admin-key:")}` },
          },
          (response) => (response.resume(), resolve(response.statusCode ?? 0)),
        );
        request.on("error", reject).end();
      });
      expect(rebound).toBe(403);
    } finally {
      server.child.kill("SIGINT");
    }
    expect(await server.exited).toBe(0);
  });

  it("pcs sandbox bound beyond this machine says so", async () => {
    const server = await startServer(process.execPath, [PCS, "sandbox", "--port", "0", "--host", "0.0.0.0"], {
      env: clean,
      ready: /sandbox on http:\/\/0\.0\.0\.0:\d+/,
    });
    await server.stop("SIGINT");
    expect(server.printed()).toMatch(/^pcs: warning: listening on 0\.0\.0\.0, beyond this machine: .*Host check .* is off/m);
  });

  it("a silent server and a trickling one: the process ends within the client's limits, exit 1, one line naming them and the URL", async () => {
    const hostile = await startHostileServer();
    try {
      const results = await Promise.all(
        ["silent", "trickle"].map((behaviour) =>
          run(process.execPath, [PCS, "projects", "get", "48213"], {
            env: { ...clean, PCS_API_KEY: "k-0123456789", PCS_BASE_URL: `${hostile.url}/${behaviour}/api`, PCS_TIMEOUT_MS: "300" },
            timeoutMs: 20_000,
          }),
        ),
      );
      for (const [i, behaviour] of ["silent", "trickle"].entries())
        expect([results[i]!.status, results[i]!.stdout, results[i]!.stderr]).toEqual([
          1,
          "",
          expect.stringMatching(
            new RegExp(
              `^pcs: projects get: GET ${hostile.url}/${behaviour}/api/projects/48213\\.json timed out: no complete answer within 0\\.3 s.*\\n$`,
            ),
          ),
        ]);
    } finally {
      await hostile.close();
    }
  });
});
