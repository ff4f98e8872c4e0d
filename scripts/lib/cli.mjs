// What every command of the package says about a user's mistake: one line that says what to do (the
// callers print it and exit with code 2). `-p`/`--port` means the same everywhere.

/** The port number in `text`, or a message saying why it is not one. */
export function parsePort(text, script) {
  if (!/^\d{1,5}$/.test(text ?? "") || Number(text) > 65535)
    return `"${text ?? ""}" is not a port number (0 to 65535), e.g. npm run ${script} -- -p 4020`;
  return Number(text);
}

/** One line for a port that cannot be listened on. */
export function listenError(error, host, port, script) {
  const why =
    error.code === "EADDRINUSE"
      ? "already in use"
      : error.code === "EACCES"
        ? "not permitted to this user"
        : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
          ? "not an address of this machine"
          : `unusable (${error.code})`;
  const other =
    error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
      ? "another host, e.g. -h 127.0.0.1"
      : `another port, e.g. npm run ${script} -- -p ${Math.min(65535, (port || 4000) + 10)}`;
  return `${host}:${port} is ${why}; pick ${other}`;
}

/** The error for an option the command does not have, naming the nearest one it has. */
export function argumentError(name, known) {
  const nearest = nearestOption(name, known);
  return new Error(`unknown option ${name}${nearest ? `; did you mean ${nearest}?` : `; the options are ${known.join(", ")}`}`);
}

/** The known long option a mistyped one most likely meant (at most 3 edits away), or undefined. */
export function nearestOption(name, known) {
  const [option, edits] =
    known
      .filter((candidate) => candidate.startsWith("--"))
      .map((candidate) => [candidate, distance(name.replace(/^-+/, ""), candidate.slice(2))])
      .sort((a, b) => a[1] - b[1])[0] ?? [];
  return edits !== undefined && edits <= 3 ? option : undefined;
}

function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length];
}

/**
 * `--help` in the one form every script and binary uses: `Usage: …`, what it does, one line per option,
 * examples. `options`: a parseArgs table whose entries also carry `help` (what the option does) and, for
 * a value, `value` (its placeholder); or [flags, text] pairs for a parser of its own.
 */
export function helpText({ usage, about = "", options, examples = [], notes = "" }) {
  const rows = Array.isArray(options)
    ? options
    : Object.entries(options).map(([name, option]) => [
        `${option.short ? `-${option.short}, ` : ""}--${name}${option.type === "string" ? ` <${option.value ?? "value"}>` : ""}${option.multiple ? "…" : ""}`,
        option.help,
      ]);
  const width = Math.max(...rows.map(([flags]) => flags.length));
  return [
    `Usage: ${usage}`,
    ...(about ? ["", about] : []),
    "",
    "Options:",
    ...rows.map(([flags, text]) => `  ${flags.padEnd(width)}  ${text}`),
    ...(notes ? ["", notes] : []),
    ...(examples.length ? ["", "Examples:", ...examples.map((example) => `  ${example}`)] : []),
  ].join("\n");
}

/**
 * node:util's parseArgs, strict, with its errors as one line and exit code 2 (`script: message`) instead
 * of a stack trace; an unknown option names the nearest known one. With `help` ({ usage, about,
 * examples, notes }), --help prints helpText() from the options' own `help` texts and exits 0; an option
 * without one is a mistake of the script, refused at once.
 */
export async function parseOptions(script, config, help) {
  const { parseArgs } = await import("node:util");
  if (help) {
    config = { ...config, options: { ...config.options, help: { type: "boolean", help: "this help", ...config.options?.help } } };
    const unexplained = Object.keys(config.options).filter((name) => !config.options[name].help);
    if (unexplained.length) throw new Error(`${script}: no help text for ${unexplained.map((name) => `--${name}`).join(", ")}`);
  }
  try {
    const parsed = parseArgs({ strict: true, ...config });
    if (help && parsed.values.help) {
      console.log(helpText({ ...help, options: config.options }));
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    const option = /option '([^']+)'/.exec(error.message)?.[1];
    const known = Object.keys(config.options ?? {}).map((name) => `--${name}`);
    const message =
      error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
        ? argumentError(option ?? "?", known).message
        : error.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL"
          ? `unexpected argument; the options are ${known.join(", ")}`
          : error.message.split("\n")[0];
    console.error(`${script}: ${message}`);
    process.exit(2);
  }
}

/** For a script that takes no option: --help says what it does (exit 0); any argument is a mistake (exit 2). */
export async function noOptions(script, about) {
  await parseOptions(script, { options: {} }, { usage: `npm run ${script}`, about, examples: [`npm run ${script}`] });
}
