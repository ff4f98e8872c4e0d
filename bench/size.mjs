// Size: what a browser app ships and what `npm install` downloads.
// - Shipped client: the entry module bundled with everything it imports (openapi-fetch included for
//   ours), minified by esbuild and gzipped at level 9. The entry is kept whole (every export counts),
//   so tree-shaking in a user's app can only make it smaller.
// - Tarball: `npm pack --dry-run` of the package; for the peer, the generated SDK compiled to JS +
//   declarations and packed the same way; runtime dependencies are packed from node_modules.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { peerBuild, peerSource } from "./peer/generate.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

async function bundled(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  return { minBytes: code.length, minGzipBytes: gzipSync(code, { level: 9 }).length };
}

function packed(dir) {
  const run = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`npm pack failed in ${dir}:\n${run.stderr}`);
  const [info] = JSON.parse(run.stdout);
  // The code and types alone: our tarball also carries the bundled description and a README, the peer's none.
  const codeBytes = info.files.filter((f) => !/(^|\/)(openapi\.(json|yaml)|README\.md)$/.test(f.path)).reduce((n, f) => n + f.size, 0);
  return { tarballBytes: info.size, unpackedBytes: info.unpackedSize, codeBytes, files: info.entryCount };
}

function sum(...packs) {
  return packs.reduce((a, b) => ({
    tarballBytes: a.tarballBytes + b.tarballBytes,
    unpackedBytes: a.unpackedBytes + b.unpackedBytes,
    codeBytes: a.codeBytes + b.codeBytes,
    files: a.files + b.files,
  }));
}

/** The peer as a publishable package: its compiled output, a package.json, nothing else. */
function packedPeer() {
  const dir = mkdtempSync(join(tmpdir(), "bench-peer-pack-"));
  try {
    cpSync(peerBuild, join(dir, "build"), { recursive: true });
    const manifest = {
      name: "peer-sdk",
      version: "0.0.0",
      type: "module",
      exports: { ".": { types: "./build/index.d.ts", default: "./build/index.js" } },
      files: ["build"],
    };
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    return packed(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSize() {
  const oursPack = packed(root);
  const openapiFetchPack = sum(
    packed(join(root, "node_modules/openapi-fetch")),
    packed(join(root, "node_modules/openapi-typescript-helpers")),
  );
  return {
    ours: {
      ...(await bundled(join(root, "generated/lib/index.js"))),
      pack: oursPack,
      packWithDependencies: sum(oursPack, openapiFetchPack),
    },
    "openapi-fetch": {
      ...(await bundled(join(root, "node_modules/openapi-fetch/dist/index.mjs"))),
      pack: openapiFetchPack,
      packWithDependencies: openapiFetchPack,
    },
    peer: { ...(await bundled(join(peerSource, "index.ts"))), pack: packedPeer(), packWithDependencies: packedPeer() },
  };
}
