#!/usr/bin/env node
// `npm run mock` and `npm run contract:proxy`: Prism, after the two checks whose failure Prism itself
// reports with its whole usage text (or a stack trace): that the port is free, and, for the proxy,
// that an upstream server was named. Each failure is one line saying what to do instead.
//   node scripts/prism.mjs mock  [prism mock arguments]
//   node scripts/prism.mjs proxy [prism proxy arguments]   (document first, then the upstream URL)
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const PRISM = fileURLToPath(new URL("../node_modules/@stoplight/prism-cli/dist/index.js", import.meta.url));
// Prism's options that take a value: what follows them is not a positional argument.
const VALUED = new Set(["-p", "--port", "-h", "--host", "--seed", "--upstream-proxy", "-v", "--verboseLevel"]);

const [mode, ...args] = process.argv.slice(2);
const script = process.env.npm_lifecycle_event ?? `prism ${mode}`;
const fail = (message) => {
  console.error(`${script}: ${message}`);
  process.exit(2);
};
if (mode !== "mock" && mode !== "proxy") fail(`unknown mode "${mode}" (mock or proxy)`);

const { port, host, positionals } = parse(args);

if (mode === "proxy") {
  const upstream = positionals[1];
  if (upstream === undefined) fail("name the server to check, e.g. npm run contract:proxy -- https://your-host.example/public/api");
  if (!/^https?:$/.test(safeProtocol(upstream))) fail(`"${upstream}" is not an http(s) URL of a server`);
}
if (!/^\d+$/.test(port) || Number(port) > 65535) fail(`"${port}" is not a port number (0 to 65535)`);

const busy = await portInUse(Number(port), host);
if (busy) fail(`${host}:${port} is ${busy}; pick another port, e.g. npm run ${process.env.npm_lifecycle_event ?? "mock"} -- -p ${Number(port) + 10}`);

const prism = spawn(process.execPath, [PRISM, mode, ...args], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => prism.kill(signal));
prism.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Port and host as Prism will read them (its defaults 4010 and 127.0.0.1), and the positionals. */
function parse(list) {
  const found = { port: "4010", host: "127.0.0.1", positionals: [] };
  for (let i = 0; i < list.length; i++) {
    const [name, inline] = list[i].split(/=(.*)/s, 2);
    const value = () => inline ?? list[++i] ?? "";
    if (name === "-p" || name === "--port") found.port = value();
    else if (name === "-h" || name === "--host") found.host = value();
    else if (VALUED.has(name)) value();
    else if (!name.startsWith("-")) found.positionals.push(list[i]);
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

/** Why the port cannot be listened on ("already in use", "not permitted"…), or "" when it can. */
function portInUse(portNumber, hostName) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error) =>
      resolve(error.code === "EADDRINUSE" ? "already in use (another mock or proxy?)" : error.code === "EACCES" ? "not permitted to this user" : `unusable (${error.code})`),
    );
    probe.listen(portNumber, hostName, () => probe.close(() => resolve("")));
  });
}
