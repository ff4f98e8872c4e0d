// `npm run build:mcp`: the MCP server package (mcp/). tsc compiles mcp/src into mcp/dist, then the
// tool table — one tool per operation of the main package's description, with its input and output
// schemas (mcp-tools.mjs) — is written to mcp/dist/tools.json, which the server reads instead of the
// description.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadBundle } from "../lib/openapi.mjs";
import { mcpTools } from "./mcp-tools.mjs";

const root = new URL("../..", import.meta.url).pathname;
execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", `${root}mcp/tsconfig.json`], { stdio: "inherit" });
const { annotationsOf, READ_METHODS, WARNINGS } = await import(`${root}mcp/dist/annotations.js`);
const tools = mcpTools(loadBundle(), { annotationsOf, readMethods: READ_METHODS, warnings: WARNINGS });
writeFileSync(`${root}mcp/dist/tools.json`, `${JSON.stringify(tools, null, 1)}\n`);
