// Type-checks snippets of documentation as a user of the package would write them: each snippet is an
// ES module importing "@project-collaboration/api", compiled by one `tsc` run against the client's
// source (src/index.ts, with the generated types beside it), strict like a careful user's project, by
// TypeScript 7 (the compiler users get).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./openapi.js";
import { TSC } from "../../scripts/lib/typescript.mjs";
import { run } from "./run.js";

export const PACKAGE_NAME = "@project-collaboration/api";

export interface Snippet {
  /** A file-name-safe name, unique in the batch. */
  name: string;
  source: string;
}

export interface TypecheckResult {
  /** tsc's diagnostics per snippet name (empty array: the snippet compiles). */
  diagnostics: Map<string, string[]>;
  /** Everything tsc printed, for failures that belong to no snippet (a broken tsconfig, a crash). */
  output: string;
  status: number | null;
}

export async function typecheckSnippets(snippets: Snippet[]): Promise<TypecheckResult> {
  mkdirSync(`${repoRoot}test/output`, { recursive: true });
  // Inside the repo (test/output/ is ignored) so node_modules/@types resolve; a fresh folder per run
  // because other test runs may be checking samples at the same time.
  const dir = mkdtempSync(join(repoRoot, "test/output/typecheck-"));
  try {
    for (const { name, source } of snippets) writeFileSync(join(dir, `${name}.mts`), source); // .mts: ESM, top-level await
    const tsconfig = {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: ["node"],
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: true,
        // The package name resolves to the client's source; src/ imports "./schema.js", which
        // openapi-typescript writes to generated/lib/ (the same rootDirs as src/tsconfig.json).
        paths: { [PACKAGE_NAME]: [`${repoRoot}src/index.ts`] },
        rootDirs: [`${repoRoot}src`, `${repoRoot}generated/lib`],
      },
      files: snippets.map(({ name }) => `${name}.mts`),
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
    const { status, output } = await run(process.execPath, [TSC, "-p", dir, "--pretty", "false"]);
    const diagnostics = new Map<string, string[]>(snippets.map(({ name }) => [name, []]));
    for (const line of output.split("\n")) {
      const match = /([\w.-]+)\.mts\((\d+),(\d+)\): (error .*)$/.exec(line);
      if (match?.[1] && diagnostics.has(match[1])) diagnostics.get(match[1])!.push(`line ${match[2]}: ${match[4]}`);
    }
    return { diagnostics, output, status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A guide's snippet may continue an earlier one (the pagination example uses the `client` created in
 * "Getting started"); such a snippet gets that client declared in front of it.
 */
export function withClientDeclared(source: string): string {
  if (!/\bclient\b/.test(source) || /\b(?:const|let|var)\s+client\b/.test(source)) return source;
  return `import { createClient as createClientForSnippet } from "${PACKAGE_NAME}";\ndeclare const client: ReturnType<typeof createClientForSnippet>;\n${source}`;
}
