#!/usr/bin/env node
// `npm run mock` and `npm run contract:proxy`: Prism through scripts/servers/prism-process.mjs (the guard in
// front of it refuses the requests that would kill it, and a Prism that dies anyway is restarted).
// Every mistake Prism itself would answer with its whole usage text or a stack trace — a busy or bad
// port, an unknown option, no upstream — is one line saying what to do, and exit code 2. It runs until
// Ctrl-C, SIGTERM or (started through npm or npx) the end of its parent process: whenOwnerGone().
//   node scripts/servers/prism.mjs mock  [prism mock arguments]
//   node scripts/servers/prism.mjs proxy [prism proxy arguments]   (document first, then the upstream URL)
import { whenOwnerGone } from "../../generated/lib/sandbox/server.js";
import { PRISM_LOG_LEVELS as LEVELS, startPrismProcess, stopWhenEnded } from "./prism-process.mjs";
import { exposureWarning } from "../../generated/lib/sandbox/loopback.js";
import { argumentError, helpText, listenError, parsePort } from "../lib/cli.mjs";
import { prismHelpRows, prismOptionNames } from "./prism-options.mjs";

/** How long the proxy waits for the upstream to start answering before it answers 504. */
const PROXY_TIMEOUT_MS = 30_000;

// Taken before anything starts: a signal while Prism is still starting stops it too, once it is up.
const ownerGone = whenOwnerGone();
const [mode, ...args] = process.argv.slice(2);
const script = process.env.npm_lifecycle_event ?? `prism ${mode}`;
const fail = (message) => {
  console.error(`${script}: ${message}`);
  process.exit(2);
};
if (mode !== "mock" && mode !== "proxy") fail(`unknown mode "${mode}" (mock or proxy)`);
if (args.includes("--help")) {
  console.log(
    helpText(
      mode === "mock"
        ? {
            usage: "npm run mock -- [options]",
            about: `Prism's mock of the description (generated/openapi.json) until Ctrl-C: the description's paths under /public/api as
on the service, and at the root too (as it first did). Any API key is accepted; answers are the examples.`,
            options: [...prismHelpRows("mock"), ["--help", "this help"]],
            examples: ["npm run mock", "npm run mock -- -p 4020", "npm run mock -- --dynamic --seed 1"],
          }
        : {
            usage: "node scripts/servers/prism.mjs proxy [options] <document> <upstream url>",
            about: "Prism's validating proxy in front of a server (npm run contract:proxy starts it: see its --help).",
            options: [...prismHelpRows("proxy"), ["--help", "this help"]],
            examples: ["node scripts/servers/prism.mjs proxy --errors generated/openapi.json https://your-host.example/public/api"],
          },
    ),
  );
  process.exit(0);
}

let parsed;
try {
  parsed = parse(args, prismOptionNames(mode));
} catch (error) {
  fail(error.message);
}
const { port: portText = "4010", host = "127.0.0.1", verbose = "info", positionals, passed } = parsed;
if (mode === "proxy") {
  const upstream = positionals[1];
  if (upstream === undefined) fail("name the server to check, e.g. npm run contract:proxy -- https://your-host.example/public/api");
  if (!/^https?:$/.test(safeProtocol(upstream))) fail(`"${upstream}" is not an http(s) URL of a server`);
}
if (positionals.length > (mode === "proxy" ? 2 : 1)) fail(`unexpected argument "${positionals.at(-1)}"`);
if (!LEVELS.includes(verbose)) fail(`-v must be one of ${LEVELS.join(", ")}, not "${verbose}"`);
const port = parsePort(portText, script);
if (typeof port === "string") fail(port);

const exposure = exposureWarning(
  host,
  mode === "mock" ? "the mock" : `the proxy, and through it ${positionals[1]} with the credentials callers send`,
  { advice: "Use -h 127.0.0.1 unless that is what you want." },
);
if (exposure) console.error(`${script}: ${exposure}`);

let prism;
try {
  prism = await startPrismProcess({
    mode,
    document: positionals[0],
    args: [...positionals.slice(1), ...passed],
    host,
    port,
    verboseLevel: verbose,
    stdio: "inherit",
    timeoutMs: PROXY_TIMEOUT_MS,
    // Any answer means Prism is up (the mock answers 401 or 404; the proxy whatever the upstream says).
    onRestart: (how) => console.error(`${script}: Prism exited (${how}); restarting it.`),
  });
} catch (error) {
  fail(error.code ? listenError(error, host, port, script) : `Prism did not start: ${String(error.message).split("\n")[0]}`);
}
if (prism.basePath)
  console.log(
    `${script}: the description's paths at ${prism.url}${prism.basePath} as on the service, and at ${prism.url}/ too (as first)${mode === "mock" ? `; any API key works: curl -u "any-key:" "${prism.url}${prism.basePath}/projects.json?limit=2"` : ""}`,
  );
await stopWhenEnded(script, prism, ownerGone);

/** Port, host and log level as Prism would read them; the positionals; every other option, passed on. */
function parse(list, known) {
  const found = { positionals: [], passed: [] };
  for (let i = 0; i < list.length; i++) {
    const [name, inline] = list[i].split(/=(.*)/s, 2);
    if (!name.startsWith("-") || name === "-") {
      found.positionals.push(list[i]);
      continue;
    }
    if (!Object.hasOwn(known, name)) throw argumentError(name, Object.keys(known));
    const value = () => {
      const next = inline ?? list[++i];
      if (next === undefined) throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === "-p" || name === "--port") found.port = value();
    else if (name === "-h" || name === "--host") found.host = value();
    else if (name === "-v" || name === "--verboseLevel") found.verbose = value();
    else if (known[name]) found.passed.push(name, value());
    else found.passed.push(list[i]);
  }
  return found;
}

function safeProtocol(text) {
  try {
    return new URL(text).protocol;
  } catch {
    return "";
  }
}
