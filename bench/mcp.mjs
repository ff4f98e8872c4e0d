// The MCP server as an agent pays for it, in characters (what a model reads): the tool list every
// request carries (read-only, the default, and with --allow-writes), and the text of one default page
// of listProjects (30 projects) from the in-process sandbox. Built first: mcp/dist (`npm run build`).
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { createClient } from "../generated/lib/index.js";
import { createSandbox } from "../generated/lib/sandbox/index.js";
import { createMcpServer } from "../mcp/dist/index.js";

async function connected(client, allowWrites) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer({ client, allowWrites });
  await server.connect(serverSide);
  const mcp = new Client({ name: "bench", version: "0" });
  await mcp.connect(clientSide);
  return { mcp, close: async () => (await mcp.close(), await server.close()) };
}

export async function benchMcp() {
  const sandbox = createSandbox();
  const client = createClient({ baseUrl: "https://sandbox.invalid/public/api", apiKey: "sandbox-admin-key", fetch: sandbox.fetch });
  // A page of 30: the example seed holds two projects, so 28 more, named and described like real ones.
  for (let i = 1; i <= 28; i++)
    await client.POST("/projects.json", {
      body: {
        name: `Campaign ${i} — spring launch`,
        description: "Landing page, three banner sizes and the launch email.",
        job_code: `NW-${1000 + i}`,
      },
    });
  const readOnly = await connected(client, false);
  const writes = await connected(client, true);
  try {
    const page = await readOnly.mcp.callTool({ name: "listProjects", arguments: {} });
    const { tools } = await readOnly.mcp.listTools();
    const { tools: allTools } = await writes.mcp.listTools();
    return {
      toolListChars: JSON.stringify(tools).length,
      toolListAllChars: JSON.stringify(allTools).length,
      toolCount: tools.length,
      toolCountAll: allTools.length,
      defaultPageChars: page.content[0].text.length,
      defaultPageItems: page.structuredContent.items.length,
    };
  } finally {
    await readOnly.close();
    await writes.close();
  }
}

export function mcpTable({ toolListChars, toolListAllChars, toolCount, toolCountAll, defaultPageChars, defaultPageItems }) {
  return [
    "| The MCP server, in characters a model reads | Measured | Before (issue 29) |",
    "| --- | --- | --- |",
    `| Tool list, read-only (the default: ${toolCount} tools, each with an output schema) | ${toolListChars.toLocaleString("en-US")} | 7,246 (no output schemas) |`,
    `| Tool list with --allow-writes (${toolCountAll} tools) | ${toolListAllChars.toLocaleString("en-US")} | |`,
    `| listProjects, default page (${defaultPageItems} projects): the text result | ${defaultPageChars.toLocaleString("en-US")} | about 17,000 (pretty-printed JSON) |`,
  ].join("\n");
}

if (process.argv[1] === new URL(import.meta.url).pathname) console.log(mcpTable(await benchMcp()));
