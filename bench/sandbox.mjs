// The sandbox against Prism's mock, side by side: how long each takes from `node …` to its first
// answer, and how many requests per second this package's client gets from each. Four targets:
//   mock      `npm run mock`: Prism answering from the description's examples (stateless)
//   proxied   `npm run sandbox`: the sandbox on node:http behind Prism's validating proxy
//   alone     `npm run sandbox -- --no-proxy`: the sandbox on node:http, answers unchecked
//   inProcess `createSandbox().fetch` in the caller's own process: no HTTP at all
// Every target runs in a process of its own (in process: a child that imports, creates and answers
// once) and is started the same way, so start-up times compare; requests alternate getProject and
// listProjects, 8 in flight, rounds interleaved in rotating order, medians reported.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../scripts/servers/sandbox-server.mjs";
import { median } from "./stats.mjs";

const root = new URL("..", import.meta.url).pathname;
const PRISM = `${root}node_modules/@stoplight/prism-cli/dist/index.js`;
const API_KEY = "sandbox-admin-key"; // valid for the sandbox; Prism's mock takes any well-formed key
const settings = { startups: 3, rounds: 3, requestsPerRound: 1_000, warmupRequests: 200, concurrency: 8 };

export const sandboxTargets = {
  mock: "Prism mock (`npm run mock`)",
  proxied: "Sandbox behind Prism's proxy (`npm run sandbox`)",
  alone: "Sandbox alone over HTTP (`--no-proxy`)",
  inProcess: "Sandbox in process (`sandbox.fetch`)",
};

/** The command that serves each HTTP target on `port`, and the document snapshot Prism serves. */
function command(target, port, snapshot) {
  if (target === "mock") return [PRISM, "mock", snapshot, "-h", "127.0.0.1", "-p", String(port), "-v", "error"];
  return [`${root}scripts/servers/sandbox.mjs`, "-p", String(port), "-v", "error", ...(target === "alone" ? ["--no-proxy"] : [])];
}

/** Starts a target and resolves when it first answers (any HTTP answer: each refuses the probe's
 * missing credential with 401), with the time that took from spawning Node.js. */
async function startTarget(target, snapshot) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command(target, port, snapshot), { cwd: root, detached: true, stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${target} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/groups.json`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      return { url, seconds: (performance.now() - started) / 1000, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** In process: a child Node.js that imports the sandbox, creates one and gets its first answer. */
async function startInProcess() {
  const script = `const { createSandbox } = await import(${JSON.stringify(`${root}generated/lib/sandbox/index.js`)});
    const response = await createSandbox().fetch("https://sandbox.invalid/groups.json");
    if (response.status !== 401) process.exit(1);`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`in-process start exited with ${code}`);
  return (performance.now() - started) / 1000;
}

async function clientFor(target, url) {
  const { createClient, unwrap } = await import("../generated/lib/index.js");
  let fetch;
  if (target === "inProcess") {
    const { createSandbox } = await import("../generated/lib/sandbox/index.js");
    fetch = createSandbox().fetch;
  }
  const client = createClient({ baseUrl: url ?? "https://sandbox.invalid/public/api", apiKey: API_KEY, ...(fetch && { fetch }) });
  return {
    getProject: async () => unwrap(await client.GET("/projects/{project_id}.json", { params: { path: { project_id: 48213 } } })),
    listProjects: async () => unwrap(await client.GET("/projects.json", { params: { query: { offset: 0, limit: 10 } } })),
  };
}

async function measure(api, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      if (i % 2 === 0) await api.getProject();
      else await api.listProjects();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

export async function benchSandbox({ log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "pcs-bench-sandbox-"));
  const snapshot = join(dir, "openapi.json");
  copyFileSync(`${root}generated/openapi.json`, snapshot); // as test/support/prism.ts: a build meanwhile must not reload it
  const http = ["mock", "proxied", "alone"];
  const startups = Object.fromEntries(Object.keys(sandboxTargets).map((t) => [t, []]));
  const running = {};
  try {
    // Start-up: each target started and stopped in turn; the last start of each stays up for the requests.
    for (let run = 0; run < settings.startups; run++) {
      for (const target of http) {
        const started = await startTarget(target, snapshot);
        startups[target].push(started.seconds);
        if (run === settings.startups - 1) running[target] = started;
        else await started.stop();
      }
      startups.inProcess.push(await startInProcess());
      log(
        `sandbox: start-up ${run + 1}/${settings.startups} ` +
          Object.entries(startups)
            .map(([t, s]) => `${t} ${s[run].toFixed(2)} s`)
            .join(", "),
      );
    }
    const apis = [];
    for (const target of Object.keys(sandboxTargets)) apis.push({ target, api: await clientFor(target, running[target]?.url) });
    for (const { api } of apis) await measure(api, settings.warmupRequests);
    const rates = Object.fromEntries(apis.map(({ target }) => [target, []]));
    for (let round = 0; round < settings.rounds; round++) {
      const order = apis.map((_, i) => apis[(i + round) % apis.length]);
      for (const { target, api } of order) rates[target].push(await measure(api, settings.requestsPerRound));
      log(
        `sandbox: requests round ${round + 1}/${settings.rounds} ` +
          order.map(({ target }) => `${target} ${Math.round(rates[target][round])}/s`).join(", "),
      );
    }
    const results = {};
    for (const target of Object.keys(sandboxTargets)) {
      results[target] = {
        startupSeconds: median(startups[target]),
        reqPerSec: median(rates[target]),
        // Within a round, then the median over rounds, as bench/requests.mjs does.
        vsMock: median(rates[target].map((rate, round) => rate / rates.mock[round])),
      };
    }
    return { settings, results };
  } finally {
    await Promise.all(Object.values(running).map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sandbox's own small table: one column per target. */
export function sandboxTable({ settings, results }) {
  const targets = Object.keys(sandboxTargets);
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const row = (measure, format) => line([measure, ...targets.map((t) => format(results[t]))]);
  return [
    line(["Sandbox vs mock", ...targets.map((t) => sandboxTargets[t])]),
    line(["---", ...targets.map(() => "---")]),
    row(`Start-up: \`node …\` to first answer (median of ${settings.startups})`, (r) => `${r.startupSeconds.toFixed(2)} s`),
    row(`Requests/s, this package's client (median of ${settings.rounds} rounds)`, (r) => Math.round(r.reqPerSec).toLocaleString("en-US")),
    row("… ratio to the Prism mock", (r) => `${r.vsMock.toFixed(2)}×`),
  ].join("\n");
}
