#!/usr/bin/env node
// `redocly <args…>` without the "Node.js 20 support is ending" box @redocly/cli prints on every run
// under Node.js 20, which this package supports (20.19+). No option or environment variable turns it
// off (its lib/index.js checks only the major version; REDOCLY_SUPPRESS_NOTIFICATIONS silences the
// update notice alone), so the box is cut from Redocly's stderr; everything else passes as it is.
import { spawn } from "node:child_process";

const REDOCLY = new URL("../../node_modules/@redocly/cli/bin/cli.js", import.meta.url).pathname;
const NODE_20_BOX =
  /\n?[ \t]*╔═+╗\n(?:[ \t]*║.*║\n)*?[ \t]*║\s*Deprecation warning: Node\.js 20 support is ending\s*║\n(?:[ \t]*║.*║\n)*[ \t]*╚═+╝\n\n?/;

const child = spawn(process.execPath, [REDOCLY, ...process.argv.slice(2)], {
  stdio: ["inherit", "inherit", "pipe"],
  env: { REDOCLY_TELEMETRY: "off", ...process.env },
});
let head = ""; // the box comes first: held back until it has passed (or cannot come any more)
let passed = !process.versions.node.startsWith("20.");
child.stderr.on("data", (chunk) => {
  if (passed) return void process.stderr.write(chunk);
  head += chunk;
  if (/╚═+╝\n/.test(head) || head.length > 4_096) flush();
});
child.stderr.on("end", flush);
function flush() {
  if (passed) return;
  passed = true;
  process.stderr.write(head.replace(NODE_20_BOX, ""));
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
