// The official MCP Inspector's CLI, as a third-party client, against the built server over stdio:
// it lists the read tools of the description and code mode's, calls listProjects (on the 2025
// handshake, its default, and on the 2026-07-28 revision) and runs an execute program in the sandbox;
// no write tool is there to call. The Inspector (v2) needs Node 22.19 or later: it runs on Node 24 from npm's `node` package,
// which then also runs the server (npx puts its `node` first on PATH).
import { expect, it } from "vitest";
import { envWithoutNpm, type Finished, run } from "../../../test/support/run.js";
import { CODE_MODE_TOOLS, dataOf, described, isRead, repoRoot } from "../support.js";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const NODE = "node@24.21.0";
const server = ["node", `${repoRoot}mcp/bin/project-collaboration-mcp.js`, "--sandbox"];

function inspector(args: string[]): Promise<Finished> {
  // --prefer-offline: npm's cache first; no PCS_* variable reaches the server.
  return run("npx", ["--prefer-offline", "-y", "-p", NODE, "-p", INSPECTOR, "--", "mcp-inspector", "--cli", ...server, ...args], {
    env: envWithoutNpm(/^PCS_/i),
    timeoutMs: 280_000,
  });
}

it("lists the description's read operations as tools", async () => {
  const { status, stdout, stderr } = await inspector(["--method", "tools/list"]);
  expect(status, stderr).toBe(0);
  const names = (JSON.parse(stdout).tools as { name: string }[]).map((t) => t.name).sort();
  expect(names).toEqual([...described.filter(isRead).map((o) => o.operationId), ...CODE_MODE_TOOLS].sort());
});

it("runs an execute program in the sandbox (issue 44)", async () => {
  const code = `const projects = await collectAll(client, "/projects.json");\nreturn projects.map((project) => project.id);`;
  const { status, stdout, stderr } = await inspector(["--method", "tools/call", "--tool-name", "execute", "--tool-arg", `code=${code}`]);
  expect(status, stderr).toBe(0);
  const result = JSON.parse(stdout);
  expect(result.isError, result.content?.[0]?.text).toBeFalsy();
  const ids = result.structuredContent.result as number[];
  expect(ids.length).toBeGreaterThan(0);
  expect(dataOf(result)).toEqual({ result: ids, logs: [] });
});

it("calls listProjects in the sandbox", async () => {
  const { status, stdout, stderr } = await inspector(["--method", "tools/call", "--tool-name", "listProjects", "--tool-arg", "limit=2"]);
  expect(status, stderr).toBe(0);
  const result = JSON.parse(stdout);
  expect(result.isError).toBeFalsy();
  // The structured content, and the same data as marked text for clients that read only text.
  expect(result.structuredContent.items).toHaveLength(2);
  expect(dataOf(result)).toEqual(result.structuredContent.items);
});

it("speaks the 2026-07-28 revision with it too (--protocol-era modern: server/discover, no fallback)", async () => {
  const { status, stdout, stderr } = await inspector([
    "--protocol-era",
    "modern",
    "--method",
    "tools/call",
    "--tool-name",
    "listProjects",
    "--tool-arg",
    "limit=2",
  ]);
  expect(status, stderr).toBe(0);
  const result = JSON.parse(stdout);
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent.items).toHaveLength(2);
  expect(dataOf(result)).toEqual(result.structuredContent.items);
});

it("finds no write tool on a read-only server", async () => {
  const { status, stdout, stderr } = await inspector([
    "--method",
    "tools/call",
    "--tool-name",
    "deleteProject",
    "--tool-arg",
    "project_id=48213",
  ]);
  expect(status).not.toBe(0);
  // The Inspector looks the tool up in tools/list before calling it.
  expect(`${stdout}${stderr}`).toMatch(/Tool 'deleteProject' not found/);
});
