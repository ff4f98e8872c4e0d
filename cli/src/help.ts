// What `pcs --help` and `pcs <command> --help` say, from the command table: the operation's summary and
// the description's own words (its warnings among them), the arguments and flags with their limits.
import { DEFAULT_SANDBOX_FILE } from "./sandbox.js";
import type { Command } from "./table.js";

export function globalHelp(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length + c.positionals.map((p) => ` <${p.name}>`).join("").length));
  return [
    "pcs — the Project Collaboration Service API from a terminal",
    "",
    "Usage: pcs <resource> <verb> [arguments] [flags]",
    "",
    ...commands.map((c) => `  ${`${c.name}${c.positionals.map((p) => ` <${p.name}>`).join("")}`.padEnd(width)}  ${c.summary}`),
    `  ${"api <METHOD> <path>".padEnd(width)}  Send any request (pcs api GET /projects.json; pcs api --help)`,
    `  ${"sandbox [--port N]".padEnd(width)}  Serve the reference sandbox over HTTP on 127.0.0.1 (no account needed)`,
    `  ${"completion bash|zsh|fish".padEnd(width)}  Print a shell completion script`,
    "",
    "Flags of every command:",
    "  --base-url <url>       the service root (or PCS_BASE_URL); the key only from PCS_API_KEY",
    "  --format table|json|jsonl   default: a table on a terminal, JSON when piped",
    "  --fields a,b           only these fields",
    "  --all                  every page of a list (one JSON array when piped; --format jsonl streams lines)",
    "  -y, --yes              confirm a command that deletes (asked on a terminal; required otherwise)",
    "  --body @file|-|<json>  a request body whole (a file, stdin, or inline) instead of the body's flags",
    "  --debug                print each request and response on stderr, credentials redacted",
    '  --dry-run              print the request as a curl command (the key as "$PCS_API_KEY"), send nothing',
    "  --sandbox              run against a sandbox kept in a file between commands: by default",
    `                         ${DEFAULT_SANDBOX_FILE} (--sandbox-file <path> for another; pcs sandbox reset forgets it);`,
    "                         as PCS_API_KEY's user if set (sandbox-viewer-key…), else as its administrator",
    "  -h, --help             this help; pcs <command> --help for one command's arguments and flags",
    "",
    "",
    'After a change the service accepted, pcs says what it did on stderr ("Deleted project 48213.").',
    "Exit codes: 0 done (or declined at the prompt), 1 the service answered with an error or could not be",
    "reached, 2 a usage mistake. pcs <command> --help for one command.",
    "",
    "Examples:",
    "  pcs --sandbox projects list --limit 5",
    "  PCS_BASE_URL=https://your-host.example/public/api PCS_API_KEY=… pcs projects get 48213 --format json",
  ].join("\n");
}

export function commandHelp(command: Command): string {
  const line = (flag: string, type: string, rules: string, description: string) =>
    `  ${flag.padEnd(24)} ${type}${rules ? ` (${rules})` : ""}${description ? ` — ${description.replace(/\s+/g, " ")}` : ""}`;
  return [
    `pcs ${command.name}${command.positionals.map((p) => ` <${p.name}>`).join("")} — ${command.summary}`,
    `${command.method} ${command.path}`,
    "",
    command.description.trim(),
    ...(command.positionals.length
      ? ["", "Arguments:", ...command.positionals.map((p) => line(`<${p.name}>`, p.type, p.rules, p.description))]
      : []),
    ...(command.query.length ? ["", "Flags:", ...command.query.map((q) => line(`--${q.flag}`, q.type, q.rules, q.description))] : []),
    ...(command.body
      ? [
          "",
          `Body${command.body.required ? " (required)" : ""}: these flags, or --body @file.json / --body - (stdin) / --body '<json>'`,
          ...(command.body.choice ? [`  ${command.body.choice}`] : []),
          ...(command.body.rules ? [`  ${command.body.rules.replace(/\s+/g, " ")}`] : []),
          ...command.body.flags.map((f) =>
            line(
              `--${f.flag}`,
              `${f.type}${f.required ? ", required" : command.body?.choice ? ", one of the shapes" : ""}`,
              f.rules,
              f.description,
            ),
          ),
        ]
      : []),
    ...(command.destructive ? ["", "This cannot be undone: pcs asks on a terminal, and needs --yes otherwise."] : []),
    // What the reference says of the operation: who may call it, its ids' sources, each status's cause.
    ...section("Who may call it:", command.who),
    ...section("Where its ids come from:", command.ids.length ? command.ids : ["It takes no id."]),
    ...section("Statuses:", command.statuses),
  ].join("\n");
}

/** A titled block of help lines, each indented; nothing when there are none. */
function section(title: string, lines: string[]): string[] {
  return lines.length ? ["", title, ...lines.map((text) => `  ${text}`)] : [];
}
