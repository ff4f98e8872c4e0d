// Soak probes of the client's bounded bodies (`npm run soak:client`): what the client's process grows
// to when a server sends 1 GB bodies, an endless one, or a gzip bomb, with the default
// maxResponseBytes. Too slow for `npm test` (they move gigabytes); the tests prove the same mechanism
// with a low limit. The server runs in a child process, so only the client's memory is measured.
// Prints one table; nothing fails on a number.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createGzip } from "node:zlib";
import { parseOptions } from "../scripts/lib/cli.mjs";

const GB = 1024 ** 3;
const CHUNK = Buffer.alloc(1024 * 1024, " ");

/** Writes `bytes` (Infinity: without end) of JSON whitespace, honouring backpressure, until the client hangs up. */
function pump(target, bytes, end) {
  let left = bytes;
  const more = () => {
    while (left > 0 && !target.destroyed) {
      left -= CHUNK.length;
      if (!target.write(CHUNK)) return void target.once("drain", more);
    }
    if (left <= 0) end();
  };
  more();
}

function serve() {
  const server = createServer((req, res) => {
    res.on("error", () => {});
    const path = new URL(req.url, "http://x").pathname;
    if (path.startsWith("/endless")) {
      res.writeHead(path.includes("500") ? 500 : 200, { "Content-Type": "application/json" });
      return pump(res, Infinity, () => {});
    }
    if (path.startsWith("/gb-chunked")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      return pump(res, GB, () => res.end());
    }
    if (path.startsWith("/gb-announced")) {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": GB });
      return pump(res, GB, () => res.end());
    }
    if (path.startsWith("/gzip-bomb")) {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      const gzip = createGzip({ level: 9 });
      gzip.pipe(res);
      res.on("close", () => gzip.destroy());
      return pump(gzip, GB, () => gzip.end());
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
}

async function probe() {
  const { createClient } = await import("../generated/lib/index.js");
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--server"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [port] = await once(child, "message");
  const cases = [
    ["endless 200 body (chunked)", "/endless"],
    ["endless 500 body (chunked)", "/endless-500"],
    ["1 GB body, chunked", "/gb-chunked"],
    ["1 GB body, Content-Length: 1 GB", "/gb-announced"],
    ["gzip bomb (1 GB inflated)", "/gzip-bomb"],
  ];
  const rows = [];
  // One small call first, so that loading fetch and the client is not counted in the first row.
  await createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "soak-key", retry: false }).GET("/warm-up.json");
  try {
    for (const [label, path] of cases) {
      globalThis.gc?.();
      const start = process.memoryUsage().rss;
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "soak-key", retry: false });
      let outcome;
      try {
        await client.GET(`${path}/groups.json`);
        outcome = "read it all";
      } catch (error) {
        outcome = error.name;
      }
      const ms = performance.now() - started;
      peak = Math.max(peak, process.memoryUsage().rss);
      clearInterval(sampler);
      rows.push({ label, outcome, ms: Math.round(ms), growthMb: ((peak - start) / 1024 ** 2).toFixed(1) });
    }
  } finally {
    child.kill();
  }
  console.log("| Server sends | The call ends with | Time (ms) | Client RSS growth, peak (MB) |\n|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.label} | ${r.outcome} | ${r.ms} | ${r.growthMb} |`);
}

const { values } = await parseOptions(
  "soak:client",
  { options: { server: { type: "boolean", help: "(internal) be the child process that serves the bodies" } } },
  {
    usage: "npm run soak:client -- [options]",
    about: "What the client's process grows to when a server sends 1 GB bodies, an endless one or a gzip bomb: one table.",
    examples: ["npm run soak:client"],
  },
);
if (values.server) serve();
else await probe();
