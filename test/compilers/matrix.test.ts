// The compiler matrix: the packed package installed into a new project, its consumer files (the
// package test's consumer, the README's, AGENTS.md's and the client guide's examples) type-checked by
// each TypeScript the README promises × `moduleResolution` nodenext and bundler, `skipLibCheck` off (the
// package's declarations and openapi-fetch's checked too); the CommonJS consumer under nodenext by each
// compiler that can compile require() of an ES module; and the wrong calls of
// test/types/compiler-messages.test.ts, reported by name, by the older compilers. The README's minimum
// versions are read back and must be the ones checked here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TSC, TSC_5 } from "../../scripts/lib/typescript.mjs";
import { repoRoot } from "../support/openapi.js";
import { type CompilerMessages, compilerMessages, MISTAKES, messageProblems } from "../support/compiler-messages.js";
import { cleanEnv, type PackedProject, packedProject, readerExamples } from "../support/packed.js";
import { type Finished, run } from "../support/run.js";

/** The oldest TypeScript the README states (5.0 to 5.3 fail on openapi-fetch's own declarations, TS2344). */
export const OLDEST = "5.4.2";
/** The oldest that compiles a CommonJS file's require() of an ES module (module nodenext; 5.7 says TS1479). */
export const OLDEST_COMMONJS = "5.8.2";

const versionOf = (pkg: string) => JSON.parse(readFileSync(`${repoRoot}node_modules/${pkg}/package.json`, "utf8")).version as string;
const majorMinor = (version: string) => version.split(".").slice(0, 2).join(".");

/** Each compiler's command line: the repository's own two, and the older ones installed by beforeAll. */
const compilers = new Map<string, string>([
  [versionOf("typescript"), TSC_5],
  [versionOf("typescript-7"), TSC],
]);
const installed = mkdtempSync(join(tmpdir(), "pcs-compilers-"));

const ESM = { nodenext: { module: "NodeNext", moduleResolution: "NodeNext" }, bundler: { module: "ESNext", moduleResolution: "Bundler" } };
const COMMON = { target: "ES2022", strict: true, noEmit: true, skipLibCheck: false, lib: ["ES2022"], types: ["node"] };

let project: PackedProject;
const examples = readerExamples();
const esmSources = ["consumer.ts", "sandbox-consumer.ts", ...examples.map((_, i) => `readme-${i + 1}.ts`)];

/** What the older compilers say about wrong calls (TypeScript 7 and 5.9: test/types/compiler-messages.test.ts). */
const messages = new Map<string, Promise<CompilerMessages>>();

/** Each check: a compiler, a tsconfig, its tsc run (started in beforeAll, two at a time). */
const checks: { compiler: string; kind: string; result: Promise<Finished> }[] = [];

beforeAll(async () => {
  const installs = [OLDEST, OLDEST_COMMONJS].map(async (version) => {
    const dir = join(installed, version);
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
    const npm = await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock", `typescript@${version}`], {
      cwd: dir,
      env: cleanEnv,
    });
    if (npm.status !== 0) throw new Error(`could not install TypeScript ${version}:\n${npm.output}`);
    compilers.set(version, join(dir, "node_modules/typescript/bin/tsc"));
  });
  [project] = await Promise.all([packedProject({ type: "module" }), ...installs]);
  const { project: dir } = project;

  const consumers = join(repoRoot, "test/package/consumer");
  for (const file of ["consumer.ts", "sandbox-consumer.ts"]) copyFileSync(join(consumers, file), join(dir, file));
  examples.forEach((source, i) => writeFileSync(join(dir, `readme-${i + 1}.ts`), source));
  mkdirSync(join(dir, "commonjs"));
  for (const file of ["package.json", "index.ts"]) copyFileSync(join(consumers, "commonjs", file), join(dir, "commonjs", file));
  // @types/node from the repository: the consumers read files and the environment.
  const typeRoots = [`${repoRoot}node_modules/@types`];
  const tsconfigs: Record<string, object> = {
    ...Object.fromEntries(
      Object.entries(ESM).map(([kind, options]) => [kind, { compilerOptions: { ...COMMON, ...options, typeRoots }, files: esmSources }]),
    ),
    commonjs: { compilerOptions: { ...COMMON, ...ESM.nodenext, typeRoots }, files: ["commonjs/index.ts"] },
  };
  for (const [kind, tsconfig] of Object.entries(tsconfigs)) writeFileSync(join(dir, `tsconfig.${kind}.json`), JSON.stringify(tsconfig));

  // Two at a time (the machine's cores): all eleven at once only slow each other down.
  const lanes = [Promise.resolve(), Promise.resolve()];
  for (const [compiler, tsc] of compilers)
    for (const kind of Object.keys(tsconfigs)) {
      if (kind === "commonjs" && compiler.localeCompare(OLDEST_COMMONJS, undefined, { numeric: true }) < 0) continue;
      const lane = checks.length % lanes.length;
      const result = lanes[lane]!.then(() =>
        run(process.execPath, [tsc, "-p", `tsconfig.${kind}.json`, "--pretty", "false"], { cwd: dir, env: cleanEnv }),
      );
      lanes[lane] = result.then(() => undefined);
      checks.push({ compiler, kind, result });
    }
  for (const version of [OLDEST, OLDEST_COMMONJS]) {
    const lane = messages.size % lanes.length;
    const result = lanes[lane]!.then(() => compilerMessages(dir, compilers.get(version)!, `messages-${version}`));
    lanes[lane] = result.then(() => undefined);
    messages.set(version, result);
  }
}, 240_000);

afterAll(() => {
  project?.remove();
  rmSync(installed, { recursive: true, force: true });
});

describe("the matrix", () => {
  it("holds the oldest stated, the oldest for CommonJS, TypeScript 5.9 and 7", () => {
    expect([...compilers.keys()].map(majorMinor).sort()).toEqual([majorMinor(OLDEST), majorMinor(OLDEST_COMMONJS), "5.9", "7.0"]);
    expect(checks.length).toBe(4 * 2 + 3); // every compiler × nodenext, bundler; CommonJS from 5.8 on
  });

  it.each([
    ...["nodenext", "bundler"].flatMap((kind) => [OLDEST, OLDEST_COMMONJS, "5.9", "7.0"].map((v) => [v, kind])),
    ...[OLDEST_COMMONJS, "5.9", "7.0"].map((v) => [v, "commonjs"]),
  ])("TypeScript %s, %s consumers: no error, skipLibCheck off", async (version, kind) => {
    const check = checks.find((c) => c.kind === kind && c.compiler.startsWith(version));
    expect(check, `no ${kind} check with TypeScript ${version}`).toBeDefined();
    const { status, output } = await check!.result;
    expect(output.trim()).toBe("");
    expect(status).toBe(0);
  });
});

describe.each([OLDEST, OLDEST_COMMONJS])("TypeScript %s on wrong calls", (version) => {
  it.each(MISTAKES.map((mistake, i) => [mistake.name, i] as const))(
    "%s: named, never `never`, at least what raw openapi-fetch names",
    async (_name, i) => {
      expect(messageProblems(await messages.get(version)!, i)).toEqual([]);
    },
  );
});

describe("the README", () => {
  const paragraphs = readFileSync(`${repoRoot}README.md`, "utf8")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " "));
  const stated = (version: string) => `TypeScript ${majorMinor(version)} or later`;
  it(`states ${stated(OLDEST)}, the oldest checked here`, () => {
    expect(paragraphs.filter((p) => p.includes(stated(OLDEST)))).toHaveLength(1);
  });
  it(`states ${stated(OLDEST_COMMONJS)} for a CommonJS project, the oldest checked here`, () => {
    expect(paragraphs.filter((p) => p.includes("CommonJS") && p.includes(stated(OLDEST_COMMONJS)))).toHaveLength(1);
  });
});
