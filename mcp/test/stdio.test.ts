// The built command over stdio, as an MCP client starts it: the SDK's Client with its
// StdioClientTransport spawns it against the sandbox (no key), the run's mock (key and base URL) and a
// server that echoes the key; and a usage mistake is one line on stderr with exit code 2.
import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Finished, run } from "../../test/support/run.js";
import { target } from "../../test/support/target.js";
import { CANARY_KEY, canaryForms, startEchoServer, type EchoServer } from "./echo-server.js";
import { CODE_MODE_TOOLS, described, isRead, repoRoot, textOf, dataOf } from "./support.js";

const command = `${repoRoot}mcp/bin/project-collaboration-mcp.js`;
// Only what a process needs: no PCS_* variable of the test run leaks into a server that should not have it.
const baseEnv = { PATH: process.env.PATH ?? "" };

interface Spawned {
  client: Client;
  /** Every message the server sent on stdout, as JSON text. */
  received: string[];
  stderr: () => string;
}

async function spawnServer(args: string[], env: Record<string, string>): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, ...args],
    env: { ...baseEnv, ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const client = new Client({ name: "mcp-stdio-test", version: "0" });
  await client.connect(transport);
  const received: string[] = [];
  const deliver = transport.onmessage!;
  transport.onmessage = (message) => {
    received.push(JSON.stringify(message));
    deliver(message);
  };
  return { client, received, stderr: () => stderr };
}

let echo: EchoServer;
let sandbox: Spawned;
let mock: Spawned;
let leaky: Spawned;
let usageMistake: Promise<Finished>;
let misspeltOption: Promise<Finished>;
beforeAll(async () => {
  expect(existsSync(`${repoRoot}mcp/dist/cli.js`), "mcp/dist/ is missing: run npm run build").toBe(true);
  echo = await startEchoServer();
  const { baseUrl, apiKey } = target();
  // Started side by side: each is a Node.js start-up.
  usageMistake = run(process.execPath, [command, "--tools", "listProject"], { env: baseEnv });
  misspeltOption = run(process.execPath, [command, "--allow-write"], { env: baseEnv });
  [sandbox, mock, leaky] = await Promise.all([
    spawnServer([], {}),
    spawnServer([], { PCS_BASE_URL: baseUrl, PCS_API_KEY: apiKey }),
    spawnServer(["--tools", "listProjects,getGroup"], { PCS_BASE_URL: echo.url, PCS_API_KEY: CANARY_KEY }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox, mock, leaky].map((s) => s?.client.close()));
  await echo?.close();
});

describe("npx project-collaboration-mcp", () => {
  it("without a key: the read tools, answering from the sandbox", async () => {
    const { tools } = await sandbox.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...described.filter(isRead).map((o) => o.operationId), ...CODE_MODE_TOOLS].sort());
    const projects = dataOf(await sandbox.client.callTool({ name: "listProjects", arguments: {} }));
    expect(Array.isArray(projects) && projects.length > 0).toBe(true);
    expect(sandbox.stderr()).toMatch(/read-only\) against the in-process sandbox/);
  });

  it("with PCS_BASE_URL and PCS_API_KEY: listProjects from the run's server (the mock)", async () => {
    const result = await mock.client.callTool({ name: "listProjects", arguments: { limit: 2 } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(Array.isArray(dataOf(result))).toBe(true);
    expect(mock.stderr()).toMatch(/against the service at /);
  });

  it("never sends or logs the key, though the server echoes it in a success and in a failure", async () => {
    expect((await leaky.client.listTools()).tools.map((t) => t.name).sort()).toEqual(["execute", "getGroup", "listProjects", "types"]);
    expect(textOf(await leaky.client.callTool({ name: "listProjects", arguments: {} }))).toContain("[REDACTED]");
    const failed = await leaky.client.callTool({ name: "getGroup", arguments: { group_id: 2 } });
    expect(failed.isError).toBe(true);
    expect(echo.received).toEqual([CANARY_KEY, CANARY_KEY]);
    expect(leaky.received.length).toBeGreaterThanOrEqual(3);
    for (const form of canaryForms) {
      expect(
        leaky.received.filter((m) => m.includes(form)),
        form,
      ).toEqual([]);
      expect(leaky.stderr(), form).not.toContain(form);
    }
  });

  it("lists code mode's tools with --list-tools, execute writing only with --allow-writes", async () => {
    const [readOnly, readWrite] = await Promise.all([
      run(process.execPath, [command, "--list-tools"], { env: baseEnv }),
      run(process.execPath, [command, "--list-tools", "--allow-writes"], { env: baseEnv }),
    ]);
    expect(readOnly.stdout.trim().split("\n").slice(-2)).toEqual(["execute\tread\tcode mode", "types\tread\tcode mode"]);
    expect(readWrite.stdout).toContain("execute\twrite\tcode mode\n");
  });

  it("answers a usage mistake with one line on stderr and exit code 2", async () => {
    const mistake = await usageMistake;
    expect(mistake.status).toBe(2);
    expect(mistake.stdout).toBe("");
    expect(mistake.stderr.trim().split("\n")).toHaveLength(1);
    expect(mistake.stderr).toMatch(/unknown tool listProject; the tools are /);
  });

  it("names the option a misspelt one meant, in the same one line", async () => {
    const mistake = await misspeltOption;
    expect([mistake.status, mistake.stdout]).toEqual([2, ""]);
    expect(mistake.stderr).toBe("@project-collaboration/mcp: Unknown option '--allow-write': did you mean --allow-writes? (see --help)\n");
  });
});
