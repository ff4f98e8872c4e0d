// TypeScript's compiler (5.9, its JavaScript API: TypeScript 7 has none, only a native command), set
// up once for the process to compile a file of this package's own against the main package's
// declarations as installed beside this one (generated/lib/*.d.ts, resolved the way a user's project
// resolves them): ES2023's library and the package's declarations are parsed once, and each
// compilation hands the previous program to the next, so one costs its own file and the types it
// touches. Used by the type check of a program (./check.ts) and the `types` tool (./types.ts).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type * as TypeScript from "typescript";
import { PROGRAM_GLOBALS } from "./scope.js";

export type { TypeScript };

// Inside this package's folder, so that `@project-collaboration/api` resolves as it does for any file
// of the package: to the installed main package's declarations. Neither file is written to disk.
const PACKAGE_DIR = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE_FILE = `${PACKAGE_DIR}execute-program.ts`;
const GLOBALS_FILE = `${PACKAGE_DIR}execute-globals.d.ts`;

interface Compiler {
  ts: typeof TypeScript;
  options: TypeScript.CompilerOptions;
  host: TypeScript.CompilerHost;
  setSource(text: string): void;
  previous?: TypeScript.Program;
}

let compiler: Compiler | undefined;

/** TypeScript is loaded at the first check, not when the server starts: its 9 MB of JavaScript cost
 * the other tools nothing. */
function theCompiler(): Compiler {
  if (compiler) return compiler;
  const ts = createRequire(import.meta.url)("typescript") as typeof TypeScript;
  const options: TypeScript.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts"],
    types: [],
    strict: true,
    skipLibCheck: true,
    noEmitOnError: true,
    // For the program's line of a runtime error (./source-lines.ts).
    sourceMap: true,
    newLine: ts.NewLineKind.LineFeed,
  };
  const host = ts.createCompilerHost(options, true);
  const parsed = new Map<string, TypeScript.SourceFile>();
  let sourceText = "";
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === SOURCE_FILE ? sourceText : name === GLOBALS_FILE ? PROGRAM_GLOBALS : readFile(name));
  host.fileExists = (name) => name === SOURCE_FILE || name === GLOBALS_FILE || fileExists(name);
  host.getSourceFile = (name, languageVersion) => {
    if (name === SOURCE_FILE) return ts.createSourceFile(name, sourceText, languageVersion, true);
    let file = parsed.get(name);
    if (!file) {
      file =
        name === GLOBALS_FILE ? ts.createSourceFile(name, PROGRAM_GLOBALS, languageVersion, true) : getSourceFile(name, languageVersion);
      if (file) parsed.set(name, file);
    }
    return file;
  };
  compiler = { ts, options, host, setSource: (text) => void (sourceText = text) };
  return compiler;
}

export interface Compiled {
  ts: typeof TypeScript;
  program: TypeScript.Program;
  file: TypeScript.SourceFile;
}

/** `text` compiled as a script of this package, beside the globals a program sees (./scope.ts). */
export function compile(text: string): Compiled {
  const c = theCompiler();
  c.setSource(text);
  const program = c.ts.createProgram({ rootNames: [GLOBALS_FILE, SOURCE_FILE], options: c.options, host: c.host, oldProgram: c.previous });
  c.previous = program;
  return { ts: c.ts, program, file: program.getSourceFile(SOURCE_FILE)! };
}
