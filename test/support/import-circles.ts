// The repository's hand-written modules as a graph of imports, and the circles in it
// (test/tools/import-circles.test.ts). Edges are read by TypeScript's own scanner (ts.preProcessFile:
// static imports, `import type`, re-exports, `import()` and `require()` of a literal) and resolved the
// way tsc resolves them (NodeNext, so an import naming a .js file finds the .ts source beside it). An import of a built file — a package
// self-reference such as `@project-collaboration/api`, which resolves into generated/lib/, or another
// workspace's dist/ — counts as an import of the source it is built from, so a circle through a
// package boundary is found too.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** What is built from what: a built file's folder, and the source folder it comes from. */
const BUILT_FROM: ReadonlyArray<readonly [built: string, source: string]> = [
  ["generated/lib/", "src/"],
  ["cli/dist/", "cli/src/"],
  ["contract/dist/", "contract/src/"],
  ["mcp/dist/", "mcp/src/"],
];

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Every hand-written script the repository tracks: git's list, less what a build writes. */
export function handWrittenModules(root: string): string[] {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  return tracked.filter((file) => CODE.test(file) && !BUILT_FROM.some(([built]) => file.startsWith(built)) && !file.startsWith("docs/"));
}

/** The file an import names, relative to root; a built file read as its source; undefined outside the set. */
function sourceOf(resolved: string, root: string, modules: ReadonlySet<string>): string | undefined {
  const file = relative(root, resolved);
  if (modules.has(file)) return file;
  for (const [built, source] of BUILT_FROM) {
    if (!file.startsWith(built)) continue;
    const stem = source + file.slice(built.length).replace(/\.d\.ts$|\.js$/, "");
    return [`${stem}.ts`, `${stem}.mts`, `${stem}.js`].find((candidate) => modules.has(candidate));
  }
  return undefined;
}

/** This repository's own package names (the root's and its workspaces'): the bare imports worth resolving. */
function ownPackages(root: string): string[] {
  const manifest = (folder: string) => JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
  const { name, workspaces = [] } = manifest(".");
  return [name, ...workspaces.map((folder: string) => manifest(folder).name)];
}

/** Each module's imports among the modules (relative paths), read from the files under root. */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const modules = new Set(files);
  const packages = ownPackages(root);
  const ours = (specifier: string) =>
    specifier.startsWith(".") || packages.some((name) => specifier === name || specifier.startsWith(`${name}/`));
  const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: true };
  const host: ts.ModuleResolutionHost = {
    fileExists: existsSync,
    readFile: (path) => readFileSync(path, "utf8"),
    realpath: ts.sys.realpath!,
  };
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const path = join(root, file);
    const scanned = ts.preProcessFile(readFileSync(path, "utf8"), true, true);
    const edges = new Set<string>();
    for (const { fileName } of scanned.importedFiles.filter((imported) => ours(imported.fileName))) {
      const resolution = ts.resolveModuleName(fileName, path, options, host, cache).resolvedModule;
      const target = resolution && sourceOf(resolution.resolvedFileName, root, modules);
      if (target && target !== file) edges.add(target);
    }
    graph.set(file, [...edges].sort());
  }
  return graph;
}

/**
 * The circles: each group of modules that import one another, directly or through others (a strongly
 * connected component of more than one module, by Tarjan's algorithm): its modules, and one path
 * around it from the first of them back to it.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): Array<{ modules: string[]; path: string[] }> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => ({ modules: group.sort(), path: pathAround(graph, new Set(group)) }));
}

/** One way round a group of modules that reach one another: from its first module back to it. */
function pathAround(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    for (const next of graph.get(queue[at]!) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let node = queue[at]!; node !== start; node = cameFrom.get(node)!) path.splice(1, 0, node);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, queue[at]!);
        queue.push(next);
      }
    }
  }
  return [...group];
}
