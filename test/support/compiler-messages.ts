// What a compiler says about wrong calls of the client, compared with raw openapi-fetch's words for the
// same calls: the consumer files that make the mistakes, the reading of tsc's --pretty output, and the
// check of each message. Used by test/types/compiler-messages.test.ts (TypeScript 7 and 5.9, npm test)
// and the compiler matrix (the oldest compilers, test/compilers/matrix.test.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv } from "./packed.js";
import { run } from "./run.js";

export interface Mistake {
  name: string;
  /** The call after `client.`, one line. */
  call: string;
  /** What the message must name (quoted as the compiler quotes it). */
  names: string[];
}

export const MISTAKES: Mistake[] = [
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
export const FIRST_MISTAKE_LINE = 4;
const SOURCES = {
  ours: consumer(`const client = createClient({ baseUrl: "https://example.invalid/public/api", apiKey: "key" }); void createFetchClient;`),
  raw: consumer(`const client = createFetchClient<paths>({ baseUrl: "https://example.invalid/public/api" }); void createClient;`),
};

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

/** What one compiler said: per source ("ours", "raw"), the diagnostic text at each mistake's line; the lines of ours' errors. */
export interface CompilerMessages {
  ours: string[];
  raw: string[];
  oursLines: number[];
}

/** Compiles the mistakes with `tsc` (a path) in `project/<folder>/` (`project` installed the tarball). */
export async function compilerMessages(project: string, tsc: string, folder: string): Promise<CompilerMessages> {
  const dir = join(project, folder);
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(SOURCES)) writeFileSync(join(dir, `${name}.ts`), source);
  const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true };
  const tsconfig = {
    compilerOptions: { ...compilerOptions, lib: ["ES2022", "DOM"], types: [], skipLibCheck: true },
    files: ["ours.ts", "raw.ts"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  const { output } = await run(process.execPath, [tsc, "-p", ".", "--pretty", "true"], { cwd: dir, env: cleanEnv });
  const printed = parsePretty(output);
  const at = (file: string) =>
    MISTAKES.map((_, i) =>
      printed
        .filter((d) => d.file === file && d.line === FIRST_MISTAKE_LINE + i)
        .map((d) => d.text)
        .join("\n"),
    );
  const oursLines = [...new Set(printed.filter((d) => d.file === "ours.ts").map((d) => d.line))].sort((a, b) => a - b);
  return { ours: at("ours.ts"), raw: at("raw.ts"), oursLines };
}

/**
 * What is wrong with our message for mistake `i` (empty: nothing): each of the mistake's names must be
 * in it, `never` must not, and every name raw openapi-fetch's message gives must be in ours too.
 */
export function messageProblems(messages: CompilerMessages, i: number): string[] {
  const mistake = MISTAKES[i]!;
  const ours = messages.ours[i]!;
  const quoted = (text: string) => new Set(text.match(/'[^'\s]+'/g) ?? []);
  return [
    ...(ours === "" ? ["no error"] : []),
    ...mistake.names.filter((name) => !ours.includes(name)).map((name) => `does not name ${name}`),
    ...(/\bnever\b/.test(ours) ? ["says never"] : []),
    ...[...quoted(messages.raw[i]!)]
      .filter((name) => mistake.names.includes(name) && !quoted(ours).has(name))
      .map((name) => `raw openapi-fetch names ${name}, ours does not`),
  ].map((problem) => `${mistake.name}: ${problem}\n${ours}`);
}
