// `npm run build:code`: every TypeScript project of the repository compiled in one tsc process (TypeScript 7) (its
// parse of the libraries and @types/node is shared; five processes would each do it again), then the
// tables the packages read at run time instead of the description:
//   src/tsconfig.json, src/tsconfig.node.json → generated/lib/ (the client and sandbox; the HTTP sandbox
//                                                server, the one file that needs Node's types)
//   mcp/, cli/, contract/                      → each package's dist/
//   mcp/dist/tools.json                        the MCP tools with their schemas (mcp-tools.mjs)
//   cli/dist/commands.json                     the `pcs` commands (cli-commands.mjs)
//   contract/dist/toolkit/                     the OpenAPI toolkit the checker imports, as real files
//                                              (contract/src/toolkit/ links to scripts/lib/: one toolkit)
// --force: every project is built whatever tsc's build info says, so the output never depends on what an
// earlier build left behind; the build info goes to node_modules/.cache/tsc/ (each tsconfig says so).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { loadBundle } from "../lib/openapi.mjs";
import { TSC } from "../lib/typescript.mjs";
import { cliCommands } from "./cli-commands.mjs";
import { mcpTools } from "./mcp-tools.mjs";
import { noOptions } from "../lib/cli.mjs";

await noOptions("build:code", "Every TypeScript project of the repository compiled in one tsc process (a step of npm run build).");

const root = new URL("../..", import.meta.url).pathname;
const PROJECTS = ["src/tsconfig.json", "src/tsconfig.node.json", "mcp/tsconfig.json", "cli/tsconfig.json", "contract/tsconfig.json"];

// --builders 1: TypeScript 7 builds projects side by side unless told otherwise, and mcp/, cli/ and
// contract/ read src/'s output (generated/lib/, through the package's exports), which a clean checkout
// does not have yet: one at a time, in the order above, as TypeScript 5 did.
execFileSync(process.execPath, [TSC, "--build", "--force", "--builders", "1", ...PROJECTS.map((p) => root + p)], {
  stdio: "inherit",
});

const bundle = loadBundle();
const json = (value) => `${JSON.stringify(value, null, 1)}\n`;
const { annotationsOf, READ_METHODS, WARNINGS } = await import(`${root}mcp/dist/annotations.js`);
writeFileSync(`${root}mcp/dist/tools.json`, json(mcpTools(bundle, { annotationsOf, readMethods: READ_METHODS, warnings: WARNINGS })));
writeFileSync(`${root}cli/dist/commands.json`, json(cliCommands(bundle)));
mkdirSync(`${root}contract/dist/toolkit`, { recursive: true });
for (const file of ["openapi.mjs", "openapi.d.mts"]) copyFileSync(`${root}scripts/lib/${file}`, `${root}contract/dist/toolkit/${file}`);
