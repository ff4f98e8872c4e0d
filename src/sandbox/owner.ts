// How long a server started from a command line lives: until whoever started it wants it gone. That is
// SIGINT (Ctrl-C) or SIGTERM (`kill`), and for a server started through npm or npx also the end of its
// parent process. `npm run mock` and `npx … pcs sandbox` run the command through `sh -c`; a CI script's
// `kill $!` signals npm, npm passes the SIGTERM on to that shell, and the shell ends without passing it on
// to the server, which would go on holding its port with nobody left to stop it. So under npm the
// server also watches its parent and ends when it is gone. Started any other way (node directly, a
// service manager) the signals reach the server itself, and an orphaned server is one its starter left
// running on purpose. SIGHUP (a closed terminal) keeps its default: the server ends at once, and a Prism
// it started ends with it (scripts/servers/prism-lifeline.cjs).
// Used by `npm run mock`, `npm run sandbox`, `npm run docs`, `npm run contract:proxy` and `pcs sandbox`.
import { readFileSync } from "node:fs";

/** How often the parent is looked for: the longest a server outlives a parent that is gone. */
const PARENT_POLL_MS = 250;

export interface OwnerWatchOptions {
  /** Watch the parent too (default: when started through npm or npx, whose environment says so). */
  watchParent?: boolean;
  /** The process to watch (default: this process's parent). */
  parentPid?: number;
}

/**
 * Resolves, once, with why the server should stop: "SIGINT", "SIGTERM", or "its parent process ended".
 * The listeners are taken at once, so a signal that comes while the server is still starting counts.
 * Each signal is taken once: a second Ctrl-C ends the process at once (what it started ends with it).
 */
export function whenOwnerGone(options: OwnerWatchOptions = {}): Promise<string> {
  const { watchParent = process.env.npm_lifecycle_event !== undefined, parentPid = process.ppid } = options;
  return new Promise((resolve) => {
    const signals = ["SIGINT", "SIGTERM"] as const;
    let timer: NodeJS.Timeout | undefined;
    const done = (why: string) => {
      for (const signal of signals) process.removeListener(signal, onSignal[signal]);
      clearInterval(timer);
      resolve(why);
    };
    const onSignal = { SIGINT: () => done("SIGINT"), SIGTERM: () => done("SIGTERM") };
    for (const signal of signals) process.once(signal, onSignal[signal]);
    if (watchParent && parentPid > 1) {
      timer = setInterval(() => {
        if (!isParent(parentPid)) done("its parent process ended");
      }, PARENT_POLL_MS);
      timer.unref(); // the server's own handles keep the process alive, not this watch
    }
  });
}

/** Whether `pid` is still this process's parent: on Linux, read from /proc (an ended parent that nobody
 * has reaped yet still exists); elsewhere, whether it still runs. */
function isParent(pid: number): boolean {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid; // "pid (name) state ppid …"
  } catch {
    /* no /proc: ask the process itself */
  }
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // it exists, and belongs to someone else
  }
}
