// The package as users get it: `npm pack` of the repository, installed into a new project in a temporary
// folder. Used by the tests of the tarball (test/package/), of what compilers say about wrong calls
// (test/types/compiler-messages.test.ts) and by the compiler matrix (test/compilers/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./openapi.js";
import { envWithoutNpm, run } from "./run.js";

/** What `npm pack --json` says of the tarball. */
export interface Packed {
  filename: string;
  files: { path: string }[];
  size: number;
  unpackedSize: number;
}

export interface PackedProject {
  /** The temporary folder: the tarball, and the project in `project/`. */
  dir: string;
  /** The project that installed the tarball (its package.json is `manifest`). */
  project: string;
  packed: Packed;
  /** Deletes the temporary folder. */
  remove(): void;
}

// npm's own variables of an enclosing `npm test` (prefix, config…) must not steer the nested npm.
export const cleanEnv = envWithoutNpm();

/**
 * Packs the repository and installs the tarball into a new project whose package.json is `manifest`
 * (an ES module project unless it says otherwise). openapi-fetch, the one dependency, comes from npm's
 * cache when it is there: no network in the usual case.
 */
export async function packedProject(manifest: Record<string, unknown> = { type: "module" }): Promise<PackedProject> {
  const dir = mkdtempSync(join(tmpdir(), "pcs-consumer-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const pack = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: repoRoot, env: cleanEnv });
    if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
    const packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
    const project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, ...manifest }));
    const install = await run(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", join(dir, packed.filename)],
      { cwd: project, env: cleanEnv },
    );
    if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.output}`);
    return { dir, project, packed, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The `ts` and `js` blocks of a Markdown text, in order (JavaScript examples are checked as TypeScript too). */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```(?:ts|js)\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** What a reader of the package copies: the `ts` blocks of the README, AGENTS.md (for coding agents) and the client guide. */
export function readerExamples(): string[] {
  return ["README.md", "AGENTS.md", "docs/guides/client.md"].flatMap((file) => tsBlocks(readFileSync(`${repoRoot}${file}`, "utf8")));
}
