// `npm run build:mcp`: the MCP server package (mcp/). tsc compiles mcp/src into mcp/dist, then the
// tool table — one tool per operation of the main package's description, with its input and output
// schemas — is written to mcp/dist/tools.json, which the server reads instead of the description.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const root = new URL("../..", import.meta.url).pathname;
execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", `${root}mcp/tsconfig.json`], { stdio: "inherit" });
const { operationTools } = await import(`${root}mcp/dist/operations.js`);
writeFileSync(`${root}mcp/dist/tools.json`, `${JSON.stringify(operationTools(), null, 1)}\n`);
