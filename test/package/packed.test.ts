// The package as users get it: `npm pack` once, then its file list,
// and a temporary project that installs the tarball, type-checks a consumer file and the README's and client guide's
// `ts` blocks (moduleResolution bundler and node16), and runs them against the run's Prism mock.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { envWithoutNpm, type Finished, run } from "../support/run.js";
import { target } from "../support/target.js";

/** The `ts` blocks of a Markdown text, in order. */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

// npm's own variables of an enclosing `npm test` (prefix, config…) must not steer the nested npm.
const cleanEnv = envWithoutNpm();

const COMPILER_OPTIONS = { target: "ES2022", strict: true };
/** Two kinds of consumer, one per resolution mode. */
const CONSUMERS = {
  // A bundled browser application: DOM library, Node.js shimmed by browser-env.d.ts; libraries' own
  // declarations skipped, as most such projects do.
  bundler: { module: "ESNext", moduleResolution: "bundler", lib: ["ES2022", "DOM"], types: [], skipLibCheck: true, noEmit: true },
  // A Node.js program: fetch, Request, Response… from @types/node, no DOM library, and every
  // declaration file checked, the package's included. Its output is what the mock run executes.
  node16: {
    module: "Node16",
    moduleResolution: "Node16",
    lib: ["ES2022"],
    types: ["node"],
    typeRoots: [`${repoRoot}node_modules/@types`],
    skipLibCheck: false,
    outDir: "out",
  },
};

/** tsc per resolution mode, started together in beforeAll (they take seconds each). */
const typechecks = new Map<string, Promise<Finished>>();

let dir = "";
let tarball = "";
let packed: { files: { path: string }[]; unpackedSize: number; size: number };
// What a reader of the package copies: the README's examples, AGENTS.md's (for coding agents) and the client guide's.
const examples = ["README.md", "AGENTS.md", "docs/guides/client.md"].flatMap((file) =>
  tsBlocks(readFileSync(`${repoRoot}${file}`, "utf8")),
);
const sources = ["consumer.ts", "sandbox-consumer.ts", ...examples.map((_, i) => `readme-${i + 1}.ts`)];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pcs-consumer-"));
  const pack = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { env: cleanEnv });
  expect(pack.status, pack.output).toBe(0);
  packed = JSON.parse(pack.stdout)[0];
  tarball = join(dir, (packed as unknown as { filename: string }).filename);

  const project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  // The dependency (openapi-fetch) comes from npm's cache when it is there: no network in the usual case.
  const install = await run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", tarball],
    { cwd: project, env: cleanEnv },
  );
  expect(install.status, install.output).toBe(0);

  copyFileSync(join(import.meta.dirname, "consumer/consumer.ts"), join(project, "consumer.ts"));
  copyFileSync(join(import.meta.dirname, "consumer/sandbox-consumer.ts"), join(project, "sandbox-consumer.ts"));
  examples.forEach((source, i) => writeFileSync(join(project, `readme-${i + 1}.ts`), source));
  copyFileSync(join(import.meta.dirname, "consumer/browser-env.d.ts"), join(project, "browser-env.d.ts"));
  const files = { bundler: [...sources, "browser-env.d.ts"], node16: sources };
  for (const [mode, options] of Object.entries(CONSUMERS)) {
    const tsconfig = { compilerOptions: { ...COMPILER_OPTIONS, ...options }, files: files[mode as keyof typeof files] };
    writeFileSync(join(project, `tsconfig.${mode}.json`), JSON.stringify(tsconfig));
  }
  const tsc = `${repoRoot}node_modules/typescript/bin/tsc`;
  for (const mode of ["bundler", "node16"])
    typechecks.set(mode, run(process.execPath, [tsc, "-p", `tsconfig.${mode}.json`], { cwd: project, env: cleanEnv }));
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the tarball", () => {
  it("holds the compiled client, its types, the description and nothing else", () => {
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toContain("generated/lib/index.js");
    expect(paths).toContain("generated/lib/index.d.ts");
    expect(paths).toContain("generated/lib/schema.d.ts");
    // Besides generated/lib/: these files, each there (LICENSE may be, npm adds it), and nothing else.
    const SHIPPED = [
      "generated/openapi.json",
      "generated/openapi.documented.json",
      "generated/openapi.yaml",
      "generated/openapi.3.0.json",
      "generated/openapi.3.0.yaml",
      "package.json",
      "README.md",
      "AGENTS.md",
      "CHANGELOG.md",
    ];
    expect(paths).toEqual(expect.arrayContaining(SHIPPED));
    const unexpected = paths.filter((p) => !p.startsWith("generated/lib/") && ![...SHIPPED, "LICENSE"].includes(p));
    expect(unexpected).toEqual([]);
  });

  // `npm publish` packs exactly this file list (`npm publish --dry-run` adds only the registry's
  // checks), so the publish file list is checked here, on the one pack of this test file.
  it("holds every file the package's exports, main and types name", () => {
    const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8"));
    const targets = (value: unknown): string[] =>
      typeof value === "string" ? [value] : Object.values(value as Record<string, unknown>).flatMap(targets);
    const named = [...targets(pkg.exports), pkg.main, pkg.types].map((p: string) => p.replace(/^\.\//, ""));
    expect(named.length).toBeGreaterThan(5);
    const paths = packed.files.map((f) => f.path);
    expect(named.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it("holds nothing from the sources, tests, benchmarks or tooling", () => {
    const fromSources = packed.files.map((f) => f.path).filter((p) => /^(openapi|src|test|bench|scripts|docs|\.ci)\//.test(p));
    expect(fromSources).toEqual([]);
  });
});

describe("a project that installs the tarball", () => {
  it("has README and client guide examples to check", () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  it.each(["bundler", "node16"])("type-checks the consumer and the README examples with moduleResolution %s", async (mode) => {
    const { status, stdout, stderr } = await typechecks.get(mode)!;
    expect(`${stdout}${stderr}`.trim()).toBe("");
    expect(status).toBe(0);
  });

  it("runs them against the mock", async (context) => {
    const { baseUrl, apiKey, isMock } = target();
    // The README examples create and delete projects: only ever against the mock.
    context.skip(!isMock, "real server (PCS_BASE_URL): the examples would change data");
    const project = join(dir, "project");
    const env = { ...cleanEnv, PCS_BASE_URL: baseUrl, PCS_API_KEY: apiKey };
    expect((await typechecks.get("node16")!).status, "the node16 build emits the files to run").toBe(0);
    const results = await Promise.all(
      sources.map((file) => run(process.execPath, [join("out", file.replace(/\.ts$/, ".js"))], { cwd: project, env })),
    );
    results.forEach((result, i) => expect(result.status, `${sources[i]}: ${result.stderr}`).toBe(0));

    const observed = JSON.parse(results[0]!.stdout.trim());
    const version = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).version;
    expect(observed).toEqual({
      projectId: 48213,
      projects: expect.any(Number),
      files: expect.any(Number),
      groups: expect.any(Number),
      interop: { asClient: "function", groupsByPath: observed.groups, listed: observed.projects, groupsText: "string" },
      updated: true,
      notFound: { status: 404, operation: "GET /projects/{project_id}.json", title: "Not Found" },
      version,
      descriptionVersion: version,
      yamlStartsWithOpenapi: true,
      manifestVersion: version,
    });
    expect(observed.projects).toBeGreaterThan(0);

    // The in-process sandbox, through the package's "./sandbox" entry point: no mock involved.
    expect(JSON.parse(results[1]!.stdout.trim())).toEqual({
      created: "From the tarball",
      titles: ["Spring 2025 launch campaign", "Retail window displays", "From the tarball"],
      afterDelete: 404,
      invalid: { status: 400, pointer: "limit" },
      afterReset: 2,
    });
  });
});
