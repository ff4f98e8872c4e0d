// The type check of an `execute` program, before any of it runs: the program, as the body of an async
// function (./scope.ts), compiled against the main package's own declarations (./compiler.ts). A
// mistake is refused with the compiler's own message, its line in the program, and a did-you-mean for
// a string that is not one of the values the call takes (a misspelt path). A program that passes is
// emitted as JavaScript for the isolate.
import { didYouMean } from "@project-collaboration/api";
import { compile, type TypeScript } from "./compiler.js";
import { PROGRAM_FIRST_LINE, PROGRAM_FOOTER, PROGRAM_HEADER } from "./scope.js";
import { sourceLines } from "./source-lines.js";

export type Checked = { javascript: string; programLine(javascriptLine: number): number | undefined } | { problems: string[] };

/** At most this many problems are told: the first ones are the ones to fix. */
const MAX_PROBLEMS = 5;

/** The program's JavaScript, or what is wrong with it. */
export function checkProgram(code: string): Checked {
  const { ts, program, file } = compile(`${PROGRAM_HEADER}\n${code}${PROGRAM_FOOTER}`);
  const syntax = program.getSyntacticDiagnostics(file);
  const diagnostics = syntax.length ? syntax : program.getSemanticDiagnostics(file);
  if (diagnostics.length) {
    const checker = program.getTypeChecker();
    const problems = diagnostics.slice(0, MAX_PROBLEMS).map((d) => describe(ts, checker, file, d));
    if (diagnostics.length > MAX_PROBLEMS) problems.push(`…and ${diagnostics.length - MAX_PROBLEMS} more.`);
    return { problems };
  }
  let javascript = "";
  let lines: (number | undefined)[] = [];
  program.emit(file, (name, text) => {
    if (name.endsWith(".map")) lines = sourceLines((JSON.parse(text) as { mappings: string }).mappings);
    else javascript = text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
  });
  return {
    javascript,
    programLine: (javascriptLine) => {
      const line = lines[javascriptLine];
      return line === undefined || line < PROGRAM_FIRST_LINE ? undefined : line - PROGRAM_FIRST_LINE + 1;
    },
  };
}

/** "line 3: <the compiler's message> Did you mean '/projects.json'?" and the line itself. */
function describe(
  ts: typeof TypeScript,
  checker: TypeScript.TypeChecker,
  file: TypeScript.SourceFile,
  diagnostic: TypeScript.Diagnostic,
): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (diagnostic.start === undefined) return message;
  const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start);
  const programLine = line + 2 - PROGRAM_FIRST_LINE;
  const suggestion = /Did you mean/.test(message) ? undefined : suggestedString(ts, checker, file, diagnostic.start);
  const source = file.text.split("\n")[line]?.trim() ?? "";
  const where = programLine >= 1 ? `line ${programLine}, column ${character + 1}` : "the end of the program";
  return `${where}: ${message}${suggestion ? ` Did you mean '${suggestion}'?` : ""}${source && programLine >= 1 ? `\n    ${source}` : ""}`;
}

/** For a string literal the call does not take, the nearest of the strings it does take. */
function suggestedString(ts: typeof TypeScript, checker: TypeScript.TypeChecker, file: TypeScript.SourceFile, position: number) {
  const node = innermost(ts, file, position);
  if (!node || !(ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return undefined;
  const contextual = checker.getContextualType(node);
  if (!contextual) return undefined;
  const type = contextual.isTypeParameter() ? checker.getBaseConstraintOfType(contextual) : contextual;
  const members = type?.isUnion() ? type.types : type ? [type] : [];
  const candidates = members.filter((t) => t.isStringLiteral()).map((t) => (t as TypeScript.StringLiteralType).value);
  const meant = didYouMean(node.text, candidates);
  return meant === node.text ? undefined : meant;
}

function innermost(ts: typeof TypeScript, file: TypeScript.SourceFile, position: number): TypeScript.Node | undefined {
  let found: TypeScript.Node | undefined;
  const visit = (node: TypeScript.Node) => {
    if (node.getStart(file) <= position && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}
