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
export declare function whenOwnerGone(options?: OwnerWatchOptions): Promise<string>;
