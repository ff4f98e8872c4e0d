// The MCP server's code mode (issue 44), as an agent and an installer pay for it: the tokens of the
// tool definitions (execute and types against the per-operation tools), the calls and result tokens of
// the agent tasks (bench/code-mode-tasks.mjs) both ways, the time of one small program, the time an
// endless loop and a memory bomb take to end under the default limits, and what the engine and the
// compiler add to the MCP package's install. Tokens: gpt-tokenizer's o200k_base encoding (an offline
// BPE tokenizer, pinned; Claude's own is not published, so counts are indicative, ratios the point).
// Built first: mcp/dist (`npm run build`). `node bench/code-mode.mjs` prints the table alone.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createClient } from "../generated/lib/index.js";
import { createSandbox, SANDBOX_ADMIN_KEY } from "../generated/lib/sandbox/index.js";
import { createMcpServer, SANDBOX_BASE_URL } from "../mcp/dist/index.js";
import { bytesUnder, installPacked } from "./checker.mjs";
import { seed, solve, tasks } from "./code-mode-tasks.mjs";
import { median } from "./stats.mjs";

const CODE_MODE_TOOLS = ["execute", "types"];
/** What code mode adds to the MCP package's install: the engine and the compiler. */
const CODE_MODE_PACKAGES = ["typescript", "quickjs-emscripten-core", "@jitl/quickjs-wasmfile-release-sync", "@jitl/quickjs-ffi-types"];
const SMALL_PROGRAM = `const { data } = await client.GET("/groups.json");\nreturn data?.map((group) => group.name);`;
const WARM_CALLS = 20;

async function connected(client, options = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer({ client, ...options });
  await server.connect(serverSide);
  const mcp = new Client({ name: "bench", version: "0" });
  await mcp.connect(clientSide);
  return {
    call: (name, args) => mcp.callTool({ name, arguments: args }),
    listTools: async () => (await mcp.listTools()).tools,
    close: async () => (await mcp.close(), await server.close()),
  };
}

async function seededServer(options) {
  const sandbox = createSandbox();
  const client = createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: sandbox.fetch });
  await seed(client);
  return connected(client, { allowWrites: true, ...options });
}

const tokensOf = (texts) => texts.reduce((sum, text) => sum + countTokens(text), 0);

async function definitions() {
  const measured = {};
  for (const allowWrites of [false, true]) {
    const server = await connected(createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: createSandbox().fetch }), {
      allowWrites,
    });
    try {
      const tools = await server.listTools();
      const perOperation = tools.filter((t) => !CODE_MODE_TOOLS.includes(t.name));
      const codeMode = tools.filter((t) => CODE_MODE_TOOLS.includes(t.name));
      const types = await server.call("types", { operations: ["listProjects", "listProjectUsers", "addProjectUser"] });
      measured[allowWrites ? "readWrite" : "readOnly"] = {
        perOperationTools: perOperation.length,
        perOperationTokens: countTokens(JSON.stringify(perOperation)),
        codeModeTokens: countTokens(JSON.stringify(codeMode)),
        typesAnswerTokens: countTokens(types.content[0].text),
      };
    } finally {
      await server.close();
    }
  }
  return measured;
}

async function agentTasks() {
  const rows = [];
  for (const task of tasks) {
    const row = { id: task.id, title: task.title };
    for (const way of ["execute", "per-operation"]) {
      const server = await seededServer();
      try {
        const { calls, texts } = await solve(task, way, server.call);
        row[way] = { calls, tokens: tokensOf(texts) };
      } finally {
        await server.close();
      }
    }
    rows.push(row);
  }
  return rows;
}

/** A small program's call, end to end over MCP: the first (TypeScript loaded, the engine compiled),
 * then the median of warm ones. */
async function perCall() {
  const server = await connected(createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: createSandbox().fetch }));
  try {
    const timed = async () => {
      const started = performance.now();
      const result = await server.call("execute", { code: SMALL_PROGRAM });
      if (result.isError) throw new Error(result.content[0].text);
      return performance.now() - started;
    };
    const firstMs = await timed();
    const warm = [];
    for (let i = 0; i < WARM_CALLS; i++) warm.push(await timed());
    const perOperationStarted = performance.now();
    for (let i = 0; i < WARM_CALLS; i++) await server.call("listGroups", {});
    return { firstMs, warmMs: median(warm), perOperationMs: (performance.now() - perOperationStarted) / WARM_CALLS };
  } finally {
    await server.close();
  }
}

/** An endless loop and a memory bomb under the default limits: how long until the error, and that the
 * next call is answered. */
async function ends() {
  const server = await connected(createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: createSandbox().fetch }));
  const measured = {};
  try {
    for (const [id, code] of [
      ["endlessLoop", "while (true) {}"],
      ["memoryBomb", `const hoard: string[] = []; for (let i = 0; ; i++) hoard.push("x".repeat(1_000_000) + i);`],
    ]) {
      const started = performance.now();
      const stopped = await server.call("execute", { code });
      const ms = performance.now() - started;
      const next = await server.call("execute", { code: "return 1;" });
      measured[id] = { ms, error: stopped.isError === true, nextAnswered: next.isError !== true };
    }
  } finally {
    await server.close();
  }
  return measured;
}

function installSize() {
  const installed = installPacked(["mcp"]);
  try {
    const modules = join(installed.project, "node_modules");
    const codeModeBytes = CODE_MODE_PACKAGES.reduce((sum, name) => sum + bytesUnder(join(modules, name)), 0);
    const typescriptBytes = bytesUnder(join(modules, "typescript"));
    return { installedBytes: installed.installedBytes, codeModeBytes, typescriptBytes };
  } finally {
    rmSync(installed.dir, { recursive: true, force: true });
  }
}

export async function benchCodeMode({ log = () => {} } = {}) {
  // First, so that its first call is the process's first: TypeScript loaded, the engine compiled.
  log("code mode: per-call time");
  const time = await perCall();
  log("code mode: tool definitions");
  const defs = await definitions();
  log("code mode: the agent tasks, both ways");
  const taskRows = await agentTasks();
  log("code mode: an endless loop and a memory bomb under the default limits");
  const stopped = await ends();
  log("code mode: install size (npm pack + install into an empty folder)");
  return { definitions: defs, tasks: taskRows, time, stopped, size: installSize() };
}

const thousands = (n) => Math.round(n).toLocaleString("en-US");
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function codeModeTable({ definitions: defs, tasks: taskRows, time, stopped, size }) {
  const { readOnly, readWrite } = defs;
  return [
    "| Code mode (issue 44) | execute + types | Per-operation tools |",
    "| --- | --- | --- |",
    `| Tool definitions, read-only, tokens | ${thousands(readOnly.codeModeTokens)} | ${thousands(readOnly.perOperationTokens)} (${readOnly.perOperationTools} tools) |`,
    `| Tool definitions with --allow-writes, tokens | ${thousands(readWrite.codeModeTokens)} | ${thousands(readWrite.perOperationTokens)} (${readWrite.perOperationTools} tools) |`,
    `| \`types\` for the tasks' three operations, tokens (once a session) | ${thousands(readWrite.typesAnswerTokens)} | |`,
    ...taskRows.map(
      (row) =>
        `| ${row.title}: calls, result tokens | ${row.execute.calls}, ${thousands(row.execute.tokens)} | ${row["per-operation"].calls}, ${thousands(row["per-operation"].tokens)} |`,
    ),
    `| A small program (one GET), end to end: first call, then median of ${WARM_CALLS} | ${thousands(time.firstMs)} ms, ${thousands(time.warmMs)} ms | ${thousands(time.perOperationMs)} ms a listGroups call |`,
    `| Endless loop / memory bomb, default limits: until the error (next call answered) | ${seconds(stopped.endlessLoop.ms)} (${stopped.endlessLoop.nextAnswered ? "yes" : "no"}) / ${seconds(stopped.memoryBomb.ms)} (${stopped.memoryBomb.nextAnswered ? "yes" : "no"}) | |`,
    `| MCP package installed with the main one (npm pack, empty folder) | ${mb(size.installedBytes)}, of which code mode ${mb(size.codeModeBytes)} (TypeScript ${mb(size.typescriptBytes)}) | ${mb(size.installedBytes - size.codeModeBytes)} without it |`,
  ].join("\n");
}

if (process.argv[1] === new URL(import.meta.url).pathname)
  console.log(codeModeTable(await benchCodeMode({ log: (m) => console.error(`bench: ${m}`) })));
