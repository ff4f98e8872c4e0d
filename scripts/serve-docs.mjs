#!/usr/bin/env node
// `npm run docs`: serves docs/ on 127.0.0.1 and prints the address. The page also works straight from
// the file (open docs/index.html); a server is closer to how it is hosted. PORT picks the port (default
// 4173, or any free one when that is taken). Paths without a file fall back to index.html, so Redoc's
// deep links (/section/…, /projects/…) survive a reload.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const docs = new URL("../docs/", import.meta.url).pathname;
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

if (!existsSync(join(docs, "index.html"))) {
  console.error("docs/index.html is missing: run `npm run build` (or `npm run docs:build`) first.");
  process.exit(1);
}

function fileFor(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split("?")[0] ?? "/");
  } catch {
    return undefined; // a malformed escape such as %E0: not a file of ours
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  const candidate = join(docs, relative);
  if (!candidate.startsWith(docs) && candidate + sep !== docs) return undefined; // outside docs/
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return extname(candidate) ? undefined : join(docs, "index.html");
}

const server = createServer((request, response) => {
  const file = request.method === "GET" || request.method === "HEAD" ? fileFor(request.url ?? "/") : undefined;
  if (!file) {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
    return;
  }
  response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
  if (request.method === "HEAD") response.end();
  else createReadStream(file).pipe(response);
});

function listen(port) {
  server.once("error", (error) => {
    if (error.code === "EADDRINUSE" && port !== 0) return listen(0);
    // One line rather than a stack trace: e.g. EACCES for a port below 1024.
    console.error(`docs: cannot listen on 127.0.0.1:${port} (${error.code}); set PORT to another port`);
    process.exit(1);
  });
  server.listen(port, "127.0.0.1", () => {
    const { port: actual } = server.address();
    console.log(`API reference at http://127.0.0.1:${actual}/ (serving docs/; Ctrl+C to stop)`);
  });
}
const port = process.env.PORT ?? "4173";
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`docs: PORT must be a port number from 0 to 65535, not "${port}"`);
  process.exit(1);
}
listen(Number(port));
