// The command-line tools fail with one line that says what to do and exit code 2, not Prism's usage
// text or a stack trace: `npm run mock` / `contract:proxy` / `sandbox` / `docs` on a busy or bad port,
// with a mistyped option, the proxy without an upstream, `npm run release` with a mistyped option.
// Each case ends before Prism or the server starts, so the file takes about a second.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { run as runProcess } from "../support/run.js";

/** Runs a script the way its npm script does (npm_lifecycle_event names it in the messages). The cases
 * run concurrently: each is a Node.js start-up, mostly waiting. */
async function run(script: string, args: string[], event: string, env: Record<string, string> = {}) {
  const { status, stdout, stderr } = await runProcess(process.execPath, [`${repoRoot}scripts/${script}`, ...args], {
    env: { ...process.env, npm_lifecycle_event: event, ...env },
    timeoutMs: 10_000,
  });
  return { status, stderr: stderr.trim(), stdout: stdout.trim() };
}

let busy: Server;
let busyPort = 0;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

describe.concurrent("npm run mock and npm run contract:proxy", () => {
  it("on a busy port: one line naming the port and how to pick another", async () => {
    const { status, stderr, stdout } = await run("servers/prism.mjs", ["mock", "generated/openapi.json", "-p", String(busyPort)], "mock");
    expect(stderr).toBe(`mock: 127.0.0.1:${busyPort} is already in use; pick another port, e.g. npm run mock -- -p ${busyPort + 10}`);
    expect(stdout).toBe("");
    expect(status).toBe(2);
  });

  it("the proxy on a busy port, given as --port=N", async () => {
    const { status, stderr } = await run(
      "servers/prism.mjs",
      ["proxy", "--errors", "generated/openapi.json", `--port=${busyPort}`, "https://pcs.invalid/public/api"],
      "contract:proxy",
    );
    expect(stderr).toMatch(new RegExp(`^contract:proxy: 127\\.0\\.0\\.1:${busyPort} is already in use`));
    expect(stderr.split("\n")).toHaveLength(1);
    expect(status).toBe(2);
  });

  it("the proxy without an upstream: one line with an example", async () => {
    const { status, stderr } = await run(
      "servers/prism.mjs",
      ["proxy", "--errors", "generated/openapi.json", "-p", "4011"],
      "contract:proxy",
    );
    expect(stderr).toBe("contract:proxy: name the server to check, e.g. npm run contract:proxy -- https://your-host.example/public/api");
    expect(status).toBe(2);
  });

  it("the proxy with an upstream that is not an http(s) URL", async () => {
    const { status, stderr } = await run(
      "servers/prism.mjs",
      ["proxy", "--errors", "generated/openapi.json", "pcs.example"],
      "contract:proxy",
    );
    expect(stderr).toBe('contract:proxy: "pcs.example" is not an http(s) URL of a server');
    expect(status).toBe(2);
  });

  it("a port that is not a number", async () => {
    const { status, stderr } = await run("servers/prism.mjs", ["mock", "generated/openapi.json", "-p", "99999"], "mock");
    expect(stderr).toBe('mock: "99999" is not a port number (0 to 65535), e.g. npm run mock -- -p 4020');
    expect(status).toBe(2);
  });

  it("a mistyped option: one line naming the nearest one (not Prism's usage text)", async () => {
    const { status, stderr } = await run("servers/prism.mjs", ["mock", "generated/openapi.json", "--prot", "4020"], "mock");
    expect(stderr).toBe("mock: unknown option --prot; did you mean --port?");
    expect(status).toBe(2);
  });
});

describe.concurrent("npm run sandbox", () => {
  it.each([
    [["-p", "abc"], 'sandbox: "abc" is not a port number (0 to 65535), e.g. npm run sandbox -- -p 4020'],
    [["-p", ""], 'sandbox: "" is not a port number (0 to 65535), e.g. npm run sandbox -- -p 4020'],
    [["--prot", "4020"], "sandbox: unknown option --prot; did you mean --port?"],
    [["--no-proxi"], "sandbox: unknown option --no-proxi; did you mean --no-proxy?"],
    [["-v", "loud"], 'sandbox: -v must be one of fatal, error, warn, info, debug, trace, silent, not "loud"'],
  ])("%j: one line, exit code 2", async (args, message) => {
    const { status, stderr, stdout } = await run("servers/sandbox.mjs", args, "sandbox");
    expect(stderr).toBe(message);
    expect(stdout).toBe("");
    expect(status).toBe(2);
  });

  it.each([[[]], [["--no-proxy"]]])("on a busy port %j: one line, no banner, exit code 2", async (args) => {
    const { status, stderr, stdout } = await run("servers/sandbox.mjs", [...args, "-p", String(busyPort)], "sandbox");
    expect(stderr).toBe(`sandbox: 127.0.0.1:${busyPort} is already in use; pick another port, e.g. npm run sandbox -- -p ${busyPort + 10}`);
    expect(stdout).toBe("");
    expect(status).toBe(2);
  });
});

describe.concurrent("a mistyped option elsewhere: one line naming the right one, exit code 2", () => {
  it.each([
    ["release/release.mjs", ["--dryrun"], "release", "release: unknown option --dryrun; did you mean --dry-run?"],
    ["release/check.mjs", ["--publsh"], "release:check", "release:check: unknown option --publsh; did you mean --publish?"],
    [
      "servers/contract-proxy.mjs",
      ["--levl", "full", "https://pcs.invalid"],
      "contract:proxy",
      "contract:proxy: unknown option --levl; did you mean --level?",
    ],
    [
      "build/build.mjs",
      ["--typo"],
      "build",
      "build: takes no arguments (got --typo); run one step with npm run <step>, e.g. npm run bundle",
    ],
  ])("%s %j", async (script, args, event, message) => {
    const { status, stderr } = await run(script, args as string[], event as string);
    expect(stderr).toBe(message);
    expect(status).toBe(2);
  });
});

describe.concurrent("npm run docs", () => {
  it.each(["abc", "-1", "70000", ""])("with PORT=%j: one line, no stack trace", async (port) => {
    const { status, stderr } = await run("servers/serve-docs.mjs", [], "docs", { PORT: port });
    expect(stderr).toBe(`docs: PORT: "${port}" is not a port number (0 to 65535), e.g. npm run docs -- -p 4020`);
    expect(status).toBe(2);
  });

  it("-p as in every other command; a busy port given is an error, not a silent move", async () => {
    const { status, stderr, stdout } = await run("servers/serve-docs.mjs", ["-p", String(busyPort)], "docs");
    expect(stderr).toBe(`docs: 127.0.0.1:${busyPort} is already in use; pick another port, e.g. npm run docs -- -p ${busyPort + 10}`);
    expect(stdout).toBe("");
    expect(status).toBe(2);
  });

  it("a mistyped option", async () => {
    const { status, stderr } = await run("servers/serve-docs.mjs", ["--prot", "3"], "docs");
    expect(stderr).toBe("docs: unknown option --prot; did you mean --port?");
    expect(status).toBe(2);
  });
});
