#!/usr/bin/env node
// `npm run sandbox`: the reference sandbox over HTTP, behind Prism's validating proxy, until Ctrl-C.
// Its options, each explained: npm run sandbox -- --help (the OPTIONS table below).
// Offline: everything it needs is in node_modules and generated/. A mistake (a busy or bad port, an
// unknown option) is one line and exit code 2; the banner comes only once the port is listened on. It
// runs until Ctrl-C, SIGTERM or (started through npm or npx) the end of its parent: whenOwnerGone().
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { DEFAULT_API_KEYS } from "../../generated/lib/sandbox/index.js";
import { whenOwnerGone } from "../../generated/lib/sandbox/server.js";
import { exposureWarning } from "../../generated/lib/sandbox/loopback.js";
import { corsOriginProblem } from "../../generated/lib/sandbox/cors.js";
import { listenError, parseOptions, parsePort } from "../lib/cli.mjs";
import { PRISM_LOG_LEVELS as LEVELS, stopWhenEnded } from "./prism-process.mjs";
import { basePathOf } from "./prism-guard.mjs";
import { freePort, startSandbox } from "./sandbox-server.mjs";

const DEFAULT_PORT = 4011; // beside `npm run mock` (4010), so both can run at once
/** Where the service serves the description's paths ("/public/api"): the sandbox does too (and at its root). */
const BASE_PATH = basePathOf(JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")));
const OPTIONS = {
  port: {
    type: "string",
    short: "p",
    value: "port",
    help: `the port (default ${DEFAULT_PORT}, or a free one when it is taken; a port given must be free)`,
  },
  host: {
    type: "string",
    short: "h",
    default: "127.0.0.1",
    value: "host",
    help: "the address to listen on (default 127.0.0.1; beyond loopback it warns)",
  },
  "no-proxy": {
    type: "boolean",
    default: false,
    help: "the sandbox alone, without Prism in front (answers are not checked against the description)",
  },
  "cors-origin": {
    type: "string",
    multiple: true,
    default: [],
    value: "origin",
    help: "web pages of this origin may call it too (repeatable; by default pages of this machine only)",
  },
  "allow-null-origin": {
    type: "boolean",
    default: false,
    help: "pages that send Origin: null too: the reference opened from disk, but also any site's sandboxed iframe",
  },
  verbose: {
    type: "string",
    short: "v",
    default: "warn",
    value: "level",
    help: `Prism's log level: ${LEVELS.join(", ")} (default warn: every answer that breaks the description)`,
  },
  help: { type: "boolean", help: "this help" },
};
const fail = (message) => {
  console.error(`sandbox: ${message}`);
  process.exit(2);
};

const { values } = await parseOptions(
  "sandbox",
  { options: OPTIONS, allowPositionals: false },
  {
    usage: "npm run sandbox -- [options]",
    about: `The reference sandbox over HTTP, behind Prism's validating proxy, until Ctrl-C: under ${BASE_PATH || "/"} as the service (and at
its root too, as it did first), seeded with the description's examples, state kept until it stops.`,
    examples: ["npm run sandbox", "npm run sandbox -- -p 4020 --no-proxy", "npm run sandbox -- --cors-origin https://app.example"],
  },
);
for (const origin of values["cors-origin"]) {
  const problem = corsOriginProblem(origin);
  if (problem) fail(problem);
}
if (!LEVELS.includes(values.verbose)) fail(`-v must be one of ${LEVELS.join(", ")}, not "${values.verbose}"`);
const chosen = values.port === undefined ? undefined : parsePort(values.port, "sandbox");
if (typeof chosen === "string") fail(chosen);

async function portToUse() {
  if (chosen !== undefined) return chosen;
  // The default port when free, else any free one (printed below).
  const free = await new Promise((resolve) => {
    const probe = createServer().once("error", () => resolve(false));
    probe.listen(DEFAULT_PORT, values.host, () => probe.close(() => resolve(true)));
  });
  return free ? DEFAULT_PORT : freePort(values.host);
}

// Taken before anything starts: a Ctrl-C (or a SIGTERM from a supervisor) that comes while Prism is
// still starting must stop it too, once it is up.
const ownerGone = whenOwnerGone();

const started = performance.now();
const port = await portToUse().catch((error) => fail(listenError(error, values.host, DEFAULT_PORT, "sandbox")));
// What it answered, said when it stops: refusals by design (4xx) are counted, not logged one by one.
const answered = { all: 0, refused: 0, failed: 0 };
const count = (status) => {
  answered.all++;
  if (status >= 500) answered.failed++;
  else if (status >= 400) answered.refused++;
};
let running;
try {
  running = await startSandbox({
    host: values.host,
    port,
    proxy: !values["no-proxy"],
    cors: { origins: values["cors-origin"], nullOrigin: values["allow-null-origin"] },
    verboseLevel: values.verbose,
    stdio: "inherit",
    onRestart: (how) => console.error(`sandbox: Prism exited (${how}); restarting it (the sandbox keeps its state).`),
    onAnswered: count,
  });
} catch (error) {
  fail(
    error.code ? listenError(error, values.host, port, "sandbox") : `the sandbox did not start: ${String(error.message).split("\n")[0]}`,
  );
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const exposure = exposureWarning(
  values.host,
  `the sandbox (its API keys are the published ones above) and its test control (with the token)`,
  { advice: "Use -h 127.0.0.1 unless that is what you want." },
);
const api = `${running.url}${BASE_PATH}`;
console.log(`
Project Collaboration Service sandbox on ${api} (started in ${seconds} s): the base URL, as on the service
(it answers at ${running.url}/ too, as it did first).
${values["no-proxy"] ? "No proxy: answers are not checked against the description." : "Prism's validating proxy in front of the sandbox: an answer that breaks the description becomes a 500.\nThis log shows the sandbox's failures only; a request refused by design (bad input, an unknown path) is answered 4xx, not logged\n(they are counted, and the count said when it stops)."}
Web pages that may call it: this machine's (loopback origins)${values["cors-origin"].length ? `, and ${values["cors-origin"].join(", ")}` : ""}${values["allow-null-origin"] ? ", and any page that sends Origin: null (opened from disk, or any site's sandboxed iframe)" : ""}.
Seeded with the description's examples; state lives until you stop it. API keys (HTTP Basic user name, empty password):
${Object.entries(DEFAULT_API_KEYS)
  .map(([key, user]) => `  ${key.padEnd(20)} account ${user}`)
  .join("\n")}
Try: curl -u "sandbox-admin-key:" "${api}/projects.json?limit=2"
Test control (POST /_sandbox/reset, GET /_sandbox/sent-emails): -H "Authorization: Bearer ${running.controlToken}"
Ctrl-C to stop.
`);
if (exposure) console.error(`sandbox: ${exposure}`);

// The owner gone ends the sandbox; so does Prism stopped from outside or dying too often to be
// restarted, with one line.
await stopWhenEnded("sandbox", running, ownerGone, () =>
  values["no-proxy"]
    ? ""
    : `answered ${answered.all} requests: ${answered.refused} refused by design (4xx: bad input, unknown paths, a checker's probes), ${answered.failed} failed (5xx${answered.failed ? ": see the lines above" : ""}).`,
);
