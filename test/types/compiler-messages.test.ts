// What the compilers and editors tell a user of the packed package about a call, with TypeScript 7 and
// 5.9 (src/api-client.ts explains the overload order these hold):
// - a wrong call's error names the mistake — the field, the parameter, the path — and never speaks of
//   `never` (openapi-fetch's never-path overload, there for assignability); the bar is raw openapi-fetch
//   with the same `paths`, compiled in the same run: every name its message gives, ours gives too;
// - an editor offers the paths, the body's fields and the path parameters (TypeScript 5.9's language
//   service: the first overload is the one editors read).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TSC, TSC_5 } from "../../scripts/lib/typescript.mjs";
import { cleanEnv, type PackedProject, packedProject } from "../support/packed.js";
import { run } from "../support/run.js";

interface Mistake {
  name: string;
  /** The call after `client.`, one line. */
  call: string;
  /** What the message must name (quoted as the compiler quotes it). */
  names: string[];
}

const MISTAKES: Mistake[] = [
  { name: "a misspelt body field", call: `POST("/projects.json", { body: { nam: "Spring" } })`, names: ["'nam'", "'name'"] },
  { name: "a missing required field", call: `POST("/projects.json", { body: { description: "No name" } })`, names: ["'name'"] },
  {
    name: "a wrong path parameter type",
    call: `GET("/projects/{project_id}.json", { params: { path: { project_id: "not-a-number" } } })`,
    names: ["'project_id'"],
  },
  { name: "an unknown query parameter", call: `GET("/projects.json", { params: { query: { page: 2 } } })`, names: ["'page'"] },
  { name: "an unknown path", call: `GET("/project.json")`, names: [`'"/project.json"'`] },
  { name: "a method the path does not take", call: `POST("/groups.json", { body: {} })`, names: [`'"/groups.json"'`] },
  // Raw openapi-fetch compiles this one (its options are inferred: openapi-typescript issue #2329).
  {
    name: "an unknown body field beside the required one",
    call: `POST("/projects.json", { body: { name: "Spring", colour: "red" } })`,
    names: ["'colour'"],
  },
];

/** A consumer file making every mistake, one per line from line 4 on. */
function consumer(createLine: string): string {
  return [
    `import createFetchClient from "openapi-fetch";`,
    `import { createClient, type paths } from "@project-collaboration/api";`,
    createLine,
    ...MISTAKES.map(({ call }) => `await client.${call};`),
    "",
  ].join("\n");
}
const FIRST_MISTAKE_LINE = 4;
const SOURCES = {
  ours: consumer(`const client = createClient({ baseUrl: "https://example.invalid/public/api", apiKey: "key" }); void createFetchClient;`),
  raw: consumer(`const client = createFetchClient<paths>({ baseUrl: "https://example.invalid/public/api" }); void createClient;`),
};

const COMPILERS = { "TypeScript 7": TSC, "TypeScript 5.9": TSC_5 };

/** One diagnostic as tsc --pretty prints it, without the code excerpts: the message chain and the related messages. */
export interface Printed {
  file: string;
  line: number;
  text: string;
}

/**
 * The diagnostics in tsc's --pretty output. A related message follows its location on the same line
 * (TypeScript 7: "  b.d.ts:9:5 - The expected type…") or after the code excerpt (5.x: "  b.d.ts:9:5",
 * the excerpt, then "    The expected type…").
 */
export function parsePretty(output: string): Printed[] {
  const found: Printed[] = [];
  let current: Printed | undefined;
  let inChain = false;
  let relatedPending = false;
  const isExcerpt = (line: string) => /^\s*\d+\s/.test(line) || /^\s*~+\s*$/.test(line);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour sequences
  for (const line of output.replace(/\x1b\[[0-9;]*m/g, "").split("\n")) {
    const header = /^(\S+?):(\d+):\d+ - error (TS\d+: .*)$/.exec(line);
    if (header) {
      current = { file: header[1]!, line: Number(header[2]), text: header[3]! };
      found.push(current);
      inChain = true;
      relatedPending = false;
      continue;
    }
    if (!current) continue;
    if (line.trim() === "") inChain = false;
    else if (inChain) current.text += `\n${line.trim()}`;
    else if (/^\s+\S+?:\d+:\d+ - /.test(line)) current.text += `\n${line.replace(/^\s+\S+?:\d+:\d+ - /, "")}`;
    else if (/^\s+\S+?:\d+:\d+$/.test(line)) relatedPending = true;
    else if (relatedPending && !isExcerpt(line)) {
      current.text += `\n${line.trim()}`;
      relatedPending = false;
    }
  }
  return found;
}

let project: PackedProject;
/** Per compiler: per source ("ours", "raw"), the diagnostic text at each mistake's line; the lines of ours' errors. */
const messages = new Map<string, Record<keyof typeof SOURCES, string[]> & { oursLines: number[] }>();

beforeAll(async () => {
  project = await packedProject({ type: "module" });
  for (const [name, source] of Object.entries(SOURCES)) writeFileSync(join(project.project, `${name}.ts`), source);
  const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true };
  const tsconfig = {
    compilerOptions: { ...compilerOptions, lib: ["ES2022", "DOM"], types: [], skipLibCheck: true },
    files: ["ours.ts", "raw.ts"],
  };
  writeFileSync(join(project.project, "tsconfig.json"), JSON.stringify(tsconfig));
  await Promise.all(
    Object.entries(COMPILERS).map(async ([compiler, tsc]) => {
      const { output } = await run(process.execPath, [tsc, "-p", ".", "--pretty", "true"], { cwd: project.project, env: cleanEnv });
      const printed = parsePretty(output);
      const at = (file: string) =>
        MISTAKES.map((_, i) =>
          printed
            .filter((d) => d.file === file && d.line === FIRST_MISTAKE_LINE + i)
            .map((d) => d.text)
            .join("\n"),
        );
      const oursLines = [...new Set(printed.filter((d) => d.file === "ours.ts").map((d) => d.line))].sort((a, b) => a - b);
      messages.set(compiler, { ours: at("ours.ts"), raw: at("raw.ts"), oursLines });
    }),
  );
}, 240_000);

afterAll(() => project?.remove());

describe.each(Object.keys(COMPILERS))("%s", (compiler) => {
  it("reports an error on each mistake's line and nowhere else", () => {
    expect(messages.get(compiler)!.oursLines).toEqual(MISTAKES.map((_, i) => FIRST_MISTAKE_LINE + i));
  });

  it.each(MISTAKES.map((mistake, i) => [mistake.name, i] as const))("%s: named, never `never`", (_name, i) => {
    const { ours } = messages.get(compiler)!;
    const text = ours[i]!;
    for (const name of MISTAKES[i]!.names) expect(text, text).toContain(name);
    expect(text).not.toMatch(/\bnever\b/);
  });

  it.each(MISTAKES.map((mistake, i) => [mistake.name, i] as const))("%s: at least what raw openapi-fetch names", (_name, i) => {
    const { ours, raw } = messages.get(compiler)!;
    // Every quoted name in raw openapi-fetch's message (fields, parameters, paths) is in ours.
    const quoted = (text: string) => new Set(text.match(/'[^'\s]+'/g) ?? []);
    const missing = [...quoted(raw[i]!)].filter((name) => MISTAKES[i]!.names.includes(name) && !quoted(ours[i]!).has(name));
    expect(missing).toEqual([]);
    // Where raw openapi-fetch reports the mistake, so do we.
    if (raw[i]) expect(ours[i]).not.toBe("");
  });
});

describe("the bar moves with raw openapi-fetch", () => {
  it("raw openapi-fetch names the misspelt field (so the comparison above is not empty)", () => {
    for (const compiler of Object.keys(COMPILERS)) expect(messages.get(compiler)!.raw[0]).toContain("'nam'");
  });
  it("raw openapi-fetch compiles an unknown body field beside the required one; this client does not", () => {
    const last = MISTAKES.length - 1;
    for (const compiler of Object.keys(COMPILERS)) {
      expect(messages.get(compiler)!.raw[last]).toBe("");
      expect(messages.get(compiler)!.ours[last]).not.toBe("");
    }
  });
});

describe("the parser of tsc's output bites", () => {
  const expected = (file: string, line: number) => ({
    file,
    line,
    text: "TS2769: No overload matches this call.\nThe last overload gave the following error.\nType 'string' is not assignable to type 'number'.\nThe expected type comes from property 'project_id'",
  });
  const chain = [
    "a.ts:7:3 - error TS2769: No overload matches this call.",
    "  The last overload gave the following error.",
    "    Type 'string' is not assignable to type 'number'.",
    "",
    "7 await client.GET(x);",
    "          ~~~",
    "",
  ];

  it("reads the chain and the related messages of TypeScript 7's layout, not the code excerpts", () => {
    const related = [
      "  b.d.ts:9:5 - The expected type comes from property 'project_id'",
      "    9   project_id: number;",
      "        ~~~~~~~~~~",
      "",
    ];
    expect(parsePretty([...chain, ...related, "Found 1 error in a.ts:7"].join("\n"))).toEqual([expected("a.ts", 7)]);
  });

  it("and of TypeScript 5.x's", () => {
    const related = [
      "  b.d.ts:9:5",
      "    9   project_id: number;",
      "        ~~~~~~~~~~",
      "    The expected type comes from property 'project_id'",
      "",
    ];
    const second = chain.map((line) => line.replace("a.ts:7:3", "c.ts:2:1"));
    expect(parsePretty([...chain, ...related, ...second, ...related].join("\n"))).toEqual([expected("a.ts", 7), expected("c.ts", 2)]);
  });
});

describe("in an editor (TypeScript 5.9's language service)", () => {
  /** The completions offered at the end of `before`, in a file that goes on with `after`. */
  function completionsAt(before: string, after: string): string[] {
    const file = join(project.project, "editing.ts");
    const header = `import { createClient } from "@project-collaboration/api";\nconst client = createClient({ baseUrl: "https://example.invalid/public/api", apiKey: "key" });\n`;
    const text = `${header}${before}${after}`;
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
    };
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [file],
      getScriptVersion: () => "1",
      getScriptSnapshot: (name) => ts.ScriptSnapshot.fromString(name === file ? text : readFileSync(name, "utf8")),
      getCurrentDirectory: () => project.project,
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (name) => name === file || ts.sys.fileExists(name),
      readFile: (name) => (name === file ? text : ts.sys.readFile(name)),
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    const service = ts.createLanguageService(host);
    const completions = service.getCompletionsAtPosition(file, header.length + before.length, {});
    service.dispose();
    return (completions?.entries ?? []).map((entry) => entry.name);
  }

  it("offers the paths a method takes", () => {
    const paths = completionsAt(`await client.POST("`, `");`);
    expect(paths).toEqual(expect.arrayContaining(["/projects.json", "/projects/{project_id}/users.json"]));
    expect(paths).not.toContain("/groups.json"); // read-only
  });

  it("offers the body's fields", () => {
    expect(completionsAt(`await client.POST("/projects.json", { body: { `, ` } });`)).toEqual(
      expect.arrayContaining(["name", "description", "job_code"]),
    );
  });

  it("offers the path parameters", () => {
    expect(completionsAt(`await client.GET("/projects/{project_id}.json", { params: { path: { `, ` } } });`)).toContain("project_id");
  });
});
