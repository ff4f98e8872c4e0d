// What the compilers and editors tell a user of the packed package about a call, with TypeScript 7 and
// 5.9 (src/api-client.ts explains the overload order these hold; the compiler matrix checks the oldest):
// - a wrong call's error names the mistake — the field, the parameter, the path — and never speaks of
//   `never` (openapi-fetch's never-path overload, there for assignability); the bar is raw openapi-fetch
//   with the same `paths`, compiled in the same run: every name its message gives, ours gives too;
// - an editor offers the paths, the body's fields and the path parameters (TypeScript 5.9's language
//   service: the first overload is the one editors read).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TSC, TSC_5 } from "../../scripts/lib/typescript.mjs";
import {
  type CompilerMessages,
  compilerMessages,
  FIRST_MISTAKE_LINE,
  MISTAKES,
  messageProblems,
  parsePretty,
} from "../support/compiler-messages.js";
import { type PackedProject, packedProject } from "../support/packed.js";

const COMPILERS = { "TypeScript 7": TSC, "TypeScript 5.9": TSC_5 };

let project: PackedProject;
const messages = new Map<string, CompilerMessages>();

beforeAll(async () => {
  project = await packedProject({ type: "module" });
  await Promise.all(
    Object.entries(COMPILERS).map(async ([compiler, tsc]) =>
      messages.set(compiler, await compilerMessages(project.project, tsc, `messages-${compiler.replace(/\W+/g, "-")}`)),
    ),
  );
}, 240_000);

afterAll(() => project?.remove());

describe.each(Object.keys(COMPILERS))("%s", (compiler) => {
  it("reports an error on each mistake's line and nowhere else", () => {
    expect(messages.get(compiler)!.oursLines).toEqual(MISTAKES.map((_, i) => FIRST_MISTAKE_LINE + i));
  });

  it.each(MISTAKES.map((mistake, i) => [mistake.name, i] as const))(
    "%s: named, never `never`, at least what raw openapi-fetch names",
    (_name, i) => {
      expect(messageProblems(messages.get(compiler)!, i)).toEqual([]);
    },
  );
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
