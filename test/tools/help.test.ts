// Every npm script that takes options, and every binary, answers --help in one form (issue 59): exit
// code 0, a usage line, one line per option saying what it does, examples. Which options a command has
// comes from its parser — the list it answers an unknown option with, or its options table — never from
// the help text itself, so an option added without a word of help fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GLOBAL_OPTIONS } from "../../cli/src/options.js";
import { repoRoot } from "../support/openapi.js";
import { run } from "../support/run.js";

const scripts: Record<string, string> = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).scripts;

/** The node command an npm script runs last (after an `npm ci … &&`): its file and arguments. */
function nodeCommand(script: string): string[] {
  const match = /node (?:--[a-z-]+ )*(\S+\.m?js)((?: [^&|]+)?)$/.exec(scripts[script]!.trim());
  if (!match) throw new Error(`npm run ${script} runs no node file: ${scripts[script]}`);
  return [match[1]!, ...match[2]!.trim().split(/\s+/).filter(Boolean)];
}

/** Three edits from no option, so the parser lists them all instead of guessing one. */
const UNKNOWN = "--zzzzzzzzzzzzzzzzzzzz";

/** The options a script's parser knows: the list it answers an unknown option with. */
async function listedOptions(command: string[]): Promise<string[]> {
  const result = await run(process.execPath, [...command, UNKNOWN], { timeoutMs: 30_000 });
  const list = /the options are (.*)$/m.exec(result.stderr)?.[1];
  if (result.status !== 2 || !list) throw new Error(`not a usage mistake naming the options (${result.status}): ${result.output}`);
  return list.split(", ");
}

/** The keys (and short names) of a parseArgs table in a TypeScript source: `const OPTIONS = {…}`, or
 * the `options: {…}` of the parseArgs call after `after`. */
function tableOptions(file: string, after?: string): string[] {
  const source = readFileSync(`${repoRoot}${file}`, "utf8");
  const table = after
    ? /\n\s+options: \{\n([\s\S]*?)\n\s+\},/.exec(source.slice(source.indexOf(after)))?.[1]
    : /\nconst OPTIONS = \{\n([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!table) throw new Error(`no options table in ${file}`);
  return [...table.matchAll(/^\s+"?([a-z-]+)"?: \{[^}]*?(?:short: "(\w)")?[^}]*\}/gm)].flatMap(([, name, short]) => [
    `--${name}`,
    ...(short ? [`-${short}`] : []),
  ]);
}

/** Options as pcs's parser reads them: its global flags' table. */
const pcsOptions = Object.entries(GLOBAL_OPTIONS).flatMap(([name, option]) => [
  `--${name}`,
  ...("short" in option ? [`-${option.short}`] : []),
]);

const COMMANDS: { name: string; command: string[]; options: () => Promise<string[]> | string[] }[] = [
  ...[
    "mock",
    "sandbox",
    "docs",
    "bench",
    "soak:client",
    "soak:servers",
    "mutation:description",
    "mutation:http",
    "mutation:app",
    "mutation:sandbox",
    "release",
    "release:check",
  ].map((name) => ({ name: `npm run ${name}`, command: nodeCommand(name), options: () => listedOptions(nodeCommand(name)) })),
  // The build's steps take no option: --help says what each does (scripts/lib/cli.mjs noOptions), and so does the build.
  ...[
    "build",
    "bundle",
    "bundle:3.0",
    "build:postman",
    "build:types",
    "build:sandbox",
    "build:code",
    "api:report",
    "docs:build",
    "docs:markdown",
  ].map((name) => ({ name: `npm run ${name}`, command: nodeCommand(name), options: () => ["--help"] })),
  {
    name: "npm run contract:proxy",
    command: nodeCommand("contract:proxy"),
    // Prism's proxy options (the launcher's list), and --level, which contract-proxy.mjs reads itself.
    options: async () => [...(await listedOptions(nodeCommand("contract:proxy"))), "--level"],
  },
  { name: "pcs", command: ["cli/bin/pcs.js"], options: () => pcsOptions },
  {
    name: "pcs sandbox",
    command: ["cli/bin/pcs.js", "sandbox"],
    options: () => tableOptions("cli/src/sandbox.ts", "export async function serveSandboxCommand"),
  },
  { name: "pcs-contract", command: ["contract/bin/pcs-contract.js"], options: () => tableOptions("contract/src/command/options.ts") },
  { name: "project-collaboration-mcp", command: ["mcp/bin/project-collaboration-mcp.js"], options: () => tableOptions("mcp/src/cli.ts") },
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("--help", () => {
  it("covers every npm script whose file parses options", () => {
    const parsing = Object.values(scripts)
      .map((script) => /node (?:--[a-z-]+ )*(\S+\.m?js)/.exec(script)?.[1])
      .filter((file) => file !== undefined && /parseOptions\(|noOptions\(|helpText\(/.test(readFileSync(`${repoRoot}${file}`, "utf8")));
    expect(parsing.length).toBeGreaterThan(5);
    for (const file of parsing) expect(COMMANDS.map((c) => c.command[0])).toContain(file);
  });

  it.concurrent.for(COMMANDS)(
    "$name --help: exit 0, a usage line, each option it parses explained, an example",
    async ({ command, options }, { expect }) => {
      const [help, known] = await Promise.all([run(process.execPath, [...command, "--help"], { timeoutMs: 30_000 }), options()]);
      expect(help.status, help.output).toBe(0);
      expect(help.stdout).toMatch(/^Usage: \S/m);
      expect(help.stdout).toMatch(/^Examples?:\n {2}\S/m);
      expect(known.length).toBeGreaterThan(0);
      const lines = help.stdout.split("\n");
      for (const option of known) {
        // An indented line naming the option (not as part of a longer one), with words after the flags.
        const named = new RegExp(`^\\s+(?:\\S+ )*?[^\\w-]?${escaped(option)}(?![\\w-]).*\\s\\S+ \\S+`);
        expect(
          lines.find((line) => named.test(` ${line}`.replace(/^ (?=\s)/, ""))),
          `${option} is not explained in:\n${help.stdout}`,
        ).toBeDefined();
      }
    },
  );
});
