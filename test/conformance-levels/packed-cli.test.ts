// pcs as a package user gets it: the main package's and the CLI's tarballs installed into an empty
// folder, `pcs sandbox` started from there, and `npx pcs projects list` against it: a table on a
// (pseudo-)terminal, JSON when piped. And `npx pcs sandbox &` ended by `kill $!`, as a CI script does.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPacked } from "../../bench/checker.mjs";
import { freePort } from "../../scripts/servers/prism-process.mjs";
import { commandLines, portIsFree, processTree, run, type Server, startServer, untilEnded } from "../support/run.js";

let installed: ReturnType<typeof installPacked>;
let server: Server | undefined;
let url = "";
const env = () => ({ PATH: process.env.PATH!, HOME: installed.dir, PCS_API_KEY: "sandbox-admin-key", PCS_BASE_URL: url });

beforeAll(async () => {
  installed = installPacked(["cli"]);
  // The installed bin itself (what npx runs), so that Ctrl-C reaches it and nothing outlives the test.
  server = await startServer(process.execPath, [join(installed.project, "node_modules/.bin/pcs"), "sandbox", "--port", "0"], {
    cwd: installed.project,
    env: { PATH: process.env.PATH!, HOME: installed.dir },
    ready: /http:\/\/127\.0\.0\.1:\d+/,
  });
  url = server.ready;
}, 240_000);
afterAll(async () => {
  await server?.stop("SIGINT");
  if (installed) rmSync(installed.dir, { recursive: true, force: true });
});

describe("pcs from its packed tarballs", () => {
  it("npx pcs projects list against pcs sandbox: JSON when piped", async () => {
    const piped = await run("npx", ["--no-install", "pcs", "projects", "list", "--fields", "id,title"], {
      cwd: installed.project,
      env: env(),
    });
    expect(piped.status, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toEqual([
      { id: 48213, title: "Spring 2025 launch campaign" },
      { id: 48377, title: "Retail window displays" },
    ]);
  });

  it("and a table on a terminal", async () => {
    const onTerminal = await run("script", ["-qec", "npx --no-install pcs projects list --fields id,title", "/dev/null"], {
      cwd: installed.project,
      env: env(),
    });
    expect(onTerminal.status, onTerminal.stdout).toBe(0);
    expect(onTerminal.stdout).toMatch(/ID\s+TITLE\r?\n48213\s+Spring 2025 launch campaign/);
  });

  it("`npx pcs sandbox &` then `kill $!`: npx passes the signal to its `sh -c` only, and still nothing is left", async () => {
    const port = await freePort();
    const background = await startServer("npx", ["--no-install", "pcs", "sandbox", "--port", String(port)], {
      cwd: installed.project,
      env: { PATH: process.env.PATH!, HOME: installed.dir },
      ready: new RegExp(`http://127\\.0\\.0\\.1:${port}`),
    });
    const tree = processTree(background.child.pid!);
    expect(commandLines(tree).join("\n")).toMatch(/sh -c/);
    background.child.kill("SIGTERM"); // kill $!
    expect(commandLines(await untilEnded(tree))).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  });

  it("installs small", () => {
    expect(installed.installedBytes).toBeLessThan(5 * 1024 * 1024);
  });
});
