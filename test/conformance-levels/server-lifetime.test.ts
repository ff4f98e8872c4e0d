// Issue 37: the servers end with whoever started them. A CI script starts one in the background through
// npm or npx (`npm run mock &`, `npx … pcs sandbox &`) and ends with `kill $!`: npm and npx run the
// command through `sh -c`, pass the SIGTERM on to that shell only, and the shell ends without passing it
// on. Here each command is started the same way (its npm or npx process is what `$!` names), signalled
// the same way, and then nothing of it may be left: no npm, no shell, no server, no Prism, the port
// free. Also: a Prism whose launcher is killed outright ends too, and a Prism stopped from outside is
// not started again (the command stops, saying so). Linux: the process tree is read from /proc.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { freePort } from "../../scripts/servers/prism-process.mjs";
import { EURO_NAME_REQUEST, sendRaw, VALID_REQUEST } from "../support/hostile-requests.mjs";
import { repoRoot } from "../support/openapi.js";
import { commandLines, envWithoutNpm, portIsFree, processTree, run, stillRunning, untilEnded } from "../support/run.js";

interface Started {
  pid: number;
  url: string;
  printed(): string;
  exited: Promise<number | null>;
}

/** Every process the tests started (each tree as it was once listening), to end what a failing test leaves behind. */
const started: number[] = [];
/** Set in the environment of what the guide's script starts: every process of it carries it. */
const MARK = `PCS_LIFETIME_MARK=${process.pid}-${Date.now()}`;
const marked = () =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(MARK);
      } catch {
        return false; // gone, or not ours
      }
    });
afterAll(() => {
  for (const pid of stillRunning([...started, ...marked()])) process.kill(pid, "SIGKILL");
});

/** Starts `command args` as a CI script's `command args &` would, and waits until it says it listens on `port`. */
async function startInBackground(command: string, args: string[], port: number, env = envWithoutNpm()): Promise<Started> {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child.pid!);
  const remember = () => started.push(...processTree(child.pid!));
  let printed = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(" ")} did not listen within 60 s:\n${printed}`)), 60_000);
    const collect = (chunk: Buffer) => {
      printed += chunk;
      if (printed.includes(url)) {
        clearTimeout(timer);
        remember();
        resolve();
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    void exited.then((code) => reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${printed}`)));
  });
  return { pid: child.pid!, url, printed: () => printed, exited };
}

const prismIn = (pids: number[]) => commandLines(pids).filter((line) => line.includes("prism-cli"));

describe.concurrent("`<command> &` then `kill $!`, as a CI script does: nothing of it is left", () => {
  const commands: Array<[string, string, (port: number) => string[]]> = [
    ["npm run mock", "npm", (port) => ["run", "mock", "--", "-p", String(port)]],
    ["npm run sandbox", "npm", (port) => ["run", "sandbox", "--", "-p", String(port), "-v", "error"]],
    // npx as `npx -p @project-collaboration/cli pcs sandbox` runs it (the packed package: test/conformance-levels/packed-cli.test.ts).
    ["npx pcs sandbox", "npx", (port) => ["--no-install", "pcs", "sandbox", "--port", String(port)]],
    ["npm run docs", "npm", (port) => ["run", "docs", "--", "-p", String(port)]],
  ];

  it.for(commands)("%s", async ([name, command, args], { expect }) => {
    const port = await freePort();
    const server = await startInBackground(command, args(port), port);
    const tree = processTree(server.pid);
    expect(commandLines(tree).join("\n")).toMatch(/sh -c/); // the wrapper that passes no signal on
    if (name !== "npm run docs" && name !== "npx pcs sandbox") expect(prismIn(tree), commandLines(tree).join("\n")).toHaveLength(1);

    if (name === "npm run mock") {
      // The request, ten times: ten 400s, no restart, and the mock still answers.
      for (let i = 0; i < 10; i++) expect((await sendRaw(server.url, EURO_NAME_REQUEST)).status).toBe(400);
      expect((await sendRaw(server.url, VALID_REQUEST)).status).toBe(200);
      expect(server.printed()).not.toMatch(/Prism exited/);
    }

    process.kill(server.pid, "SIGTERM"); // kill $!
    expect(commandLines(await untilEnded(tree))).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe.concurrent("Prism ends with its launcher, and is not restarted when stopped from outside", () => {
  const mock = (port: number) => ["scripts/servers/prism.mjs", "mock", "generated/openapi.json", "-p", String(port)];
  // Started directly, not through npm: the signals reach the launcher itself.
  const direct = envWithoutNpm();

  it("its launcher killed outright (SIGKILL: no handler runs): Prism ends too, the port is free", async ({ expect }) => {
    const port = await freePort();
    const server = await startInBackground(process.execPath, mock(port), port, direct);
    const prism = prismIn(processTree(server.pid)).map((line) => Number(line.split(" ")[0]));
    expect(prism).toHaveLength(1);
    process.kill(server.pid, "SIGKILL");
    expect(commandLines(await untilEnded(prism))).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  });

  it("Prism stopped with SIGTERM: not started again; the command stops with one line and exit code 1", async ({ expect }) => {
    const port = await freePort();
    const server = await startInBackground(process.execPath, mock(port), port, direct);
    expect((await sendRaw(server.url, VALID_REQUEST)).status).toBe(200); // started, not only listening
    const tree = processTree(server.pid);
    const [prism] = prismIn(tree).map((line) => Number(line.split(" ")[0]));
    process.kill(prism!, "SIGTERM");
    expect(await server.exited).toBe(1);
    expect(server.printed()).toMatch(/^prism mock: Prism was stopped from outside \(SIGTERM\); stopping too\.$/m);
    expect(server.printed()).not.toMatch(/restarting/);
    expect(commandLines(await untilEnded(tree))).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe("the guide's CI pattern (docs/guides/mock-and-sandbox.md, In CI)", () => {
  it("run with bash as written (the port and the log swapped, a curl for `npm test`): answered, then nothing of it is left", async ({
    expect,
  }) => {
    const guide = readFileSync(`${repoRoot}docs/guides/mock-and-sandbox.md`, "utf8");
    const block = /\n### In CI: [^\n]*\n\n```sh\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(block).toMatch(/^npm run mock .*&$/m);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "pcs-ci-pattern-"));
    const test = `curl --silent --fail --output /dev/null -u "any-key:" "http://127.0.0.1:${port}/groups.json"`;
    const script = block!
      .replaceAll("4010", String(port))
      .replaceAll("mock.log", join(dir, "mock.log"))
      .replace(/^npm test\b.*$/m, test);
    try {
      const [name, value] = MARK.split("=");
      const result = await run("bash", ["-c", script], { env: { ...envWithoutNpm(), [name!]: value }, timeoutMs: 90_000 });
      expect(result.status, result.output + readFileSync(join(dir, "mock.log"), "utf8")).toBe(0);
      expect(commandLines(await untilEnded(marked()))).toEqual([]);
      expect(marked()).toEqual([]);
      expect(await portIsFree(port)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
