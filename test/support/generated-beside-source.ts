// A vite plugin for the vitest configurations (test/vitest.config.ts, test/conformance-levels/).
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "vitest/config";

const root = new URL("../..", import.meta.url).pathname;

/** tsc's rootDirs for vite: a relative import from src/ that names a file only the build writes
 * (generated/lib/sandbox/request-validators.js, say) resolves to it, as it does for tsc (src/tsconfig.json). */
export function generatedBesideSource(): Plugin {
  return {
    name: "pcs-generated-beside-source",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".") || !importer.startsWith(join(root, "src/"))) return null;
      const wanted = join(dirname(importer), source);
      if (existsSync(wanted) || existsSync(wanted.replace(/\.js$/, ".ts"))) return null;
      const generated = join(root, "generated/lib", relative(join(root, "src"), wanted));
      return existsSync(generated) ? generated : null;
    },
  };
}
