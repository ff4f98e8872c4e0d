// Issue 34, items 3, 4 and 11: the state file of `pcs --sandbox`. Twenty concurrent `projects create`
// processes keep twenty projects (one writer at a time), with lists running among them; a command that
// only reads never writes the file; a symbolic link at any path the writer uses is never followed;
// a lock left by a dead process is broken, a live one waited for; --sandbox acts as PCS_API_KEY's user.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/openapi.js";
import { run } from "../../test/support/run.js";
import { readState, StateFileError, withStateLock, writeState } from "../src/state-file.js";
import { pcs } from "./pcs.js";

const PCS = `${repoRoot}cli/bin/pcs.js`;
const root = mkdtempSync(join(tmpdir(), "pcs-state-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => {
  const dir = join(root, `case-${dirs++}`);
  mkdirSync(dir);
  return dir;
};

describe("one writer at a time", () => {
  it("20 concurrent pcs --sandbox projects create keep 20 projects, each with its own id, lists running among them", async () => {
    const home = freshDir();
    const env = { PATH: process.env.PATH!, HOME: home };
    const creates = Array.from({ length: 20 }, (_, i) =>
      run(process.execPath, [PCS, "--sandbox", "projects", "create", "--name", `Concurrent ${i}`], { env }),
    );
    const lists = Array.from({ length: 4 }, () => run(process.execPath, [PCS, "--sandbox", "projects", "list", "--all"], { env }));
    const created = await Promise.all(creates);
    const listed = await Promise.all(lists);
    for (const result of listed) expect([result.status, result.stderr]).toEqual([0, ""]);
    // A create says what it did on stderr, and nothing else.
    for (const result of created) expect([result.status, result.stderr]).toEqual([0, `Created project ${JSON.parse(result.stdout).id}.\n`]);
    const ids = created.map((result) => JSON.parse(result.stdout).id);
    expect(new Set(ids).size).toBe(20);
    const kept = await pcs(["--sandbox-file", join(home, ".pcs-sandbox.json"), "projects", "list", "--all", "--fields", "id,title"]);
    const titles = JSON.parse(kept.out).map((project: { title: string }) => project.title);
    expect(titles.filter((title: string) => title.startsWith("Concurrent ")).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `Concurrent ${i}`).sort(),
    );
    // Nothing left behind: no temporary file, no lock.
    expect(readdirSync(home)).toEqual([".pcs-sandbox.json"]);
  });

  /** This process's place as the lock records it (machine, boot, PID namespace), read here from /proc itself. */
  const here = async () => {
    const { hostname } = await import("node:os");
    const { readlinkSync } = await import("node:fs");
    return `${hostname()} ${readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()} ${readlinkSync("/proc/self/ns/pid")}`;
  };

  it("a lock left by a process of this place that has died is broken; one held by a live process is waited for, then reported", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const host = (await import("node:os")).hostname();
    const dead = await run(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: Number(dead.stdout), host, token: "dead", place: await here() }));
    expect(await withStateLock(file, () => "ran", 2_000)).toBe("ran");
    expect(existsSync(`${file}.lock`)).toBe(false);

    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host, token: "alive", place: await here() }));
    await expect(withStateLock(file, () => "ran", 200)).rejects.toThrow(
      new RegExp(`stayed locked for 0 s by process ${process.pid} .*remove ${file}\\.lock`),
    );
  });

  it("a lock of a process this one cannot see, no longer refreshed (10 s old), is broken", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 4_000_000, host: "a-container", token: "gone", place: "elsewhere" }));
    const past = new Date(Date.now() - 10_000);
    utimesSync(`${file}.lock`, past, past);
    expect(await withStateLock(file, () => "ran", 2_000)).toBe("ran");
  });

  it("issue 42: a holder in another PID namespace (its pid not one this process can see) that still refreshes its lock is waited for: no create is lost", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const lock = `${file}.lock`;
    expect((await pcs(["--sandbox-file", file, "projects", "create", "--name", "Before"])).code).toBe(0);
    // The holder: a pcs of a container sharing the folder and the host name, whose pid does not exist
    // here (another PID namespace), refreshing its lock.
    const host = (await import("node:os")).hostname();
    writeFileSync(lock, JSON.stringify({ pid: 4_000_000, host, token: "theirs", place: `${host} boot pid:[4026532999]` }));
    const refresh = setInterval(() => {
      const now = new Date();
      utimesSync(lock, now, now);
    }, 100);
    let second: Promise<{ code: number; err: string }> | undefined;
    try {
      const base = readState(file)!;
      // Meanwhile a second command creates a project: it must wait for the holder, however long it takes to.
      second = pcs(["--sandbox-file", file, "projects", "create", "--name", "Second"]);
      await new Promise((resolve) => setTimeout(resolve, 600));
      // The holder's own create, on the state it read, written as pcs writes it; then its lock goes.
      const { createSandbox } = await import("../../src/sandbox/index.js");
      const sandbox = createSandbox({ seed: JSON.parse(base) });
      const created = await sandbox.fetch(
        new Request("https://sandbox.invalid/projects.json", {
          method: "POST",
          headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "Holder's" }),
        }),
      );
      expect(created.status).toBe(201);
      writeState(file, JSON.stringify(sandbox.snapshot()));
    } finally {
      clearInterval(refresh);
      rmSync(lock, { force: true });
    }
    const result = await second;
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^Created project \d+\.\n?$/);
    const listed = await pcs(["--sandbox-file", file, "projects", "list", "--all", "--fields", "title"]);
    const titles = JSON.parse(listed.out).map((project: { title: string }) => project.title);
    expect(titles).toEqual(expect.arrayContaining(["Before", "Holder's", "Second"]));
  });

  it("a holder whose lock was taken while it worked, or whose file changed meanwhile, writes nothing and says so", async () => {
    const { SandboxFile } = await import("../src/sandbox.js");
    const create = (sandbox: InstanceType<typeof SandboxFile>, name: string) =>
      sandbox.fetch(
        new Request("https://sandbox.invalid/projects.json", {
          method: "POST",
          headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": "application/json" },
          body: JSON.stringify({ name }),
        }),
      );
    for (const [meanwhile, message] of [
      [
        (file: string) => writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: "h", token: "another" })),
        /was taken by another command/,
      ],
      [(file: string) => writeState(file, "{}"), /was changed by another command meanwhile/],
    ] as const) {
      const file = join(freshDir(), "state.json");
      const sandbox = new SandboxFile(file);
      await expect(
        sandbox.write(async () => {
          await create(sandbox, "Late");
          meanwhile(file);
        }),
      ).rejects.toThrow(message);
      expect(readState(file) ?? "").not.toContain("Late");
    }
  });
});

describe("commands that only read", () => {
  it("never write the file, nor create it", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    expect((await pcs(["--sandbox-file", file, "projects", "list"])).code).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect((await pcs(["--sandbox-file", file, "projects", "create", "--name", "Kept"])).code).toBe(0);
    const before = { text: readFileSync(file, "utf8"), ino: statSync(file).ino, mtimeMs: statSync(file).mtimeMs };
    for (const argv of [
      ["projects", "list", "--all"],
      ["projects", "get", "48213"],
      ["groups", "list"],
      ["api", "GET", "/projects.json"],
    ])
      expect((await pcs(["--sandbox-file", file, ...argv])).code, argv.join(" ")).toBe(0);
    expect({ text: readFileSync(file, "utf8"), ino: statSync(file).ino, mtimeMs: statSync(file).mtimeMs }).toEqual(before);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });
});

describe("symbolic links are never followed", () => {
  const victimIn = (dir: string) => {
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "not yours");
    return victim;
  };

  it("at the state file's path: refused by every command, the file it points to unchanged", async () => {
    const dir = freshDir();
    const victim = victimIn(dir);
    const file = join(dir, "state.json");
    symlinkSync(victim, file);
    for (const argv of [
      ["projects", "list"],
      ["projects", "create", "--name", "X"],
    ]) {
      const result = await pcs(["--sandbox-file", file, ...argv]);
      expect([result.code, result.err]).toEqual([1, expect.stringMatching(/is a symbolic link: pcs does not follow one/)]);
    }
    expect(readFileSync(victim, "utf8")).toBe("not yours");
    // reset removes the link itself, not what it points to.
    expect((await pcs(["sandbox", "reset", "--sandbox-file", file])).code).toBe(0);
    expect([existsSync(file), readFileSync(victim, "utf8")]).toEqual([false, "not yours"]);
  });

  it("at the lock's and the breaker's paths: never opened through (the command waits, then says so)", async () => {
    const dir = freshDir();
    const victim = victimIn(dir);
    const file = join(dir, "state.json");
    symlinkSync(victim, `${file}.lock`);
    await expect(withStateLock(file, () => "ran", 100)).rejects.toThrow(StateFileError);
    rmSync(`${file}.lock`);
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 1, host: (await import("node:os")).hostname(), token: "dead" }));
    symlinkSync(victim, `${file}.lock.break`);
    await expect(withStateLock(file, () => "ran", 100)).rejects.toThrow(StateFileError);
    expect(readFileSync(victim, "utf8")).toBe("not yours");
    expect(lstatSync(`${file}.lock.break`).isSymbolicLink()).toBe(true);
  });

  it("a write replaces a link at the file's path rather than writing through it, under a fresh name of its own", () => {
    const dir = freshDir();
    const victim = victimIn(dir);
    const file = join(dir, "state.json");
    symlinkSync(victim, file);
    writeState(file, "{}");
    expect([readFileSync(victim, "utf8"), lstatSync(file).isSymbolicLink(), readState(file)]).toEqual(["not yours", false, "{}"]);
    expect(readdirSync(dir).sort()).toEqual(["state.json", "victim.txt"]);
  });
});

describe("--sandbox and PCS_API_KEY", () => {
  it("acts as the key's user: a viewer cannot create; an unknown key is told the sandbox's keys; no key is the administrator", async () => {
    const file = join(freshDir(), "state.json");
    const viewer = await pcs(["--sandbox-file", file, "projects", "create", "--name", "Nope"], {
      env: { PCS_API_KEY: "sandbox-viewer-key" },
    });
    expect([viewer.code, viewer.err]).toEqual([1, expect.stringMatching(/^pcs: projects create: 403 Forbidden/)]);
    expect((await pcs(["--sandbox-file", file, "projects", "list"], { env: { PCS_API_KEY: "sandbox-viewer-key" } })).code).toBe(0);
    const stranger = await pcs(["--sandbox-file", file, "groups", "list"], { env: { PCS_API_KEY: "production-key-0000" } });
    expect([stranger.code, stranger.err]).toEqual([
      1,
      expect.stringMatching(/^pcs: groups list: 401 .*the sandbox's keys are sandbox-admin-key/),
    ]);
    expect(stranger.err).not.toContain("production-key-0000");
    expect((await pcs(["--sandbox-file", file, "projects", "create", "--name", "Admin"])).code).toBe(0);
  });
});
