// Vitest configuration; lives with the tests it configures. `npm test` passes it with --config.
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { defineConfig, type Plugin } from "vitest/config";

const root = new URL("..", import.meta.url).pathname;

/** tsc's rootDirs for vite: a relative import from src/ that names a file only the build writes
 * (generated/lib/sandbox/request-validators.js, say) resolves to it, as it does for tsc (src/tsconfig.json). */
function generatedBesideSource(): Plugin {
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

export default defineConfig({
  plugins: [generatedBesideSource()],
  test: {
    root,
    include: ["test/**/*.test.ts"],
    // One Prism mock (or the real server named by PCS_BASE_URL) for every test file: see test/support/README.md.
    globalSetup: ["test/support/global-setup.ts"],
    // Linters and the mock are separate processes: give them time on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
