#!/usr/bin/env node
// `npm run soak:servers`: the slow probes of the servers the package runs, too slow for `npm test`
// (test/faults/server-faults.test.ts keeps the quick versions). Runs each command as a user would and
// prints what it measured:
// - every Prism-based command (mock, contract:proxy, sandbox) after a 4,500-deep body and 16 KB bodies
//   of every hostile shape: still answering, Prism never restarted;
// - the same commands and the docs server after generated hostile names and values in every place a
//   request carries text (test/support/hostile-requests.mjs, which npm test samples a few of): the
//   statuses, none a 5xx, Prism never restarted, a valid request answered afterwards;
// - the docs server after 2,000 downloads cut off by the client: its descriptor count, then and 5 s later;
// - the sandbox alone (--no-proxy) and behind the proxy given a 300 MB body: the answer and the
//   server's resident memory; contract:proxy in front of a server sending a 200 MB answer: the same.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import fc from "fast-check";
import { freePort } from "../scripts/servers/prism-process.mjs";
import { HOSTILE_PLACES, sendRaw, VALID_REQUEST } from "../test/support/hostile-requests.mjs";
import { parseOptions } from "../scripts/lib/cli.mjs";

await parseOptions(
  "soak:servers",
  { options: {} },
  {
    usage: "npm run soak:servers -- [options]",
    about: "The slow probes of the servers the package runs (mock, contract:proxy, sandbox, docs): what each withstood.",
    notes: "PCS_HOSTILE_RUNS  generated hostile requests per server (default 500)",
    examples: ["npm run soak:servers", "PCS_HOSTILE_RUNS=50 npm run soak:servers"],
  },
);

const root = new URL("..", import.meta.url).pathname;
const started = [];
process.on("exit", () => {
  for (const child of started) child.kill("SIGINT");
});

/** Starts `node <script> <args>`; resolves with the child and its URL once `ready` matches its output. */
function run(script, args, ready = /http:\/\/127\.0\.0\.1:\d+/) {
  const child = spawn(process.execPath, [`${root}${script}`, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url && ready.test(output)) resolve({ child, url, output: () => output });
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

function send(url, { method = "GET", path = "/groups.json", headers = {}, body, bytes } = {}) {
  return new Promise((resolve) => {
    const { port } = new URL(url);
    const started = performance.now();
    const outgoing = request({ hostname: "127.0.0.1", port, method, path, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - started }));
    });
    outgoing.on("error", (error) => resolve({ status: error.code, ms: performance.now() - started }));
    if (bytes) {
      // A body of `bytes` bytes, streamed in 1 MB chunks, stopped when the server answers.
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < bytes && !outgoing.destroyed) {
          sent += chunk.length;
          if (!outgoing.write(chunk)) return void outgoing.once("drain", more);
        }
        outgoing.end();
      };
      more();
    } else outgoing.end(body);
  });
}

const rss = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
const descendants = (pid) => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children.flatMap(descendants)];
};
const ADMIN = { authorization: `Basic ${btoa("sandbox-admin-key:")}` };
const deep = (depth) => `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const HOSTILE = {
  "4,500 deep (9 KB)": deep(4_500),
  "arrays 8,000 deep": deep(8_000),
  "objects 2,000 deep": `${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}`,
  "unclosed brackets": "[".repeat(16_000),
  "one long string": JSON.stringify({ name: "x".repeat(16_000) }),
  "many keys": JSON.stringify(Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`k${i}`, i]))),
};

console.log("Prism-based commands after hostile bodies (each body as application/json and as text/plain):");
const sandboxAlone = await run("scripts/servers/sandbox.mjs", ["--no-proxy", "-p", String(await freePort())], /Ctrl-C to stop/);
const commands = {
  "npm run mock": await run(
    "scripts/servers/prism.mjs",
    ["mock", "generated/openapi.json", "-p", String(await freePort())],
    /Prism is listening/,
  ),
  "npm run contract:proxy": await run(
    "scripts/servers/contract-proxy.mjs",
    ["-p", String(await freePort()), sandboxAlone.url],
    /Prism is listening/,
  ),
  "npm run sandbox": await run("scripts/servers/sandbox.mjs", ["-p", String(await freePort()), "-v", "info"], /Ctrl-C to stop/),
};
for (const [name, { url, output }] of Object.entries(commands)) {
  const statuses = new Set();
  for (const body of Object.values(HOSTILE)) {
    for (const type of ["application/json", "text/plain"]) {
      statuses.add((await send(url, { method: "POST", path: "/projects.json", headers: { ...ADMIN, "content-type": type }, body })).status);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await send(url, { headers: ADMIN });
  console.log(
    `  ${name}: answers ${[...statuses].join(", ")}; then GET /groups.json → ${after.status}; Prism restarted: ${/restarting/.test(output()) ? "yes" : "no"}`,
  );
}

/** Generated hostile requests per place: every test/faults/hostile-requests.test.ts sends a few dozen. */
const HOSTILE_RUNS = Number(process.env.PCS_HOSTILE_RUNS ?? 500);
console.log(
  `\nGenerated hostile requests, ${HOSTILE_RUNS} in each of ${Object.keys(HOSTILE_PLACES).length} places (${Object.keys(HOSTILE_PLACES).join(", ")}):`,
);
const docsForHostile = await run("scripts/servers/serve-docs.mjs", ["-p", String(await freePort())]);
for (const [name, { url, output }] of [...Object.entries(commands), ["npm run docs", docsForHostile]]) {
  const statuses = new Map();
  const started = performance.now();
  for (const [place, arbitrary] of Object.entries(HOSTILE_PLACES)) {
    const requests = fc.sample(arbitrary, { numRuns: HOSTILE_RUNS, seed: 37 });
    for (let i = 0; i < requests.length; i += 8) {
      const answers = await Promise.all(requests.slice(i, i + 8).map((hostile) => sendRaw(url, hostile)));
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    if (statuses.has(0) || [...statuses.keys()].some((status) => status >= 500)) console.log(`    after ${place}: ${[...statuses]}`);
  }
  const after = await sendRaw(url, name === "npm run docs" ? { ...VALID_REQUEST, target: "/" } : VALID_REQUEST);
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} ×${count}`);
  console.log(
    `  ${name}: ${tally.join(", ")} in ${((performance.now() - started) / 1000).toFixed(1)} s; then a valid request → ${after.status}; Prism restarted: ${/restarting/.test(output()) ? "yes" : "no"}`,
  );
}

/** Sends one large body to the sandbox alone and behind the guard: the answer, and the memory of each. */
async function largeBody(title, request) {
  console.log(`\n${title}:`);
  for (const [name, { child, url }] of [
    ["npm run sandbox -- --no-proxy", sandboxAlone],
    ["npm run sandbox (guard in front of Prism)", commands["npm run sandbox"]],
  ]) {
    const before = descendants(child.pid).reduce((sum, pid) => sum + rss(pid), 0);
    const answer = await send(url, {
      method: "POST",
      path: "/projects.json",
      headers: { ...ADMIN, "content-type": "application/json" },
      ...request,
    });
    const after = descendants(child.pid).reduce((sum, pid) => sum + rss(pid), 0);
    console.log(
      `  ${name}: ${answer.status} after ${Math.round(answer.ms)} ms; resident memory of its processes ${before} MB → ${after} MB`,
    );
  }
}
await largeBody("A 300 MB body", { bytes: 300 * 1024 * 1024 });
await largeBody("A 10 MB body of [{},{},…] (far over the 64 KiB limit; it cost 10.6 s and 600 MB before the limit)", {
  body: `[${"{},".repeat((10 * 1024 * 1024) / 3 - 1)}{}]`,
});

console.log("\nThe sandbox's state (in process): 10,000 invitations of new addresses, then creates past the project limit:");
{
  const { createSandbox } = await import("../generated/lib/sandbox/index.js");
  const sandbox = createSandbox();
  const post = (path, body) =>
    sandbox.fetch(
      new Request(`http://s.invalid${path}`, {
        method: "POST",
        headers: { ...ADMIN, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const times = [];
  for (let i = 0; i < 10_000; i++) {
    const at = performance.now();
    await post("/projects/48213/users.json", { email: `invitee.${i}@elsewhere.example` });
    times.push(performance.now() - at);
  }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  console.log(
    `  an invitation: ${mean(times.slice(0, 1000)).toFixed(3)} ms on average for the first 1,000, ${mean(times.slice(-1000)).toFixed(3)} ms for the last 1,000`,
  );
  let status = 201;
  let created = 0;
  while (status === 201 && created < 20_000) {
    status = (await post("/projects.json", { name: `Soak ${created}` })).status;
    if (status === 201) created++;
  }
  console.log(`  projects: ${created} created, then ${status}; heap in use ${Math.round(process.memoryUsage().heapUsed / 1024 / 1024)} MB`);
}

console.log("\nnpm run contract:proxy in front of a server answering with a 200 MB body:");
const huge = createServer((_, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  const more = () => {
    while (sent < 200 && !response.destroyed) {
      sent++;
      if (!response.write(chunk)) return void response.once("drain", more);
    }
    response.end();
  };
  response.on("error", () => {});
  more();
});
await new Promise((resolve) => huge.listen(0, "127.0.0.1", resolve));
const proxy = await run(
  "scripts/servers/contract-proxy.mjs",
  ["-p", String(await freePort()), `http://127.0.0.1:${huge.address().port}`],
  /Prism is listening/,
);
const hugeAnswer = await send(proxy.url, { headers: ADMIN });
console.log(
  `  ${hugeAnswer.status} after ${Math.round(hugeAnswer.ms)} ms; resident memory of its processes afterwards ${descendants(proxy.child.pid).reduce((sum, pid) => sum + rss(pid), 0)} MB`,
);
huge.closeAllConnections();
huge.close();

console.log("\nThe docs server and 2,000 downloads cut off by the client:");
const docs = await run("scripts/servers/serve-docs.mjs", ["-p", String(await freePort())]);
const descriptors = () => readdirSync(`/proc/${docs.child.pid}/fd`).length;
const before = descriptors();
for (let i = 0; i < 2_000; i++) {
  await new Promise((resolve) => {
    const { port } = new URL(docs.url);
    const outgoing = request({ hostname: "127.0.0.1", port, path: "/index.html" }, (response) =>
      response.once("data", () => {
        outgoing.destroy();
        resolve();
      }),
    );
    outgoing.on("error", resolve);
    outgoing.end();
  });
}
const right = descriptors();
await new Promise((resolve) => setTimeout(resolve, 5_000));
console.log(
  `  descriptors: ${before} before, ${right} right after, ${descriptors()} 5 s later; still serving: ${(await send(docs.url, { path: "/" })).status}`,
);
process.exit(0);
