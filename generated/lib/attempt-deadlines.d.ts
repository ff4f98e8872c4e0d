/** setTimeout's delay is a signed 32-bit number of ms; beyond it the timer would fire at once. */
export declare const MAX_TIMER_MS: number;
export interface Deadline {
    /** Date.now() time at which `expire` runs. */
    readonly at: number;
    readonly expire: () => void;
}
export declare class AttemptDeadlines {
    private readonly pending;
    private timer;
    /** When the timer fires (Infinity without one). */
    private timerAt;
    /** Runs `expire` once `ms` have passed, unless `remove` is given the returned deadline first. */
    add(ms: number, expire: () => void): Deadline;
    remove(deadline: Deadline): void;
    private schedule;
    private stop;
    private readonly fire;
}
