// One timer for every attempt a client has in flight (issue 49). Each attempt's deadline goes into a
// set, and a single setTimeout waits for the earliest of them: a setTimeout per attempt (its Timeout
// object, its place in Node's timer lists, unref, clearTimeout) was about half of the CPU the client
// added to a request. When the timer fires, every attempt past its deadline is ended and the timer
// waits for the next one; an attempt that ends first just leaves the set. With nothing left in the
// set the timer is stopped, so an idle client holds no timer at all.
/** setTimeout's delay is a signed 32-bit number of ms; beyond it the timer would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export class AttemptDeadlines {
    pending = new Set();
    timer;
    /** When the timer fires (Infinity without one). */
    timerAt = Number.POSITIVE_INFINITY;
    /** Runs `expire` once `ms` have passed, unless `remove` is given the returned deadline first. */
    add(ms, expire) {
        const now = Date.now();
        const deadline = { at: now + ms, expire };
        this.pending.add(deadline);
        // Only an earlier deadline moves the timer — or a timer that should have fired by now and has not
        // (one set under another clock, such as a test's fake timers), which is set again to fire at once.
        if (this.timerAt < now)
            this.schedule(this.timerAt, now);
        else if (deadline.at < this.timerAt)
            this.schedule(deadline.at, now);
        return deadline;
    }
    remove(deadline) {
        if (this.pending.delete(deadline) && this.pending.size === 0)
            this.stop();
    }
    schedule(at, now) {
        clearTimeout(this.timer);
        this.timerAt = at;
        this.timer = setTimeout(this.fire, Math.min(Math.max(0, at - now), MAX_TIMER_MS));
        // Bodies are guarded too, so a deadline may outlive every call: never let it keep Node alive. (A
        // browser's setTimeout returns a number, without unref.)
        this.timer.unref?.();
    }
    stop() {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
    }
    fire = () => {
        // The deadline the timer was set for has come, whatever Date.now() says (a clock set back, or a
        // test's fake clock that timers do not follow): it and every earlier one end now.
        const now = Math.max(Date.now(), this.timerAt);
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        const expired = [];
        let next = Number.POSITIVE_INFINITY;
        for (const deadline of this.pending) {
            if (deadline.at <= now)
                expired.push(deadline);
            else if (deadline.at < next)
                next = deadline.at;
        }
        for (const deadline of expired)
            this.pending.delete(deadline);
        // The timer is set again before any attempt ends: what an abort runs may add a deadline.
        if (next !== Number.POSITIVE_INFINITY)
            this.schedule(next, now);
        for (const deadline of expired)
            deadline.expire();
    };
}
