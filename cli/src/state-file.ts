// The file `pcs --sandbox` keeps the sandbox's state in, shared by every pcs process of the user (and,
// in a shared folder, perhaps by others). Rules:
// - one writer at a time: a command that changes the state holds `<file>.lock` (created with O_EXCL,
//   holding a random token, its process id and where that id means something) from reading the state to
//   writing it back, refreshing it every HEARTBEAT_MS, so 20 concurrent creates keep 20 projects. A lock
//   is broken, by one breaker at a time (`<file>.lock.break`), when its holder is a process of this
//   place that has died, or has not refreshed it for STALE_LOCK_MS — never only because its process id
//   is not one this process can see (a holder in a container sharing the folder: kernel file locks would
//   be the other road, and Node.js has none without a native addon);
// - before the new state is renamed into place, the writer checks that the lock still holds its token and
//   that the file is still the state it read (compare and swap): a writer that was stopped long enough
//   for its lock to be broken writes nothing, and says so, rather than an older state over a newer one;
// - written whole under an unpredictable temporary name created with O_EXCL (a file or symbolic link
//   already there is never opened), then renamed over the file (rename replaces a symbolic link, it
//   never writes through one): an interrupted command never leaves half a file;
// - read with O_NOFOLLOW: a symbolic link at the file's path is refused, not followed;
// - a command that only reads never writes it, and takes no lock (a rename is atomic: it reads the
//   state before or after a write, never half of one).
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  futimesSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";

/** How long a command waits for another one's lock before giving up. */
const LOCK_WAIT_MS = 30_000;
/** A breaker holds its lock for the time of two system calls; one this old was left by a killed process. */
const STALE_BREAKER_MS = 10_000;
/** How often a holder refreshes its lock, and how long one may go unrefreshed before it is taken for gone. */
const HEARTBEAT_MS = 500;
const STALE_LOCK_MS = 5_000;
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

/** Writes the whole text under a new, unpredictable name beside the file, then renames it over the file
 * (`beforeRename` may refuse, by throwing, at the last moment: the lock is gone, or the file changed). */
export function writeState(file: string, text: string, beforeRename: () => void = () => {}): void {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  // "wx": O_CREAT | O_EXCL — fails on anything already at that path, a symbolic link included.
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  try {
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    beforeRename();
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

/** Where a process runs, as far as its process id means anything: the machine, its boot, and (on Linux)
 * the PID namespace. Two processes in one place see the same process ids; a container sharing the home
 * folder is another place, whose ids this process cannot check ("" when the system does not say). */
function placeOfThisProcess(): string {
  const read = (how: () => string) => {
    try {
      return how().trim();
    } catch {
      return "";
    }
  };
  const boot = read(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8"));
  const namespace = read(() => readlinkSync("/proc/self/ns/pid"));
  return boot && namespace ? `${hostname()} ${boot} ${namespace}` : "";
}
const HERE = placeOfThisProcess();

interface Owner {
  pid: number;
  host: string;
  token: string;
  /** placeOfThisProcess() of the owner: its pid can be checked only from the same place. */
  place?: string;
}

/** Creates `path` with O_EXCL holding `text`; its descriptor, or undefined when something is already there. */
function createExclusive(path: string, text: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  } catch (error) {
    if (codeOf(error) === "EEXIST") return undefined;
    throw new StateFileError(`cannot lock the sandbox file: ${path} cannot be created (${codeOf(error) ?? "error"})`);
  }
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
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

/** Milliseconds since the lock's holder last said it is there (the lock's modification time), or
 * undefined when there is no lock. */
function silentFor(lock: string): number | undefined {
  try {
    return Date.now() - lstatSync(lock).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock may be broken. Its holder refreshes it every HEARTBEAT_MS; a process id says
 * something only to a process in the same place (placeOfThisProcess: a container sharing the folder
 * has ids this one cannot see, and one it cannot see is not dead for that). So: a holder of this place
 * whose process has died — at once; any other holder — once it has not refreshed the lock for
 * STALE_LOCK_MS, unless it is of this place and alive (stopped in a debugger, say: waited for).
 */
function mayBreak(owner: Owner | undefined, silent: number): boolean {
  const checkable = owner !== undefined && HERE !== "" && owner.place === HERE;
  if (checkable && !isAlive(owner.pid)) return true;
  return silent >= STALE_LOCK_MS && !(checkable && isAlive(owner.pid));
}

/** Removes the lock if it may be broken (mayBreak). One breaker at a time, so a breaker never removes a
 * lock another breaker has just let someone take. */
function breakIfStale(lock: string): void {
  const owner = ownerOf(lock);
  const silent = silentFor(lock);
  if (silent === undefined || !mayBreak(owner, silent)) return;
  const breaker = `${lock}.break`;
  const fd = createExclusive(breaker, String(process.pid));
  if (fd === undefined) {
    try {
      if (Date.now() - lstatSync(breaker).mtimeMs > STALE_BREAKER_MS) unlinkSync(breaker);
    } catch {}
    return;
  }
  closeSync(fd);
  try {
    // Still the same holder, still to be broken (not a lock taken or refreshed since): only then removed.
    const again = silentFor(lock);
    if (ownerOf(lock)?.token === owner?.token && again !== undefined && mayBreak(owner, again)) unlinkSync(lock);
  } finally {
    unlinkSync(breaker);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the work under a lock is given: whether the lock is still its own, to ask before it writes. */
export interface HeldLock {
  /** Throws StateFileError unless the lock is still this holder's (not broken and taken by another). */
  assertHeld(): void;
}

/** Runs `work` holding the file's lock, waiting for another writer to finish first (at most waitMs).
 * While it runs, the lock is refreshed every HEARTBEAT_MS, so no one breaks it for a dead one. */
export async function withStateLock<T>(file: string, work: (lock: HeldLock) => Promise<T> | T, waitMs = LOCK_WAIT_MS): Promise<T> {
  const lock = `${file}.lock`;
  const me: Owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString("hex"), place: HERE };
  const started = Date.now();
  let fd: number | undefined;
  while ((fd = createExclusive(lock, JSON.stringify(me))) === undefined) {
    breakIfStale(lock);
    if (Date.now() - started > waitMs) {
      const owner = ownerOf(lock);
      throw new StateFileError(
        `the sandbox file ${file} stayed locked for ${Math.round(waitMs / 1000)} s${owner ? ` by process ${owner.pid} on ${owner.host}` : ""}: if no other pcs --sandbox command is running, remove ${lock}`,
      );
    }
    await sleep(5 + Math.random() * 20);
  }
  const held = fd;
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      futimesSync(held, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const ours = () => ownerOf(lock)?.token === me.token;
  try {
    return await work({
      assertHeld: () => {
        if (!ours())
          throw new StateFileError(
            `the lock of the sandbox file ${file} was taken by another command while this one worked (it had not been refreshed for ${STALE_LOCK_MS / 1000} s): nothing was written; run the command again`,
          );
      },
    });
  } finally {
    clearInterval(heartbeat);
    closeSync(held);
    // Ours still (a lock is broken only when its holder is gone or silent): removed.
    if (ours()) unlinkSync(lock);
  }
}
