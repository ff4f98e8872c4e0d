// The file `pcs --sandbox` keeps the sandbox's state in, shared by every pcs process of the user (and,
// in a shared folder, perhaps by others). Rules:
// - one writer at a time: a command that changes the state holds `<file>.lock` (created with O_EXCL,
//   holding its process id) from reading the state to writing it back, so 20 concurrent creates keep
//   20 projects; a lock whose process has died is broken, by one breaker at a time (`<file>.lock.break`);
// - written whole under an unpredictable temporary name created with O_EXCL (a file or symbolic link
//   already there is never opened), then renamed over the file (rename replaces a symbolic link, it
//   never writes through one): an interrupted command never leaves half a file;
// - read with O_NOFOLLOW: a symbolic link at the file's path is refused, not followed;
// - a command that only reads never writes it, and takes no lock (a rename is atomic: it reads the
//   state before or after a write, never half of one).
import { randomBytes } from "node:crypto";
import { closeSync, constants, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";

/** How long a command waits for another one's lock before giving up. */
const LOCK_WAIT_MS = 30_000;
/** A breaker holds its lock for the time of two system calls; one this old was left by a killed process. */
const STALE_BREAKER_MS = 10_000;
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

export class StateFileError extends Error {
  override name = "StateFileError";
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

/** The file's text, or undefined when there is none. A symbolic link is refused, not followed. */
export function readState(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    if (codeOf(error) === "ELOOP")
      throw new StateFileError(
        `the sandbox file ${file} is a symbolic link: pcs does not follow one (remove it, or give --sandbox-file another path)`,
      );
    throw new StateFileError(`the sandbox file ${file} cannot be read (${codeOf(error) ?? "error"})`);
  }
  try {
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/** Writes the whole text under a new, unpredictable name beside the file, then renames it over the file. */
export function writeState(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  // "wx": O_CREAT | O_EXCL — fails on anything already at that path, a symbolic link included.
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  try {
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}

/** Removes the file (unlink never follows a symbolic link: it removes the link). */
export function removeState(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (codeOf(error) !== "ENOENT") throw error;
  }
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

/** Creates `path` with O_EXCL holding `text`; false when something is already there. */
function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw new StateFileError(`cannot lock the sandbox file: ${path} cannot be created (${codeOf(error) ?? "error"})`);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function ownerOf(lock: string): Owner | undefined {
  try {
    const owner = JSON.parse(readState(lock) ?? "null");
    return typeof owner?.pid === "number" && typeof owner.host === "string" && typeof owner.token === "string" ? owner : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === "EPERM"; // someone else's process: alive
  }
}

/** Removes the lock if its owner, a process of this machine, has died. One breaker at a time, so a
 * breaker never removes a lock another breaker has just let someone take. */
function breakIfStale(lock: string): void {
  const owner = ownerOf(lock);
  if (!owner || owner.host !== hostname() || isAlive(owner.pid)) return;
  const breaker = `${lock}.break`;
  if (!createExclusive(breaker, String(process.pid))) {
    try {
      if (Date.now() - lstatSync(breaker).mtimeMs > STALE_BREAKER_MS) unlinkSync(breaker);
    } catch {}
    return;
  }
  try {
    // Still the same dead owner (not a lock taken since): only then is it removed.
    if (ownerOf(lock)?.token === owner.token) unlinkSync(lock);
  } finally {
    unlinkSync(breaker);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the file's lock, waiting for another writer to finish first (at most waitMs). */
export async function withStateLock<T>(file: string, work: () => Promise<T> | T, waitMs = LOCK_WAIT_MS): Promise<T> {
  const lock = `${file}.lock`;
  const me: Owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString("hex") };
  const started = Date.now();
  while (!createExclusive(lock, JSON.stringify(me))) {
    breakIfStale(lock);
    if (Date.now() - started > waitMs) {
      const owner = ownerOf(lock);
      throw new StateFileError(
        `the sandbox file ${file} stayed locked for ${Math.round(waitMs / 1000)} s${owner ? ` by process ${owner.pid} on ${owner.host}` : ""}: if no other pcs --sandbox command is running, remove ${lock}`,
      );
    }
    await sleep(5 + Math.random() * 20);
  }
  try {
    return await work();
  } finally {
    // Ours still (a lock is only broken when its process has died): removed.
    if (ownerOf(lock)?.token === me.token) unlinkSync(lock);
  }
}
