#!/usr/bin/env node
// `npm run docs`: serves docs/ on 127.0.0.1 and prints the address. The page also works straight from
// the file (open docs/index.html); a server is closer to how it is hosted. `-p <port>` (or PORT) picks
// the port: default 4173, or any free one when that is taken; a port given that is taken is an error.
// A path without a file gets index.html only where it is one of the page's own routes (the first
// segments of the page's links, and Redoc's /section/…, /tag/…, /operation/… deep links), so a link
// kept from it survives a reload; any other path is a 404. Nothing outside docs/ is served, symbolic
// links included. It runs until Ctrl-C, SIGTERM or (started through npm or npx) the end of its parent
// process: whenOwnerGone().
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { pipeline } from "node:stream";
import { whenOwnerGone } from "../../generated/lib/sandbox/server.js";
import { listenError, parseOptions, parsePort } from "../lib/cli.mjs";
import { answerClientErrors } from "./listen.mjs";

const docs = realpathSync(new URL("../../docs/", import.meta.url).pathname) + sep;
const DEFAULT_PORT = 4173;
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
const fail = (message) => {
  console.error(`docs: ${message}`);
  process.exit(2);
};

const { values } = await parseOptions(
  "docs",
  {
    options: {
      port: {
        type: "string",
        short: "p",
        value: "port",
        help: `the port (or the PORT variable; default ${DEFAULT_PORT}, or a free one when it is taken; a port given must be free)`,
      },
    },
  },
  {
    usage: "npm run docs -- [options]",
    about: "Serves the API reference (docs/, built by npm run build) on 127.0.0.1 until Ctrl-C, and prints its address.",
    examples: ["npm run docs", "npm run docs -- -p 8080"],
  },
);
const given = values.port ?? process.env.PORT; // -p as in every other command; PORT as hosts set it
const port = given === undefined ? DEFAULT_PORT : parsePort(given, "docs");
if (typeof port === "string") fail(`${values.port === undefined ? "PORT" : "-p"}: ${port}`);

if (!existsSync(join(docs, "index.html"))) fail("docs/index.html is missing: run `npm run build` (or `npm run docs:build`) first.");

/** The first path segments the page routes (its links, e.g. href="/projects"), and Redoc's deep-link forms. */
const routes = new Set(["section", "tag", "operation"]);
for (const [, segment] of readFileSync(join(docs, "index.html"), "utf8").matchAll(/href="\/([a-z0-9][a-z0-9-]*)/g)) routes.add(segment);
/** index.html for a path that is a route of the page (never one that names a file: /x.json); nothing for any other. */
const pageFor = (relative) => (!extname(relative) && routes.has(relative.split(/[/\\]/)[0]) ? join(docs, "index.html") : undefined);

/** The file under docs/ for a URL path, following symbolic links only while they stay in docs/. */
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
  let real;
  try {
    real = realpathSync(candidate);
  } catch {
    return pageFor(relative);
  }
  if (!(real + sep).startsWith(docs)) return undefined; // a link out of docs/
  if (statSync(real).isFile()) return real;
  return real + sep === docs ? join(docs, "index.html") : pageFor(relative);
}

const server = createServer((request, response) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed\n");
    return;
  }
  const file = fileFor(request.url ?? "/");
  if (!file) {
    response
      .writeHead(404, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" })
      .end("Not found: not a file of docs/ nor a page of the reference, which is at /\n");
    return;
  }
  // Range is ignored on purpose (the files are small): the whole file, 200, and Accept-Ranges: none.
  response.writeHead(200, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "cache-control": "no-cache",
    "accept-ranges": "none",
    "content-length": statSync(file).size,
    // No other site may frame the reference (a page could dress its console up as its own); the rest
    // of the policy is the page's <meta> (scripts/docs-page/build-docs.mjs).
    "content-security-policy": "frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
  });
  if (request.method === "HEAD") response.end();
  // pipeline, not pipe: a client that cuts the download off closes the file too.
  else pipeline(createReadStream(file), response, () => {});
});

answerClientErrors(server); // what node:http refuses itself, and CONNECT: problems, not dropped connections

function listen(chosen, fallback) {
  server.once("error", (error) => {
    if (error.code === "EADDRINUSE" && fallback) return listen(0, false); // only the default moves
    fail(listenError(error, "127.0.0.1", chosen, "docs"));
  });
  server.listen(chosen, "127.0.0.1");
}
server.once("listening", () => {
  const { port: actual } = server.address();
  console.log(`API reference at http://127.0.0.1:${actual}/ (serving docs/; Ctrl+C to stop)`);
});
listen(port, given === undefined);
void whenOwnerGone().then(() => process.exit(0));
