// The package as users get it: `npm pack` once, then its file list,
// and a temporary project that installs the tarball, type-checks a consumer file and the README's and client guide's
// `ts` blocks (moduleResolution bundler and node16) and a CommonJS consumer (module nodenext), with
// TypeScript 7, and runs them against the run's Prism mock on this run's Node.js. Older compilers:
// test/compilers/ (`npm run test:compilers`).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TSC } from "../../scripts/lib/typescript.mjs";
import { repoRoot } from "../support/openapi.js";
import { cleanEnv, type Packed, packedProject, readerExamples } from "../support/packed.js";
import { type Finished, run } from "../support/run.js";
import { target } from "../support/target.js";

const COMPILER_OPTIONS = { target: "ES2022", strict: true };
/** The kinds of consumer, one per resolution mode, and a CommonJS one. */
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
  // A CommonJS Node.js program (commonjs/package.json says "type": "commonjs", as `npm init -y` writes):
  // it require()s this ES module package, which Node.js 20.19+ and 22.12+ allow and TypeScript 5.8+
  // accepts under module nodenext.
  commonjs: {
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022"],
    types: ["node"],
    typeRoots: [`${repoRoot}node_modules/@types`],
    skipLibCheck: false,
    // Its output stays under commonjs/package.json, so Node.js runs it as CommonJS.
    rootDir: "commonjs",
    outDir: "commonjs/out",
  },
};

/** tsc per kind of consumer, started together in beforeAll (they take seconds each). */
const typechecks = new Map<string, Promise<Finished>>();

let project = "";
let packed: Packed;
let removeProject = () => {};
const examples = readerExamples();
const sources = ["consumer.ts", "sandbox-consumer.ts", ...examples.map((_, i) => `readme-${i + 1}.ts`)];

beforeAll(async () => {
  ({ project, packed, remove: removeProject } = await packedProject({ type: "module" }));

  copyFileSync(join(import.meta.dirname, "consumer/consumer.ts"), join(project, "consumer.ts"));
  copyFileSync(join(import.meta.dirname, "consumer/sandbox-consumer.ts"), join(project, "sandbox-consumer.ts"));
  examples.forEach((source, i) => writeFileSync(join(project, `readme-${i + 1}.ts`), source));
  copyFileSync(join(import.meta.dirname, "consumer/browser-env.d.ts"), join(project, "browser-env.d.ts"));
  mkdirSync(join(project, "commonjs"));
  copyFileSync(join(import.meta.dirname, "consumer/commonjs/package.json"), join(project, "commonjs/package.json"));
  copyFileSync(join(import.meta.dirname, "consumer/commonjs/index.ts"), join(project, "commonjs/index.ts"));
  const files = { bundler: [...sources, "browser-env.d.ts"], node16: sources, commonjs: ["commonjs/index.ts"] };
  for (const [kind, options] of Object.entries(CONSUMERS)) {
    const tsconfig = { compilerOptions: { ...COMPILER_OPTIONS, ...options }, files: files[kind as keyof typeof files] };
    writeFileSync(join(project, `tsconfig.${kind}.json`), JSON.stringify(tsconfig));
  }
  for (const kind of Object.keys(CONSUMERS))
    typechecks.set(kind, run(process.execPath, [TSC, "-p", `tsconfig.${kind}.json`], { cwd: project, env: cleanEnv }));
}, 240_000);

afterAll(() => removeProject());

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

  it("type-checks a CommonJS consumer, which require()s the package, with module nodenext", async () => {
    const { status, stdout, stderr } = await typechecks.get("commonjs")!;
    expect(`${stdout}${stderr}`.trim()).toBe("");
    expect(status).toBe(0);
    // CommonJS output: a require() call (not an import() TypeScript might have kept).
    expect(readFileSync(join(project, "commonjs/out/index.js"), "utf8")).toMatch(/require\("@project-collaboration\/api"\)/);
  });

  it(`runs the CommonJS consumer against the mock on Node.js ${process.versions.node}`, async (context) => {
    const { baseUrl, apiKey, isMock } = target();
    context.skip(!isMock, "real server (PCS_BASE_URL): the consumer reads the mock's example project");
    expect((await typechecks.get("commonjs")!).status, "the commonjs build emits the file to run").toBe(0);
    const env = { ...cleanEnv, PCS_BASE_URL: baseUrl, PCS_API_KEY: apiKey };
    const result = await run(process.execPath, ["commonjs/out/index.js"], { cwd: project, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(""); // no warning about require() of an ES module either
    expect(JSON.parse(result.stdout.trim())).toEqual({ moduleSystem: "commonjs", projectId: 48213, createClient: "function" });
  });
});
