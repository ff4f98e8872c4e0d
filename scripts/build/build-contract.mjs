// `npm run build:contract`: the contract checker package (contract/) — tsc compiles contract/src into
// contract/dist, then the OpenAPI toolkit it imports (contract/src/toolkit/, links to scripts/lib/, so
// there is one toolkit) is copied beside the output as real files, which is what the package ships.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";

const root = new URL("../..", import.meta.url).pathname;
execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", `${root}contract/tsconfig.json`], { stdio: "inherit" });
mkdirSync(`${root}contract/dist/toolkit`, { recursive: true });
for (const file of ["openapi.mjs", "openapi.d.mts"]) copyFileSync(`${root}scripts/lib/${file}`, `${root}contract/dist/toolkit/${file}`);
