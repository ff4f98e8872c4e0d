// Issue 42, item 11: every run of the checker ends by itself, its reports written, against a server that
// accepts connections and never answers, one that trickles its headers, one that trickles its body, and
// a stand-in whose file lists never end (the run is under way when --max-time comes) — the command as a
// user runs it, in a process of its own, under a full garbage collection every second (which is what
// made Node's fetch lose its aborts: the sockets then kept the process alive for minutes). The child is
// killed 30 s past its --max-time: a run still alive then fails the test (signal SIGKILL).
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";
import { type HostileServer, silent, tricklingBody, tricklingHeaders } from "../support/stand-in/hostile.js";
import { STAND_IN_KEY } from "../support/stand-in/seed.js";
import { scratchDirForFile } from "../support/scratch.js";

/** The checker against the server `start` starts (closed after, whatever happened). */
async function against(start: () => Promise<HostileServer>, timeout: number, maxTime: number) {
  const server = await start();
  try {
    return await checker(server.url, timeout, maxTime);
  } finally {
    await server.close();
  }
}

/** Every run's reports, in one folder removed after the file's last test (its tests run side by side). */
const runs = scratchDirForFile("pcs-contract-ends-");

async function checker(url: string, timeout: number, maxTime: number) {
  const json = join(mkdtempSync(join(runs, "run-")), "r.json");
  const args = ["--base-url", url, "--timeout", String(timeout), "--max-time", String(maxTime), "--json", json];
  const finished = await run(
    process.execPath,
    ["--expose-gc", "--import", `${repoRoot}test/support/collect-garbage.mjs`, `${repoRoot}contract/bin/pcs-contract.js`, ...args],
    { env: { PATH: process.env.PATH!, PCS_API_KEY: STAND_IN_KEY }, timeoutMs: (maxTime + 30) * 1000 },
  );
  return { ...finished, json: existsSync(json) ? JSON.parse(readFileSync(json, "utf8")) : undefined };
}

describe.concurrent("every run ends by itself, its reports written", () => {
  for (const [name, start] of [
    ["a server that never answers", silent],
    ["a server that trickles its headers", tricklingHeaders],
    ["a server that trickles its body", () => tricklingBody()],
  ] as const)
    for (const [limit, timeout, maxTime] of [
      ["--timeout", 3, 60],
      ["--max-time", 60, 3],
    ] as const)
      it(`${name}, ended by ${limit}`, async () => {
        const result = await against(start, timeout, maxTime);
        expect(result.signal, result.output).toBe(null);
        expect(result.status).toBe(2);
        expect(result.stderr).toMatch(limit === "--timeout" ? /within --timeout 3 s/ : /reached its time limit \(--max-time 3 s\)/);
        expect(result.json.setupError).toBeDefined();
      });

  it("a server whose file lists never end, the checks under way: ended by --max-time", async () => {
    const result = await against(() => tricklingBody(/\/files\.json$/), 60, 4);
    expect(result.signal, result.output).toBe(null);
    expect(result.status, result.output).toBe(1);
    expect(result.json.endedBy).toBe("max-time");
    expect(result.stdout.trim().split("\n").at(-1)).toMatch(/^INCOMPLETE — /);
  });
});
