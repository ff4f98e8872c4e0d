// One TypeScript entry of the mutation harnesses (http-layer-run.ts, app-layer-run.ts) bundled with
// esbuild into one ES module, resolving the repository as vitest does (test/support/generated-beside-source.ts):
// the sandbox from its compiled code, generated/lib/sandbox/ (run `npm run build` first), kept external;
// each file's import.meta.url its own.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const sandboxSource = join(root, "src/sandbox/");
export const sandboxCompiled = join(root, "generated/lib/sandbox/");

const repository = {
  name: "repository",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const wanted = join(args.resolveDir, args.path);
      const ts = wanted.replace(/\.js$/, ".ts");
      if (ts.startsWith(sandboxSource) || wanted.startsWith(sandboxCompiled)) {
        const compiled = wanted.startsWith(sandboxCompiled) ? wanted : join(sandboxCompiled, relative(sandboxSource, wanted));
        if (!existsSync(compiled)) throw new Error(`${relative(root, compiled)} is missing: run npm run build`);
        return { path: pathToFileURL(compiled).href, external: true };
      }
      return undefined;
    });
    b.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const text = readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: args.path.endsWith(".ts") ? "ts" : "js", resolveDir: dirname(args.path) };
    });
  },
};

/** Bundles `entry` into `outfile`; returns `outfile`. */
export async function bundleEntry(entry, outfile) {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile,
    plugins: [repository],
    logLevel: "error",
  });
  return outfile;
}
