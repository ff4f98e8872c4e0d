#!/usr/bin/env node
// `npm run sandbox`: the reference sandbox over HTTP, behind Prism's validating proxy, until Ctrl-C.
//   npm run sandbox                 http://127.0.0.1:4011, or a free port when 4011 is taken
//   npm run sandbox -- -p 4020      exactly that port (fails when taken)
//   npm run sandbox -- --no-proxy   the sandbox alone, without Prism (answers are not checked)
// Offline: everything it needs is in node_modules and generated/.
import { createServer } from "node:net";
import { parseArgs } from "node:util";
import { DEFAULT_API_KEYS } from "../generated/lib/sandbox/index.js";
import { freePort, startSandbox } from "./sandbox-server.mjs";

const DEFAULT_PORT = 4011; // beside `npm run mock` (4010), so both can run at once

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    host: { type: "string", short: "h", default: "127.0.0.1" },
    "no-proxy": { type: "boolean", default: false },
    verbose: { type: "string", short: "v", default: "warn" }, // Prism's level: "warn" shows every violation
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("Usage: npm run sandbox -- [-p <port>] [-h <host>] [--no-proxy] [-v <prism log level>]");
  process.exit(0);
}

async function chosenPort() {
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`sandbox: not a port: ${values.port}`);
    return port === 0 ? freePort(values.host) : port;
  }
  // The default port when free, else any free one (printed below).
  const free = await new Promise((resolve) => {
    const probe = createServer().once("error", () => resolve(false));
    probe.listen(DEFAULT_PORT, values.host, () => probe.close(() => resolve(true)));
  });
  return free ? DEFAULT_PORT : freePort(values.host);
}

// The signals are taken before anything starts: a Ctrl-C (or a SIGTERM from a supervisor) that comes
// while Prism is still starting must stop it too, once it is up — Prism runs in its own process group,
// so it would outlive a default exit.
let running;
let stopping = false;
let requested;
async function stop(code) {
  if (stopping) return;
  if (!running) {
    requested ??= code; // acted on as soon as the start finishes
    return;
  }
  stopping = true;
  await running.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const started = performance.now();
running = await startSandbox({ host: values.host, port: await chosenPort(), proxy: !values["no-proxy"], verboseLevel: values.verbose, stdio: "inherit" });
if (requested !== undefined) await stop(requested);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
Project Collaboration Service sandbox on ${running.url} (started in ${seconds} s)
${values["no-proxy"] ? "No proxy: answers are not checked against the description." : `Prism's validating proxy in front of the sandbox at ${running.upstreamUrl}: an answer that breaks the description becomes a 500.`}
Seeded with the description's examples; state lives until you stop it. API keys (HTTP Basic user name, empty password):
${Object.entries(DEFAULT_API_KEYS).map(([key, user]) => `  ${key.padEnd(20)} account ${user}`).join("\n")}
Try: curl -u "sandbox-admin-key:" "${running.url}/projects.json?limit=2"
Ctrl-C to stop.
`);

// Prism dying on its own ends the sandbox too, with an error.
void running.exited.then((how) => {
  if (stopping) return;
  console.error(`sandbox: Prism exited (${how}); stopping.`);
  void stop(1);
});
