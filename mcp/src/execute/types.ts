// The `types` tool's answer: for the operations asked, what a program passes (path and query
// parameters, body) and gets back (`data`), as the type checker resolves them from the package's own
// declarations (./compiler.ts), and each named schema they use once, under its name. So the `execute`
// tool's description stays a list of operations, and a model reads the types of the ones it uses.
import type { OperationTool } from "../operations.js";
import { compile, type TypeScript } from "./compiler.js";

const API = `import("@project-collaboration/api")`;

/** Each operation's request and result, then the schemas they name, as TypeScript. */
export function operationTypes(tools: readonly OperationTool[]): string {
  const { ts, program, file } = compile(
    [
      `type Ops = ${API}.operations;`,
      `type Json<C> = C extends { content: { "application/json": infer B } } ? B : undefined;`,
      `type Success<R> = R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : undefined;`,
      `declare const schemas: ${API}.components["schemas"];`,
      `declare const problem: ${API}.Problem;`,
      ...tools.map(
        (t, i) =>
          `declare const op${i}: { path: NonNullable<Ops["${t.name}"]["parameters"]["path"]>; query: NonNullable<Ops["${t.name}"]["parameters"]["query"]>; body: Json<Ops["${t.name}"]["requestBody"]>; data: Success<Ops["${t.name}"]["responses"]> };`,
      ),
    ].join("\n"),
  );
  const checker = program.getTypeChecker();
  const print = (type: TypeScript.Type) => checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  const declared = (name: string) =>
    checker.getTypeOfSymbol(checker.getSymbolsInScope(file, ts.SymbolFlags.Variable).find((s) => s.name === name)!);
  const member = (type: TypeScript.Type, name: string) => print(checker.getTypeOfSymbol(type.getProperty(name)!));

  // The object schemas, each printed as the checker prints it wherever it appears: that text, found in
  // another type, is written as the schema's name (the longest first, so a schema inside another
  // stays whole until its turn).
  const schemasType = declared("schemas");
  const named = schemasType
    .getProperties()
    .map((s) => ({ name: s.name, text: print(checker.getTypeOfSymbol(s)) }))
    .filter((s) => s.text.startsWith("{"))
    .sort((a, b) => b.text.length - a.text.length);
  const withNames = (text: string, except?: string) => named.reduce((t, s) => (s.name === except ? t : t.split(s.text).join(s.name)), text);

  const used = new Set<string>();
  const noteUsed = (text: string) => {
    for (const s of named) if (new RegExp(`\\b${s.name}\\b`).test(text)) used.add(s.name);
    return text;
  };
  const blocks = tools.map((tool, i) => {
    const op = declared(`op${i}`);
    const lines = [
      `// ${tool.name}: ${tool.title}${tool.writes ? " (changes data)" : ""}${tool.paginated ? " (paged: paginate and collectAll walk it)" : ""}`,
    ];
    const params = ["path", "query"]
      .map((part) => [part, member(op, part)] as const)
      .filter(([, text]) => text !== "never" && text !== "undefined");
    const body = member(op, "body");
    const init = [
      ...(params.length ? [`params: { ${params.map(([part, text]) => `${part}: ${text}`).join("; ")} }`] : []),
      ...(body !== "undefined" ? [`body: ${noteUsed(withNames(body))}`] : []),
    ];
    lines.push(`client.${tool.method}("${tool.path}"${init.length ? `, { ${init.join("; ")} }` : ""})`);
    lines.push(`  → data: ${noteUsed(withNames(member(op, "data")))}`);
    return lines.join("\n");
  });
  // Schemas named by the schemas used, until none is new.
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) noteUsed(withNames(named.find((s) => s.name === name)!.text, name));
    grew = used.size > before;
  }
  const definitions = named
    .filter((s) => used.has(s.name))
    .map((s) => `type ${s.name} = ${withNames(s.text, s.name)};`)
    .sort();
  return [
    ...blocks,
    "",
    ...definitions,
    `// A failed call's \`error\` (and unwrap's ApiError.problem):`,
    `type Problem = ${print(declared("problem"))};`,
  ].join("\n");
}
