// The one place every request of a run passes, so that no check can forget a rule:
//   - the read-only guard: a server that is not disposable gets only GET, HEAD and OPTIONS unless the
//     user opted in to writes;
//   - politeness: at most `rate` requests a second and `concurrency` at once; 429 and 503 (and, for
//     reads, 502 and 504) are retried after Retry-After (bounded) or a short backoff, and while the
//     server has said to wait, nothing is sent; a request whose every attempt was refused so is a
//     BusyError, which the runner reports as "not checked: the server was busy", never a failure;
//   - bounds: each attempt, from connect to the last byte of its body, ends at `timeoutMs` or at the
//     run's deadline, whichever comes first, whatever the server does (silent, trickling headers or
//     body): a timer this transport holds aborts the request, which destroys its connection
//     (network.ts: nothing a server holds open keeps the process alive), and cancels the body's reader;
//     a largest body (the rest unread);
//   - secrets: each header value is told to the redaction before it is sent (redact.ts learns what
//     holds a key);
//   - a record of every exchange (for the failure's curl line, the JSON report and the HAR file), each
//     body's start copied, within a budget for the whole run.
import { AsyncLocalStorage } from "node:async_hooks";
import { READ_ONLY_METHODS } from "@project-collaboration/api";
import { decodeStart } from "./excerpt.js";
import { type Answer, Network } from "./network.js";
import type { Redact } from "./redact.js";
import { WriteGate } from "./write-gate.js";

export { READ_ONLY_METHODS };

export class WriteRefusedError extends Error {
  override name = "WriteRefusedError";
}
/** The server answered 429/503 (or a gateway error to a read) to every attempt. */
export class BusyError extends Error {
  override name = "BusyError";
}
/** Why a check did not end when the run reached its time limit: the reason it is not checked with. */
export const REACHED_MAX_TIME = "the run reached its time limit (--max-time)";

/** The run reached its total time limit (--max-time) before or during this request. */
export class DeadlineError extends Error {
  override name = "DeadlineError";
}
/** A check's request not sent because the checks had ended (at the deadline, or before the clean-up):
 * it reached no server. */
export class ChecksClosedError extends DeadlineError {
  override name = "ChecksClosedError";
}
/** The server did not finish answering (headers and body) within --timeout. */
export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
}
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** What a run keeps to; printed in its first line. */
export interface Limits {
  /** Requests a second, at most (spaced evenly). */
  rate: number;
  /** Requests under way at once, at most. */
  concurrency: number;
  /** Per attempt, from connect to the last byte of the body, in ms. */
  timeoutMs: number;
  /** The largest response body read, in bytes. */
  maxBodyBytes: number;
  /** Attempts after the first, for 429/503. */
  retries: number;
  /** The longest Retry-After honoured, in ms: a longer one ends the request as busy. */
  maxRetryAfterMs: number;
  /** The whole run, in ms. */
  maxTimeMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  rate: 25,
  concurrency: 4,
  timeoutMs: 15_000,
  maxBodyBytes: 16 * 1024 * 1024,
  retries: 5,
  maxRetryAfterMs: 60_000,
  maxTimeMs: 10 * 60_000,
};

export interface TransportOptions extends Omit<Limits, "maxTimeMs"> {
  /** When the run must end (a Date.now() value). */
  deadline: number;
  /** Writes may be sent (the user opted in, or the target is disposable). */
  mayWrite: boolean;
  /** Named in the guard's refusal. */
  targetName: string;
  redact: Redact;
  fetch?: (request: Request) => Promise<Response>;
  /** Called with each answer as it arrived, its whole body (the wire check, checks/wire.ts). */
  inspect?: (exchange: Exchange, body: Uint8Array) => void;
}

export interface Exchange {
  id: number;
  started: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  /** The start of the body as text (a copy: see RECORDED_BYTES); `size` is the whole body's. */
  responseText: string;
  /** The body's size in bytes. */
  size: number;
  attempts: number;
  ms: number;
}

/** The check a request is made for (set by the runner), so its exchanges can be shown with it. */
export const currentCheck = new AsyncLocalStorage<{ exchanges: Exchange[] }>();

/** How much of each body the record keeps while the run's budget lasts, and after it. */
const RECORDED_BYTES = 64 * 1024;
const RECORDED_BYTES_PAST_BUDGET = 2 * 1024;
/** What the records of a run keep of bodies in all, at most (about 512 exchanges of full excerpts). */
const RECORDED_BUDGET = 32 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After value asks for (seconds or an HTTP date), undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** An answer as received: its body read whole (up to maxBodyBytes). */
interface Received {
  status: number;
  statusText: string;
  headers: Headers;
  bytes: Buffer;
}

export class Transport {
  readonly exchanges: Exchange[] = [];
  /** Requests sent (attempts included). */
  sent = 0;
  /** Attempts answered 429/503 and retried. */
  retried = 0;
  /** Attempts that ended at --timeout. */
  timedOut = 0;
  private readonly options: TransportOptions;
  private deadline: number;
  /** Once the checks are over (finished or stopped at the deadline), a request made for a check is refused. */
  private checksClosed = false;
  private nextSlot = 0;
  private pausedUntil = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private nextId = 1;
  private recordedBytes = 0;
  /** The run's writes kept apart from its steady readings. */
  private readonly gate = new WriteGate();
  /** The run's connections to the server (a server in this process is reached through options.fetch). */
  private readonly network = new Network();
  /** Requests of the run under way (waiting for the gate or a slot, or sent), and who waits for none. */
  private underWay = 0;
  private settledWaiters: Array<() => void> = [];

  constructor(options: TransportOptions) {
    this.options = options;
    this.deadline = options.deadline;
  }

  get mayWrite(): boolean {
    return this.options.mayWrite;
  }

  /** The deadline has passed. */
  get pastDeadline(): boolean {
    return Date.now() >= this.deadline;
  }

  /** Ends the checks' requests for good, and gives what follows (the clean-up, outside any check)
   * `graceMs` past the run's deadline, or past now if the checks ended earlier. */
  closeChecks(graceMs: number): void {
    this.checksClosed = true;
    this.deadline = Math.max(this.deadline, Date.now()) + graceMs;
  }

  /** Throws WriteRefusedError for a method that can change data when writes are not allowed. */
  assertMaySend(method: string, url: string): void {
    if (READ_ONLY_METHODS.has(method.toUpperCase()) || this.options.mayWrite) return;
    throw new WriteRefusedError(
      `read-only mode: ${method.toUpperCase()} ${this.options.redact(url)} was not sent — ${this.options.targetName} is not disposable and writes were not allowed (--allow-writes)`,
    );
  }

  /** fetch for the package's client and for raw requests: guarded, paced, retried, bounded, recorded.
   * `retry: false` sends once (a check that asks the mock for a 429 must see it). */
  async fetch(request: Request, options: { retry?: boolean } = {}): Promise<Response> {
    this.assertMaySend(request.method, request.url);
    this.underWay++;
    try {
      if (READ_ONLY_METHODS.has(request.method.toUpperCase())) return await this.exchange(request, options);
      return await this.gate.write(() => this.exchange(request, options));
    } finally {
      if (--this.underWay === 0) for (const wake of this.settledWaiters.splice(0)) wake();
    }
  }

  /** Once no request of the run is under way: each ends by the deadline at the latest (its attempt's
   * timer, the pace's and the gate's waits all end there). A check can end before its own requests do
   * (three creates at once, one failing first): the clean-up looks for what the run made only after the
   * last of them has landed, or a project made after its look would be left behind. */
  settled(): Promise<void> {
    if (this.underWay === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.settledWaiters.push(resolve));
  }

  /** `work` (reads only) where no write of the run is in flight, none starting until it ends (write-gate.ts). */
  steady<T>(work: () => Promise<T>): Promise<T> {
    return this.gate.steady(work);
  }

  /** Writes of the run ended so far: equal at two moments, no write of the run came between them. */
  get writesEnded(): number {
    return this.gate.ended;
  }

  private async exchange(request: Request, { retry = true }: { retry?: boolean }): Promise<Response> {
    if (this.checksClosed && currentCheck.getStore()) throw new ChecksClosedError(REACHED_MAX_TIME);
    // Every header, not the Authorization header alone: a check may send the key in any of them.
    if (this.options.redact.learn) request.headers.forEach((value) => this.options.redact.learn!(value));
    const body = request.body ? await request.text() : undefined;
    const read = READ_ONLY_METHODS.has(request.method.toUpperCase());
    const started = Date.now();
    let attempts = 0;
    for (;;) {
      attempts++;
      const received = await this.attempt(request, body);
      const busy = received.status === 429 || received.status === 503 || (read && (received.status === 502 || received.status === 504));
      if (!busy || !retry) return this.keep(request, body, received, attempts, started);
      const asked = retryAfterMs(received.headers.get("retry-after"));
      const wait = asked ?? Math.min(4000, 250 * 2 ** (attempts - 1));
      if (attempts > this.options.retries || (asked !== undefined && asked > this.options.maxRetryAfterMs)) {
        this.keep(request, body, received, attempts, started);
        throw new BusyError(
          `the server was busy: ${request.method} ${this.options.redact(request.url)} answered ${received.status} to ${attempts} attempt${attempts > 1 ? "s" : ""}${asked !== undefined ? ` (Retry-After ${Math.round(asked / 1000)} s)` : ""}`,
        );
      }
      if (Date.now() + wait >= this.deadline) {
        this.keep(request, body, received, attempts, started);
        throw new DeadlineError(`the server asked to wait ${Math.round(wait / 1000)} s, past the run's time limit (--max-time)`);
      }
      this.retried++;
      // While the server has said to wait, nothing is sent by anyone.
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
    }
  }

  private async attempt(request: Request, body: string | undefined): Promise<Received> {
    await this.slot();
    try {
      // A check's request still waiting for its place when the checks closed is not sent at all.
      if (this.checksClosed && currentCheck.getStore()) throw new ChecksClosedError(REACHED_MAX_TIME);
      const now = Date.now();
      if (now >= this.deadline) throw new DeadlineError(`${REACHED_MAX_TIME} before this request`);
      this.sent++;
      // One timer, held here until the last byte is read: it aborts the request — which destroys it and
      // its connection (network.ts: not through fetch, whose abort is lost once the collector has run) —
      // and ends the body's read.
      const byDeadline = this.deadline - now < this.options.timeoutMs;
      const controller = new AbortController();
      let expire!: (error: Error) => void;
      const expired = new Promise<never>((_, reject) => (expire = reject));
      expired.catch(() => {});
      const timer = setTimeout(
        () => {
          const error = byDeadline
            ? new DeadlineError(`${REACHED_MAX_TIME} during this request`)
            : new RequestTimeoutError(
                `the server did not finish answering ${request.method} ${this.options.redact(request.url)} within ${this.options.timeoutMs / 1000} s (--timeout)`,
              );
          if (!byDeadline) this.timedOut++;
          controller.abort(error);
          expire(error);
        },
        Math.min(this.options.timeoutMs, this.deadline - now),
      );
      try {
        const { method, url, headers } = request;
        const answer = this.options.fetch
          ? this.options.fetch(new Request(url, { method, headers, body, redirect: "manual", signal: controller.signal }))
          : this.network.send({ method, url, headers, body, signal: controller.signal });
        return await this.bounded(await Promise.race([answer, expired]), expired);
      } catch (error) {
        controller.abort(error); // whatever ended it early, the connection goes too
        throw error;
      } finally {
        clearTimeout(timer);
      }
    } finally {
      this.release();
    }
  }

  /** Waits for a free place, the pace and any pause the server asked for; never past the deadline. */
  private async slot(): Promise<void> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      for (;;) {
        const now = Date.now();
        const at = Math.max(this.nextSlot, this.pausedUntil);
        if (at >= this.deadline) throw new DeadlineError(`${REACHED_MAX_TIME} before this request`);
        // A timer waits a millisecond at least: a place due within this one is taken now (else, past
        // 1,000 a second, writes sent at once never are).
        if (at < now + 1) break;
        await sleep(at - now);
      }
    } catch (error) {
      this.release();
      throw error;
    }
    this.nextSlot = Math.max(Date.now(), this.nextSlot) + 1000 / this.options.rate;
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }

  /** The response with its body read, at most maxBodyBytes of it, each read bounded by `expired`. */
  private async bounded(response: Answer, expired: Promise<never>): Promise<Received> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      while (reader) {
        const { done, value } = await Promise.race([reader.read(), expired]);
        if (done) break;
        size += value.byteLength;
        if (size > this.options.maxBodyBytes)
          throw new BodyTooLargeError(
            `the server answered ${response.status} with a body larger than ${this.options.maxBodyBytes} bytes (the rest was not read)`,
          );
        chunks.push(value);
      }
    } catch (error) {
      reader?.cancel().catch(() => {});
      throw error;
    }
    return { status: response.status, statusText: response.statusText, headers: response.headers, bytes: Buffer.concat(chunks) };
  }

  private keep(request: Request, body: string | undefined, received: Received, attempts: number, started: number): Response {
    const budget = this.recordedBytes < RECORDED_BUDGET ? RECORDED_BYTES : RECORDED_BYTES_PAST_BUDGET;
    const responseText = decodeStart(received.bytes, budget);
    this.recordedBytes += Math.min(received.bytes.byteLength, budget);
    const exchange: Exchange = {
      id: this.nextId++,
      started: new Date(started).toISOString(),
      method: request.method.toUpperCase(),
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      ...(body !== undefined && { requestBody: body }),
      status: received.status,
      statusText: received.statusText,
      responseHeaders: Object.fromEntries(received.headers),
      responseText,
      size: received.bytes.byteLength,
      attempts,
      ms: Date.now() - started,
    };
    this.exchanges.push(exchange);
    currentCheck.getStore()?.exchanges.push(exchange);
    this.options.inspect?.(exchange, received.bytes);
    const nullBody = received.status === 204 || received.status === 304 || received.status < 200;
    let copy: Response;
    try {
      const { buffer, byteOffset, byteLength } = received.bytes;
      copy = new Response(nullBody ? null : new Uint8Array(buffer as ArrayBuffer, byteOffset, byteLength), {
        status: received.status,
        statusText: received.statusText,
        headers: received.headers,
      });
    } catch {
      throw new Error(
        `the server answered ${request.method} ${this.options.redact(request.url)} with status ${received.status}, which is not an HTTP status`,
      );
    }
    Object.defineProperty(copy, "url", { value: request.url });
    return copy;
  }
}
