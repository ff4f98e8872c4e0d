// The run's own writes against the reads they could change. A check that reads a list's count or pages
// and compares them (paging, the paging equivalence) reads inside `steady`: it waits until no write of
// the run is in flight, and no write of the run starts until it has read. So what it compares is one state
// of the list, whatever order the run's requests land in — never a replay until the numbers agree.
// Readers are preferred: a write waits while a steady reading waits or runs; steady readings run together.
import { AsyncLocalStorage } from "node:async_hooks";

export class WriteGate {
  /** Writes under way; steady readings under way; steady readings waiting for the writes to end. */
  private writing = 0;
  private reading = 0;
  private waitingToRead = 0;
  /** Writes that have ended: the same number at two moments means no write of the run came between. */
  ended = 0;
  private wakers: Array<() => void> = [];
  private readonly insideSteady = new AsyncLocalStorage<true>();

  /** `work` (one write) once no steady reading runs or waits. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    // A write inside a steady reading would wait for that reading to end: it never would.
    if (this.insideSteady.getStore()) throw new Error("a write was sent inside a steady reading (WriteGate.steady)");
    while (this.reading > 0 || this.waitingToRead > 0) await this.changed();
    this.writing++;
    try {
      return await work();
    } finally {
      this.writing--;
      this.ended++;
      this.wake();
    }
  }

  /** `work` (reads only) once no write of the run is in flight; no write starts until it has ended. */
  async steady<T>(work: () => Promise<T>): Promise<T> {
    if (this.insideSteady.getStore()) return work();
    this.waitingToRead++;
    try {
      while (this.writing > 0) await this.changed();
    } finally {
      this.waitingToRead--;
    }
    this.reading++;
    try {
      return await this.insideSteady.run(true, work);
    } finally {
      this.reading--;
      this.wake();
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}
