// Shell completion from the command table: resources, then their verbs, then the verb's flags.
import { GLOBAL_OPTIONS } from "./options.js";
import { type Command, OWN_WORDS } from "./table.js";

const GLOBAL = Object.keys(GLOBAL_OPTIONS).map((flag) => `--${flag}`);

export function completion(shell: string, commands: Command[]): string | undefined {
  const resources = [...new Set(commands.map((c) => c.name.split(" ")[0]!)), ...OWN_WORDS];
  const verbs = (resource: string) => commands.filter((c) => c.name.startsWith(`${resource} `)).map((c) => c.name.split(" ")[1]!);
  const flags = (c: Command) => [...c.query.map((q) => `--${q.flag}`), ...(c.body?.flags ?? []).map((f) => `--${f.flag}`), ...GLOBAL];
  if (shell === "bash")
    return [
      '# pcs completion for bash: eval "$(pcs completion bash)"',
      "_pcs() {",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a template
      '  local cur="${COMP_WORDS[COMP_CWORD]}" resource="${COMP_WORDS[1]}" verb="${COMP_WORDS[2]}"',
      `  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${resources.join(" ")}" -- "$cur")); return; fi`,
      '  case "$resource" in',
      ...[...new Set(commands.map((c) => c.name.split(" ")[0]!))].map(
        (r) => `    ${r}) if [ "$COMP_CWORD" -eq 2 ]; then COMPREPLY=($(compgen -W "${verbs(r).join(" ")}" -- "$cur")); return; fi;;`,
      ),
      '    completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return;;',
      "  esac",
      '  case "$resource $verb" in',
      ...commands.map((c) => `    "${c.name}") COMPREPLY=($(compgen -W "${flags(c).join(" ")}" -- "$cur"));;`),
      "  esac",
      "}",
      "complete -F _pcs pcs",
      "",
    ].join("\n");
  if (shell === "zsh")
    return `# pcs completion for zsh: eval "$(pcs completion zsh)"\nautoload -U bashcompinit && bashcompinit\n${completion("bash", commands)}`;
  if (shell === "fish")
    return [
      "# pcs completion for fish: pcs completion fish | source",
      `complete -c pcs -f -n "__fish_use_subcommand" -a "${resources.join(" ")}"`,
      ...[...new Set(commands.map((c) => c.name.split(" ")[0]!))].map(
        (r) => `complete -c pcs -f -n "__fish_seen_subcommand_from ${r}" -a "${verbs(r).join(" ")}"`,
      ),
      ...commands.flatMap((c) =>
        flags(c).map(
          (f) =>
            `complete -c pcs -f -n "__fish_seen_subcommand_from ${c.name.split(" ")[1]}; and __fish_seen_subcommand_from ${c.name.split(" ")[0]}" -l ${f.slice(2)}`,
        ),
      ),
      "",
    ].join("\n");
  return undefined;
}
