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
    for (const result of [...created, ...listed]) expect([result.status, result.stderr]).toEqual([0, ""]);
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

  it("a lock left by a process that has died is broken; one held by a live process is waited for, then reported", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const dead = await run(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: Number(dead.stdout), host: (await import("node:os")).hostname(), token: "dead" }));
    expect(await withStateLock(file, () => "ran", 2_000)).toBe("ran");
    expect(existsSync(`${file}.lock`)).toBe(false);

    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname(), token: "alive" }));
    await expect(withStateLock(file, () => "ran", 200)).rejects.toThrow(
      new RegExp(`stayed locked for 0 s by process ${process.pid} .*remove ${file}\\.lock`),
    );
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
