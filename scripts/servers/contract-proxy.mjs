#!/usr/bin/env node
// `npm run contract:proxy -- [--level documented|full] [prism options…] <upstream url>`: Prism as a
// validating proxy (`prism proxy --errors`) in front of a server. At the documented level (the default,
// as for the contract checker) it checks traffic against generated/openapi.documented.json, so an answer
// the service's documentation allows (a 404 whose body is `{"error":"Not found"}`, an empty 401,
// limit=150) passes through instead of becoming a 500; at the full level against generated/openapi.json,
// assumptions included. PCS_CONFORMANCE sets the level too; --level wins. Prism is started through scripts/servers/prism.mjs, which
// first checks the port and the upstream and says in one line what is wrong.
import { spawn } from "node:child_process";
import { whenOwnerGone } from "../../generated/lib/sandbox/server.js";
import { helpText, nearestOption } from "../lib/cli.mjs";
import { prismHelpRows } from "./prism-options.mjs";

const root = new URL("../..", import.meta.url).pathname;
const DOCUMENTS = { full: "generated/openapi.json", documented: "generated/openapi.documented.json" };

const args = process.argv.slice(2);
if (args.includes("--help")) {
  console.log(
    helpText({
      usage: "npm run contract:proxy -- [options] <upstream url>",
      about: `Prism's validating proxy in front of a server, until Ctrl-C: every answer is checked against the description on
the way back (a violation becomes a 500 listing it). Clients call it under /public/api as the service (or at its root).`,
      options: [
        ["--level documented|full", "what is checked: the service's documentation (default) or the whole description [PCS_CONFORMANCE]"],
        ...prismHelpRows("proxy"),
        ["--help", "this help"],
      ],
      examples: [
        "npm run contract:proxy -- https://your-host.example/public/api",
        "npm run contract:proxy -- --level full -p 4020 https://your-host.example/public/api",
      ],
    }),
  );
  process.exit(0);
}
let level = process.env.PCS_CONFORMANCE?.trim() || "documented";
const at = args.findIndex((arg) => arg === "--level" || arg.startsWith("--level="));
if (at >= 0) {
  const inline = args[at].split("=")[1];
  level = inline ?? args[at + 1] ?? "";
  args.splice(at, inline === undefined ? 2 : 1);
}
// A misspelt --level would reach Prism's options, whose nearest match is not it.
const misspelt = args.find(
  (arg) => arg.startsWith("--") && arg.split("=")[0] !== "--level" && nearestOption(arg.split("=")[0], ["--level"]),
);
if (misspelt) {
  console.error(`contract:proxy: unknown option ${misspelt.split("=")[0]}; did you mean --level?`);
  process.exit(2);
}
if (!Object.hasOwn(DOCUMENTS, level)) {
  console.error(`contract:proxy: the level must be "documented" or "full", not ${JSON.stringify(level)}`);
  process.exit(2);
}
const child = spawn(process.execPath, [`${root}scripts/servers/prism.mjs`, "proxy", "--errors", DOCUMENTS[level], ...args], {
  cwd: root,
  stdio: "inherit",
});
// Prism's launcher stops Prism on SIGTERM; when this process goes without it (SIGKILL), the launcher,
// whose parent this is, notices and stops on its own (whenOwnerGone under npm).
void whenOwnerGone().then((why) => child.kill(why === "SIGINT" ? "SIGINT" : "SIGTERM"));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
