// The peer SDK: what @hey-api/openapi-ts 0.95.0 (the newest release that supports Node 20.19) generates
// from the same bundled description, with its own fetch client. It is generated on every bench run
// into bench/peer/generated/ (gitignored, so it can never drift from the description) and compiled
// with tsc into bench/peer/build/ (JavaScript + declarations), as a user of the peer would ship it.
// The generator is one of the interop tools (test/interop/tools/package.json), which `npm run bench` installs.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createClient } from "../../test/interop/tools/hey-api.mjs";
import { TSC_5 } from "../../scripts/lib/typescript.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
export const peerSource = here("./generated/");
export const peerBuild = here("./build/");

export async function generatePeer() {
  rmSync(peerSource, { recursive: true, force: true });
  rmSync(peerBuild, { recursive: true, force: true });
  await createClient({
    // An absolute path: a bare "generated/openapi.json" would be read as a Hey API registry shorthand (org/project).
    input: here("../../generated/openapi.json"),
    // ".js" import extensions so the output compiles under NodeNext, like this package.
    output: { path: peerSource, module: { extension: ".js" } },
    plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
    logs: { level: "silent" },
  });
  const tsc = spawnSync(process.execPath, [TSC_5, "-p", here("./tsconfig.json")], { encoding: "utf8" });
  if (tsc.status !== 0) throw new Error(`peer SDK does not compile:\n${tsc.stdout}${tsc.stderr}`);
  return { source: peerSource, build: peerBuild };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await generatePeer();
  console.log(`peer SDK generated in ${peerSource} and compiled to ${peerBuild}`);
}
