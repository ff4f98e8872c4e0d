// Prism's own options that `npm run mock` and `npm run contract:proxy` pass on (prism-cli's sharedOptions,
// mock's and proxy's), each with what it does: the one table the launcher (prism.mjs) parses with and
// both commands' --help print. The port, host and log level are read by the launcher itself.
import { PRISM_LOG_LEVELS } from "./prism-process.mjs";

/** [names, placeholder of its value (none: a flag), what it does], per mode. */
export const PRISM_OPTIONS = {
  common: [
    [["-p", "--port"], "port", "the port (default 4010; it must be free)"],
    [["-h", "--host"], "host", "the address to listen on (default 127.0.0.1; beyond loopback it warns)"],
    [["-v", "--verboseLevel"], "level", `Prism's log level: ${PRISM_LOG_LEVELS.join(", ")} (default info)`],
    [["--cors"], undefined, "answer CORS preflights and add CORS headers (Prism's default)"],
    [["--no-cors"], undefined, "no CORS handling"],
    [["-m", "--multiprocess"], undefined, "Prism's multi-process mode"],
    [["--errors"], undefined, "answer a request or response that breaks the description with an error"],
  ],
  mock: [
    [["-d", "--dynamic"], undefined, "answers generated from the schemas instead of the examples"],
    [["--seed"], "seed", "the seed of --dynamic's generator (the same answers each run)"],
    [["--ignoreExamples"], undefined, "never answer with the examples"],
    [["--json-schema-faker-fillProperties"], undefined, "generate optional properties too (with --dynamic)"],
  ],
  proxy: [
    [["--validate-request"], undefined, "check requests too (default: responses only are checked)"],
    [["--upstream-proxy"], "url", "reach the upstream server through this HTTP proxy"],
  ],
};

/** Each name of a mode's options → whether it takes a value. */
export function prismOptionNames(mode) {
  return Object.fromEntries(
    [...PRISM_OPTIONS.common, ...PRISM_OPTIONS[mode]].flatMap(([names, value]) => names.map((name) => [name, value !== undefined])),
  );
}

/** A mode's options as --help rows ([flags, text]). */
export function prismHelpRows(mode) {
  return [...PRISM_OPTIONS.common, ...PRISM_OPTIONS[mode]].map(([names, value, text]) => [
    `${names.join(", ")}${value ? ` <${value}>` : ""}`,
    text,
  ]);
}
